import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { INDICATORS_SCHEDULE } from '../../infra/constructs/indicators-schedule';
import { getHealth } from '../../shared/contracts/health';
import { type Synthesized, synthPortal, unacknowledgedViolations } from './helpers';

/**
 * The daily indicators job, EventBridge Scheduler → Lambda, with least privilege. A one-contract portal keeps
 * the synth small; the schedule does not depend on the contract table.
 */
const synthWith = (context: Record<string, unknown>) =>
  synthPortal({ contracts: [getHealth], skipBundling: true, builtinValidation: false, context });

let mindicador: Synthesized;
let jobs: Template;

beforeAll(() => {
  mindicador = synthWith({});
  jobs = Template.fromStack(mindicador.stacks.jobs);
});

/** The inline policy statements of the job function's role, resolved. */
function jobRoleStatements(template: Template): Array<Record<string, unknown>> {
  const roles = template.findResources('AWS::IAM::Role', {
    Properties: {
      // The jobs stack holds other job functions too (the ledger import worker): this one's role by name.
      Description: Match.stringLikeRegexp('scheduled indicators job'),
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [Match.objectLike({ Principal: { Service: 'lambda.amazonaws.com' } })],
      }),
    },
  });
  const [role] = Object.values(roles) as Array<{
    Properties: { Policies: Array<{ PolicyDocument: { Statement: Array<Record<string, unknown>> } }> };
  }>;
  return role?.Properties.Policies.flatMap((policy) => policy.PolicyDocument.Statement) ?? [];
}

describe('indicators schedule', () => {
  it('runs daily in Chilean time and invokes the refresh function, with retries', () => {
    // The jobs stack also holds the garbage sweeper's schedule (sweeper-schedule.test.ts): this one by its description.
    const daily = jobs.findResources('AWS::Scheduler::Schedule', {
      Properties: { Description: Match.stringLikeRegexp('currency indicators') },
    });
    expect(Object.keys(daily)).toHaveLength(1);
    jobs.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: `cron(${INDICATORS_SCHEDULE.minute} ${INDICATORS_SCHEDULE.hour} * * ? *)`,
      ScheduleExpressionTimezone: 'America/Santiago',
      State: 'ENABLED',
      Target: Match.objectLike({ RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 } }),
    });
    jobs.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Environment: { Variables: Match.objectLike({ INDICATORS_PROVIDER: 'mindicador' }) },
    });
  });

  it('names the refresh function in an output, for the first run by hand after deploying', () => {
    const [fnId] = Object.keys(
      jobs.findResources('AWS::Lambda::Function', {
        Properties: { Environment: { Variables: Match.objectLike({ INDICATORS_PROVIDER: 'mindicador' }) } },
      }),
    );
    jobs.hasOutput('IndicatorsFunctionName', { Value: { Ref: fnId } });
  });

  it('lets the function only write and query INDICATOR# items and its logs (no SSM without CMF)', () => {
    const statements = jobRoleStatements(jobs);
    expect(statements.map((s) => s.Sid)).toEqual(['Logs', 'IndicatorWrites', 'IndicatorReads']);
    // The query is the latest dólar's, for the staleness the run reports.
    const reads = statements.find((s) => s.Sid === 'IndicatorReads');
    expect(reads?.Action).toBe('dynamodb:Query');
    expect(reads?.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['INDICATOR#*'] } });
    const writes = statements.find((s) => s.Sid === 'IndicatorWrites');
    expect(writes?.Action).toEqual(['dynamodb:BatchWriteItem', 'dynamodb:PutItem']);
    expect(writes?.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['INDICATOR#*'] },
    });
  });

  it('lets Scheduler only invoke that function', () => {
    // The Scheduler's role, by the service that assumes it: the stack's other jobs (the mail queue's worker) have
    // policies of their own.
    const schedulerRoles = Object.keys(
      jobs.findResources('AWS::IAM::Role', {
        Properties: {
          AssumeRolePolicyDocument: Match.objectLike({
            Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })],
          }),
        },
      }),
    );
    // One per schedule: the indicators, the garbage sweeper (sweeper-schedule.test.ts), the document digest
    // (digest-schedule.test.ts), the health probe (health-probe.test.ts) and the two request jobs
    // (request-jobs.test.ts); each may only invoke.
    expect(schedulerRoles).toHaveLength(6);
    const policies = Object.values(jobs.findResources('AWS::IAM::Policy')) as Array<{
      Properties: { Roles: Array<{ Ref?: string }>; PolicyDocument: { Statement: Array<{ Action: unknown }> } };
    }>;
    const ofScheduler = policies.filter((p) => p.Properties.Roles.some((r) => schedulerRoles.includes(r.Ref ?? '')));
    const actions = ofScheduler.flatMap((p) => p.Properties.PolicyDocument.Statement.map((s) => s.Action));
    // Invoking, and sending an undeliverable invocation to the job's dead-letter queue.
    expect(
      actions.flat().every((action) => ['lambda:InvokeFunction', 'sqs:SendMessage'].includes(String(action))),
    ).toBe(true);
    expect(actions.flat()).toContain('lambda:InvokeFunction');
  });

  it('with CMF, reads exactly the key parameter, named by context', () => {
    const cmf = synthWith({ indicatorsProvider: 'cmf', cmfKeyParameter: '/portal/cmf-api-key' });
    const template = Template.fromStack(cmf.stacks.jobs);
    const key = jobRoleStatements(template).find((s) => s.Sid === 'CmfKey');
    expect(key?.Action).toBe('ssm:GetParameter');
    expect(JSON.stringify(key?.Resource)).toContain(':parameter/portal/cmf-api-key');
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          INDICATORS_PROVIDER: 'cmf',
          INDICATORS_CMF_KEY_PARAMETER: '/portal/cmf-api-key',
        }),
      },
    });
  });

  it('refuses an unknown provider, and CMF without its key parameter', () => {
    expect(() => synthWith({ indicatorsProvider: 'bcentral' })).toThrow(/indicatorsProvider must be one of/);
    expect(() => synthWith({ indicatorsProvider: 'cmf' })).toThrow(/cmfKeyParameter/);
  });

  it('leaves no unacknowledged cdk-nag finding', () => {
    expect(unacknowledgedViolations(mindicador.outdir)).toEqual([]);
  });
});
