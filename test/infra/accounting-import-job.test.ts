import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_JOB_RETRY_ATTEMPTS, LEDGER_UPLOAD_ROOT } from '../../functions/lib/accounting/import-upload';
import { IMPORT_JOB_MEMORY_MB } from '../../infra/constructs/accounting-import-job';
import { getHealth } from '../../shared/contracts/health';
import { expectOnlyDeadLetterGrants, type Synthesized, synthPortal, unacknowledgedViolations } from './helpers';

/**
 * A large ledger file uploaded to the documents bucket starts its import job through EventBridge, with the
 * bucket's native EventBridge switch (no CDK notifications custom resource) and a least-privilege job function.
 */
let synthesized: Synthesized;
let jobs: Template;
let data: Template;

beforeAll(() => {
  synthesized = synthPortal({ contracts: [getHealth], skipBundling: true, builtinValidation: false });
  jobs = Template.fromStack(synthesized.stacks.jobs);
  data = Template.fromStack(synthesized.stacks.stateful);
});

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;
const resources = (template: Template) => (template.toJSON() as { Resources: Resources }).Resources;

/** The logical id of the documents bucket in the stateful stack. */
function documentsBucketId(): string {
  const bucket = synthesized.stacks.stateful.storage.documentsBucket;
  return synthesized.stacks.stateful.getLogicalId(bucket.node.defaultChild as never);
}

/** The import job function's logical id: the one whose code is the worker (its description names it). */
function workerFunctionId(): string {
  const found = jobs.findResources('AWS::Lambda::Function', {
    Properties: { Description: Match.stringLikeRegexp('Large ledger imports') },
  });
  const ids = Object.keys(found);
  expect(ids).toHaveLength(1);
  return ids[0] as string;
}

/** The logical id of the worker's execution role. */
function workerRoleId(): string {
  const role = resources(jobs)[workerFunctionId()]?.Properties.Role as { 'Fn::GetAtt': [string, string] };
  return role['Fn::GetAtt'][0];
}

/** The worker role's inline statements, resolved, by Sid. */
function workerStatements(): Record<string, { Action: unknown; Resource: unknown; Condition?: unknown }> {
  const roleId = workerRoleId();
  const role = resources(jobs)[roleId] as unknown as {
    Properties: {
      Policies: Array<{ PolicyDocument: { Statement: Array<{ Sid: string; Action: unknown; Resource: unknown }> } }>;
    };
  };
  const statements = role.Properties.Policies.flatMap((p) => p.PolicyDocument.Statement);
  return Object.fromEntries(statements.map((s) => [s.Sid, s]));
}

