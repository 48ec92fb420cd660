import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_NOTICE_TIMEOUT } from '../../infra/constructs/message-notice-schedule';
import { getHealth } from '../../shared/contracts/health';
import { type Statement, type Synthesized, synthPortal, unacknowledgedViolations } from './helpers';

/**
 * The hourly notice of new messages (functions/messages/message-notice.ts): a Scheduler → Lambda job every hour, whose
 * role is exactly MESSAGE_NOTICE_PERMISSIONS (infra/permissions.ts). A one-contract portal keeps the synth small.
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

function noticeStatements(): Statement[] {
  const roles = jobs.findResources('AWS::IAM::Role', {
    Properties: { Description: Match.stringLikeRegexp('hourly notice of new messages') },
  });
  expect(Object.keys(roles)).toHaveLength(1);
  const [role] = Object.values(roles) as Array<{
    Properties: { Policies: Array<{ PolicyDocument: { Statement: Statement[] } }> };
  }>;
  return role?.Properties.Policies.flatMap((policy) => policy.PolicyDocument.Statement) ?? [];
}

describe('message notice schedule', () => {
  it('runs five minutes past every hour, invoking the notice function with what its mails need', () => {
    const hourly = Object.values(
      jobs.findResources('AWS::Scheduler::Schedule', {
        Properties: { Description: Match.stringLikeRegexp('hourly notice of new messages') },
      }),
    );
    expect(hourly.map((s) => s.Properties.ScheduleExpression)).toEqual(['cron(5 * * * ? *)']);
    const fns = Object.values(
      jobs.findResources('AWS::Lambda::Function', {
        Properties: { Description: Match.stringLikeRegexp('Hourly mail of unread messages') },
      }),
    );
    expect(fns).toHaveLength(1);
    expect(fns[0]?.Properties.Timeout).toBe(MESSAGE_NOTICE_TIMEOUT.toSeconds());
    for (const variable of ['TABLE_NAME', 'ASSETS_BUCKET', 'MAIL_FROM', 'PORTAL_URL', 'MAIL_SEND_RATE']) {
      expect(JSON.stringify(fns[0]?.Properties.Environment)).toContain(variable);
    }
  });

  it("reads without a Scan and writes only its claims, the quota and each mail's unsubscribe token; sends mail", () => {
    const statements = noticeStatements();
    const everything = JSON.stringify(statements.map((s) => s.Action));
    expect(everything).not.toContain('Scan');
    expect(everything).not.toContain('BatchWriteItem');
    expect(everything).not.toContain('s3:PutObject');
    const writes = statements.filter((s) => JSON.stringify(s.Action).match(/dynamodb:(Put|Update|Delete)/));
    const prefixes = writes.flatMap(
      (s) =>
        (s.Condition as Record<string, Record<string, string[]>> | undefined)?.['ForAllValues:StringLike']?.[
          'dynamodb:LeadingKeys'
        ] ?? ['<any item>'],
    );
    expect(prefixes.sort()).toEqual(['MSGNOTICE#*', 'QUOTA#*', 'TOKEN#NOTICE#*']);
    expect(everything).toContain('ses:SendEmail');
  });

  it('leaves no unacknowledged cdk-nag finding', () => {
    expect(unacknowledgedViolations(synth.outdir)).toEqual([]);
  });
});
