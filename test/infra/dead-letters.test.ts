import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEAD_LETTER_RETENTION } from '../../infra/constructs/dead-letters';
import { contractById, type Synthesized, synthPortal, unacknowledgedViolations } from './helpers';

/**
 * Nothing asynchronous is dropped: every schedule and EventBridge rule that invokes a function names a dead-letter
 * queue for what it cannot deliver, and every function invoked that way keeps the runs that failed after Lambda's
 * retries in one (its EventInvokeConfig's on-failure destination). The queues are encrypted, TLS only, kept 14 days.
 */
let synthesized: Synthesized;
let jobs: Template;
type Resource = { Type: string; Properties: Record<string, unknown> };
let resources: Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const queueIdOf = (arn: unknown) => (arn as { 'Fn::GetAtt'?: [string, string] } | undefined)?.['Fn::GetAtt']?.[0] ?? '';

beforeAll(() => {
  synthesized = synthPortal({ contracts: [contractById('getUserInfo')], skipBundling: true, builtinValidation: false });
  jobs = Template.fromStack(synthesized.stacks.jobs);
  resources = jobs.toJSON().Resources;
});

describe('dead letters of the jobs', () => {
  it('every schedule and rule target has a dead-letter queue of the stack', () => {
    const schedules = ofType('AWS::Scheduler::Schedule');
    // The indicators refresh, the sweeper, the digest, the health probe and the two request jobs.
    expect(schedules.length).toBe(6);
    for (const [, schedule] of schedules) {
      const target = schedule.Properties.Target as { DeadLetterConfig?: { Arn: unknown } };
      expect(resources[queueIdOf(target.DeadLetterConfig?.Arn)]?.Type).toBe('AWS::SQS::Queue');
    }
    const rules = ofType('AWS::Events::Rule');
    expect(rules.length).toBeGreaterThan(0);
    for (const [, rule] of rules) {
      for (const target of rule.Properties.Targets as Array<{ DeadLetterConfig?: { Arn: unknown } }>)
        expect(resources[queueIdOf(target.DeadLetterConfig?.Arn)]?.Type).toBe('AWS::SQS::Queue');
    }
  });

  it('every function invoked by a schedule or a rule keeps its failed runs in a queue', () => {
    const invoked = new Set(
      [...ofType('AWS::Scheduler::Schedule'), ...ofType('AWS::Events::Rule')].flatMap(([, r]) => {
        const targets = (r.Properties.Target ? [r.Properties.Target] : r.Properties.Targets) as Array<{
          Arn: { 'Fn::GetAtt': [string, string] };
        }>;
        return targets.map((t) => t.Arn['Fn::GetAtt'][0]);
      }),
    );
    expect(invoked.size).toBe(7);
    // And the SES events handler, which SNS invokes asynchronously.
    const sesEvents = ofType('AWS::SNS::Subscription').map(
      ([, s]) => (s.Properties.Endpoint as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0],
    );
    expect(sesEvents).toHaveLength(1);
    for (const fn of sesEvents) invoked.add(fn);
    const configs = ofType('AWS::Lambda::EventInvokeConfig').map(([, c]) => c.Properties);
    for (const fn of invoked) {
      const config = configs.find((c) => (c.FunctionName as { Ref: string }).Ref === fn);
      const destination = (config?.DestinationConfig as { OnFailure?: { Destination: unknown } } | undefined)
        ?.OnFailure;
      expect(resources[queueIdOf(destination?.Destination)]?.Type, fn).toBe('AWS::SQS::Queue');
    }
  });

  it('the queues are encrypted, TLS only and keep messages 14 days', () => {
    const queues = ofType('AWS::SQS::Queue');
    expect(queues.length).toBeGreaterThanOrEqual(4);
    for (const [id, queue] of queues) {
      expect(queue.Properties.SqsManagedSseEnabled, id).toBe(true);
      expect(queue.Properties.MessageRetentionPeriod, id).toBe(DEAD_LETTER_RETENTION.toSeconds());
      const policies = ofType('AWS::SQS::QueuePolicy').filter(([, p]) =>
        JSON.stringify(p.Properties.Queues).includes(id),
      );
      expect(JSON.stringify(policies), id).toContain('aws:SecureTransport');
    }
  });

  it('leaves no unacknowledged cdk-nag finding', () => {
    expect(unacknowledgedViolations(synthesized.outdir)).toEqual([]);
  });
});