describe('large ledger import job', () => {
  it('enables EventBridge on the documents bucket natively, without the notifications custom resource', () => {
    const bucket = resources(data)[documentsBucketId()];
    expect(bucket?.Type).toBe('AWS::S3::Bucket');
    expect(bucket?.Properties.NotificationConfiguration).toEqual({
      EventBridgeConfiguration: { EventBridgeEnabled: true },
    });
    for (const stack of synthesized.stacks.all) {
      const template = Template.fromStack(stack);
      template.resourceCountIs('Custom::S3BucketNotifications', 0);
      const handlers = Object.entries(resources(template)).filter(
        ([id, r]) => id.startsWith('BucketNotificationsHandler') || r.Type === 'Custom::S3BucketNotifications',
      );
      expect(handlers).toEqual([]);
    }
  });

  it('has a rule for Object Created under the ledger upload prefix of that bucket, targeting the worker with retries', () => {
    jobs.resourceCountIs('AWS::Events::Rule', 1);
    const [rule] = Object.values(jobs.findResources('AWS::Events::Rule')) as Array<{
      Properties: {
        EventPattern: { source: string[]; 'detail-type': string[]; detail: Record<string, unknown> };
        Targets: Array<{ Arn: unknown; RetryPolicy: unknown }>;
        State: string;
      };
    }>;
    const pattern = rule?.Properties.EventPattern;
    expect(pattern?.source).toEqual(['aws.s3']);
    expect(pattern?.['detail-type']).toEqual(['Object Created']);
    expect(pattern?.detail.object).toEqual({ key: [{ prefix: 'uploads/accounting/' }] });
    expect(LEDGER_UPLOAD_ROOT).toBe('uploads/accounting/');
    // The bucket name comes from the stateful stack (an import of its Ref), not a literal.
    expect(JSON.stringify(pattern?.detail.bucket)).toContain(documentsBucketId());
    expect(rule?.Properties.State).toBe('ENABLED');
    expect(rule?.Properties.Targets).toHaveLength(1);
    expect(rule?.Properties.Targets[0]?.Arn).toEqual({ 'Fn::GetAtt': [workerFunctionId(), 'Arn'] });
    expect(rule?.Properties.Targets[0]?.RetryPolicy).toEqual({
      MaximumRetryAttempts: 4,
      MaximumEventAgeInSeconds: 3600,
    });
    jobs.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [workerFunctionId(), 'Arn'] },
    });
  });

  it('retries a failed run as often as the local stand-in does (local/async-invoke.ts), then keeps its event', () => {
    jobs.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: workerFunctionId() },
      MaximumRetryAttempts: IMPORT_JOB_RETRY_ATTEMPTS,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
  });

  it('runs the worker with room for a 150 MB file', () => {
    const fn = resources(jobs)[workerFunctionId()];
    expect(fn?.Properties.Timeout).toBe(900);
    expect(fn?.Properties.MemorySize).toBe(IMPORT_JOB_MEMORY_MB);
    expect(IMPORT_JOB_MEMORY_MB).toBeGreaterThanOrEqual(2048);
    expect(fn?.Properties.Architectures).toEqual(['arm64']);
    expect(JSON.stringify(fn?.Properties.Environment)).toContain('TABLE_NAME');
    expect(JSON.stringify(fn?.Properties.Environment)).toContain('DOCUMENTS_BUCKET');
  });

  it("lets the worker read only the ledger uploads and write only the import's keys", () => {
    const statements = workerStatements();
    expect(Object.keys(statements).sort()).toEqual([
      'ImportMarker',
      'ImportWrites',
      'LedgerUploads',
      'Logs',
      'TableReads',
    ]);
    expect(statements.TableReads?.Action).toEqual(['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query']);
    expect(statements.ImportWrites?.Action).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']);
    expect(statements.ImportWrites?.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ACCJOB#*', 'ACCOUNTING#*', 'LEDGER#*'] },
    });
    expect(statements.ImportMarker?.Action).toEqual([
      'dynamodb:PutItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    ]);
    expect(statements.ImportMarker?.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CLEANUP#*'] },
    });
    expect(statements.LedgerUploads?.Action).toBe('s3:GetObject');
    // Exactly `<documents bucket ARN>/uploads/accounting/*`, the ARN imported from the stateful stack's export of it.
    const exportName = `${synthesized.stacks.stateful.stackName}-DocumentsBucketArn`;
    expect(statements.LedgerUploads?.Resource).toEqual({
      'Fn::Join': ['', [{ 'Fn::ImportValue': exportName }, '/uploads/accounting/*']],
    });
    data.hasOutput('DocumentsBucketArn', {
      Value: { 'Fn::GetAtt': [documentsBucketId(), 'Arn'] },
      Export: { Name: exportName },
    });
    // Nothing else of S3, no Scan, no table-wide write without the key condition, no wildcard action.
    const all = Object.values(statements).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    expect(all.filter((a) => String(a).startsWith('s3:'))).toEqual(['s3:GetObject']);
    expect(all).not.toContain('dynamodb:Scan');
    expect(all.some((a) => String(a).includes('*'))).toBe(false);
    // No managed policy on the role but the stack's tracing policy (test/infra/tracing.test.ts says what it allows);
    // attached to it only the sending of failed runs to its dead-letter queue.
    const roleId = workerRoleId();
    const managed = resources(jobs)[roleId]?.Properties.ManagedPolicyArns as Array<{ Ref: string }>;
    expect(managed.map((arn) => resources(jobs)[arn.Ref]?.Type)).toEqual(['AWS::IAM::ManagedPolicy']);
    expect(managed[0]?.Ref).toMatch(/^TracingPolicy/);
    expectOnlyDeadLetterGrants(jobs, roleId);
  });

  it('leaves no unacknowledged cdk-nag finding', () => {
    expect(unacknowledgedViolations(synthesized.outdir)).toEqual([]);
  });
});
