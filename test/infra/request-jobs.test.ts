import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_JOBS_TIMEOUT } from '../../infra/constructs/request-jobs';
import { getHealth } from '../../shared/contracts/health';
import { type Statement, type Synthesized, synthPortal, unacknowledgedViolations } from './helpers';

/**
 * The document requests' daily jobs (functions/requests/generate-recurring-requests.ts and send-request-reminders.ts):
 * Scheduler → Lambda jobs every morning in Chile, each run given the time Scheduler planned it for, each role exactly
 * its permissions (infra/permissions.ts). A one-contract portal keeps the synth small.
 */
let synth: Synthesized;
let jobs: Template;

beforeAll(() => {
  synth = synthPortal({
    contracts: [getHealth],
    skipBundling: true,
    builtinValidation: false,
    context: { senderEmail: 'no-reply@estudio.cl' },
  });
  jobs = Template.fromStack(synth.stacks.jobs);
});

function statementsOf(description: RegExp): Statement[] {
  const roles = jobs.findResources('AWS::IAM::Role', {
    Properties: { Description: Match.stringLikeRegexp(description.source) },
  });
  expect(Object.keys(roles)).toHaveLength(1);
  const [role] = Object.values(roles) as Array<{
    Properties: { Policies: Array<{ PolicyDocument: { Statement: Statement[] } }> };
  }>;
  return role?.Properties.Policies.flatMap((policy) => policy.PolicyDocument.Statement) ?? [];
}

function writePrefixes(statements: Statement[]): string[] {
  return statements
    .filter((s) => JSON.stringify(s.Action).match(/dynamodb:(Put|Update|Delete)/))
    .flatMap(
      (s) =>
        (s.Condition as Record<string, Record<string, string[]>> | undefined)?.['ForAllValues:StringLike']?.[
          'dynamodb:LeadingKeys'
        ] ?? ['<any item>'],
    )
    .sort();
}

function scheduleOf(description: RegExp) {
  const found = Object.values(
    jobs.findResources('AWS::Scheduler::Schedule', {
      Properties: { Description: Match.stringLikeRegexp(description.source) },
    }),
  );
  expect(found).toHaveLength(1);
  return found[0]?.Properties as {
    ScheduleExpression: string;
    ScheduleExpressionTimezone: string;
    Target: { Input: string; RetryPolicy: { MaximumRetryAttempts: number } };
  };
}

function functionOf(description: RegExp) {
  const fns = Object.values(
    jobs.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp(description.source) },
    }),
  );
  expect(fns).toHaveLength(1);
  return fns[0]?.Properties as { Timeout: number; Environment: unknown };
}

describe('request jobs', () => {
  it('makes the recurring requests at 06:00 in Chile, given the scheduled time, and retries a failed run', () => {
    const schedule = scheduleOf(/recurring document requests/);
    expect([schedule.ScheduleExpression, schedule.ScheduleExpressionTimezone]).toEqual([
      'cron(0 6 * * ? *)',
      'America/Santiago',
    ]);
    expect(JSON.parse(schedule.Target.Input)).toEqual({ time: '<aws.scheduler.scheduled-time>' });
    expect(schedule.Target.RetryPolicy.MaximumRetryAttempts).toBe(2);
    const fn = functionOf(/recurring schedule/);
    expect(fn.Timeout).toBe(REQUEST_JOBS_TIMEOUT.toSeconds());
    expect(JSON.stringify(fn.Environment)).toContain('TABLE_NAME');
    expect(JSON.stringify(fn.Environment)).toContain('MAIL_QUEUE_URL');
  });

  it('sends the reminders at 08:00 in Chile, after the requests of the day are made, with what its mails need', () => {
    const schedule = scheduleOf(/reminders of open document requests/);
    expect([schedule.ScheduleExpression, schedule.ScheduleExpressionTimezone]).toEqual([
      'cron(0 8 * * ? *)',
      'America/Santiago',
    ]);
    expect(JSON.parse(schedule.Target.Input)).toEqual({ time: '<aws.scheduler.scheduled-time>' });
    const fn = functionOf(/reminders of open document requests, in each firm/);
    for (const variable of ['TABLE_NAME', 'ASSETS_BUCKET', 'MAIL_FROM', 'PORTAL_URL', 'MAIL_SEND_RATE']) {
      expect(JSON.stringify(fn.Environment)).toContain(variable);
    }
  });

  it('the recurring job reads without a Scan, writes only requests and schedules, queues their mails', () => {
    const statements = statementsOf(/daily recurring requests/);
    const everything = JSON.stringify(statements.map((s) => s.Action));
    for (const absent of ['Scan', 'BatchWriteItem', 'ses:', 's3:', 'cognito']) expect(everything).not.toContain(absent);
    expect(writePrefixes(statements)).toEqual(
      ['OUTBOX#*', 'REMIND#*', 'REQS#*', 'REQSCHED#*', 'REQSCHEDS#*', 'REQUEST#*'].sort(),
    );
    expect(everything).toContain('sqs:SendMessage');
  });

  it('the reminder job reads without a Scan, writes its claims, links, quota and the reminder rows; sends mail', () => {
    const statements = statementsOf(/daily request reminders/);
    const everything = JSON.stringify(statements.map((s) => s.Action));
    for (const absent of ['Scan', 'BatchWriteItem', 's3:PutObject', 'cognito'])
      expect(everything).not.toContain(absent);
    expect(writePrefixes(statements)).toEqual(
      ['QUOTA#*', 'REMIND#*', 'REQS#*', 'REQUEST#*', 'TOKEN#REMINDER#*'].sort(),
    );
    expect(everything).toContain('ses:SendEmail');
  });

  it('leaves no unacknowledged cdk-nag finding', () => {
    expect(unacknowledgedViolations(synth.outdir)).toEqual([]);
  });
});
