import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SWEEP_TIMEOUT } from '../../infra/constructs/sweeper-schedule';
import { getHealth } from '../../shared/contracts/health';
import { type Statement, type Synthesized, synthPortal, unacknowledgedViolations } from './helpers';

/**
 * The garbage sweeper (docs/decisions/multi-step-writes.md): an hourly Scheduler → Lambda job whose role is exactly
 * SWEEPER_PERMISSIONS (infra/permissions.ts). A one-contract portal keeps the synth small.
 */
let synth: Synthesized;
let jobs: Template;

beforeAll(() => {
  synth = synthPortal({ contracts: [getHealth], skipBundling: true, builtinValidation: false });
  jobs = Template.fromStack(synth.stacks.jobs);
});

function sweeperStatements(): Record<string, Statement> {
  const roles = jobs.findResources('AWS::IAM::Role', {
    Properties: { Description: Match.stringLikeRegexp('garbage sweeper') },
  });
  const [role] = Object.values(roles) as Array<{
    Properties: { Policies: Array<{ PolicyDocument: { Statement: Statement[] } }> };
  }>;
  const statements = role?.Properties.Policies.flatMap((policy) => policy.PolicyDocument.Statement) ?? [];
  return Object.fromEntries(statements.map((s) => [s.Sid ?? '', s]));
}

describe('garbage sweeper schedule', () => {
  it('runs every hour, invoking the sweeper function', () => {
    const hourly = jobs.findResources('AWS::Scheduler::Schedule', {
      Properties: { Description: Match.stringLikeRegexp('sweep the garbage') },
    });
    expect(Object.values(hourly).map((s) => s.Properties.ScheduleExpression)).toEqual(['rate(1 hour)']);
    const fns = Object.values(
      jobs.findResources('AWS::Lambda::Function', {
        Properties: { Description: Match.stringLikeRegexp('sweep of what interrupted') },
      }),
    );
    expect(fns).toHaveLength(1);
    expect(fns[0]?.Properties.Timeout).toBe(SWEEP_TIMEOUT.toSeconds());
    for (const variable of ['TABLE_NAME', 'USER_POOL_ID', 'ASSETS_BUCKET', 'DOCUMENTS_BUCKET']) {
      expect(JSON.stringify(fns[0]?.Properties.Environment)).toContain(variable);
    }
  });

  it('may read the table without a Scan, and write only markers, ledger versions and report references', () => {
    const statements = sweeperStatements();
    expect(Object.keys(statements).sort()).toEqual(
      ['Assets', 'Documents', 'IndexRead', 'Logs', 'TableRead', 'TableWriteKeys1', 'TableWriteKeys2', 'Users'].sort(),
    );
    const everything = JSON.stringify(Object.values(statements).map((s) => s.Action));
    expect(everything).not.toContain('Scan');
    expect(everything).not.toContain('BatchWriteItem');
    expect(statements.TableWriteKeys1?.Action).toEqual(['dynamodb:DeleteItem', 'dynamodb:UpdateItem']);
    expect(statements.TableWriteKeys1?.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CLEANUP#*'] },
    });
    expect(statements.TableWriteKeys2?.Action).toBe('dynamodb:DeleteItem');
    expect(statements.TableWriteKeys2?.Condition).toEqual({
      'ForAllValues:StringLike': {
        'dynamodb:LeadingKeys': ['ACCOUNTING#*', 'LEDGER#*', 'REPORT_REF#*', 'REPORT_REFS#*'],
      },
    });
    expect(statements.Assets?.Action).toBe('s3:DeleteObject');
    expect(statements.Documents?.Action).toBe('s3:DeleteObject');
    expect(statements.Users?.Action).toBe('cognito-idp:AdminDeleteUser');
  });

  it('leaves no unacknowledged cdk-nag finding', () => {
    expect(unacknowledgedViolations(synth.outdir)).toEqual([]);
  });
});
