import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_TIMEOUT } from '../../infra/constructs/digest-schedule';
import { getHealth } from '../../shared/contracts/health';
import { type Statement, type Synthesized, synthPortal, unacknowledgedViolations } from './helpers';

/**
 * The daily document digest (functions/documents/document-digest.ts): a Scheduler → Lambda job every morning in
 * Chile, whose role is exactly DIGEST_PERMISSIONS (infra/permissions.ts). A one-contract portal keeps the synth small.
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

function digestStatements(): Record<string, Statement> {
  const roles = jobs.findResources('AWS::IAM::Role', {
    Properties: { Description: Match.stringLikeRegexp('daily document digest') },
  });
  expect(Object.keys(roles)).toHaveLength(1);
  const [role] = Object.values(roles) as Array<{
    Properties: { Policies: Array<{ PolicyDocument: { Statement: Statement[] } }> };
  }>;
  const statements = role?.Properties.Policies.flatMap((policy) => policy.PolicyDocument.Statement) ?? [];
  return Object.fromEntries(statements.map((s) => [s.Sid ?? '', s]));
}

describe('document digest schedule', () => {
  it('runs every morning at 07:00 in Chile, invoking the digest function with what its mails need', () => {
    const daily = Object.values(
      jobs.findResources('AWS::Scheduler::Schedule', {
        Properties: { Description: Match.stringLikeRegexp('daily digest of new documents') },
      }),
    );
    expect(daily.map((s) => [s.Properties.ScheduleExpression, s.Properties.ScheduleExpressionTimezone])).toEqual([
      ['cron(0 7 * * ? *)', 'America/Santiago'],
    ]);
    const fns = Object.values(
      jobs.findResources('AWS::Lambda::Function', {
        Properties: { Description: Match.stringLikeRegexp('Daily mail of new documents') },
      }),
    );
    expect(fns).toHaveLength(1);
    expect(fns[0]?.Properties.Timeout).toBe(DIGEST_TIMEOUT.toSeconds());
    for (const variable of ['TABLE_NAME', 'ASSETS_BUCKET', 'MAIL_FROM', 'PORTAL_URL', 'MAIL_SEND_RATE']) {
      expect(JSON.stringify(fns[0]?.Properties.Environment)).toContain(variable);
    }
  });

  it('reads without a Scan and writes only its claims, its unsubscribe links and the quota; sends mail', () => {
    const statements = digestStatements();
    const everything = JSON.stringify(Object.values(statements).map((s) => s.Action));
    expect(everything).not.toContain('Scan');
    expect(everything).not.toContain('BatchWriteItem');
    expect(everything).not.toContain('s3:PutObject');
    expect(everything).not.toContain('cognito');
    const writes = Object.values(statements).filter((s) =>
      JSON.stringify(s.Action).match(/dynamodb:(Put|Update|Delete)/),
    );
    const prefixes = writes.flatMap(
      (s) =>
        (s.Condition as Record<string, Record<string, string[]>> | undefined)?.['ForAllValues:StringLike']?.[
          'dynamodb:LeadingKeys'
        ] ?? ['<any item>'],
    );
    expect(prefixes.sort()).toEqual(['DIGEST#*', 'QUOTA#*', 'TOKEN#DIGEST#*'].sort());
    expect(everything).toContain('ses:SendEmail');
  });

  it('leaves no unacknowledged cdk-nag finding', () => {
    expect(unacknowledgedViolations(synth.outdir)).toEqual([]);
  });
});
