import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { BACKUP_RETENTION } from '../../infra/constructs/backups';
import { contractById, synthSample, unacknowledgedViolations } from './helpers';

/**
 * Copies beyond point-in-time recovery: an AWS Backup plan (daily, weekly, monthly) covers the table and the documents
 * bucket, into a vault encrypted with a key of its own; with `-c backupCopyVaultArn` the weekly and monthly copies also
 * go to another region's vault.
 */
const SAMPLE = [contractById('getUserInfo')];
const COPY_VAULT = 'arn:aws:backup:us-east-1:999988887777:backup-vault:portal-copies';
type Resource = { Type: string; Properties: Record<string, unknown> };
type Rule = { RuleName: string; Lifecycle: { DeleteAfterDays: number }; CopyActions?: unknown[] };

const planOf = (template: Template) => {
  const [plan] = Object.values(template.findResources('AWS::Backup::BackupPlan')) as Resource[];
  if (!plan) throw new Error('no backup plan');
  return (plan.Properties.BackupPlan as { BackupPlanRule: Rule[] }).BackupPlanRule;
};

describe('backups', () => {
  it('keep daily copies 35 days, weekly 91 and monthly a year, of the table and the documents bucket', () => {
    const synthesized = synthSample(SAMPLE, {});
    const stateful = Template.fromStack(synthesized.stacks.stateful);
    const rules = planOf(stateful);
    expect(rules.map((r) => [r.RuleName, r.Lifecycle.DeleteAfterDays, r.CopyActions])).toEqual([
      ['Daily', BACKUP_RETENTION.daily.toDays(), undefined],
      ['Weekly', BACKUP_RETENTION.weekly.toDays(), undefined],
      ['Monthly', BACKUP_RETENTION.monthly.toDays(), undefined],
    ]);
    expect(BACKUP_RETENTION.daily.toDays()).toBeGreaterThanOrEqual(35);
    const resources = stateful.toJSON().Resources as Record<string, Resource>;
    const idOf = (type: string, match: (r: Resource) => boolean) =>
      Object.entries(resources).find(([, r]) => r.Type === type && match(r))?.[0];
    const table = idOf('AWS::DynamoDB::GlobalTable', () => true);
    const documents = idOf('AWS::S3::Bucket', (r) => JSON.stringify(r.Properties).includes('"documents/"'));
    stateful.hasResourceProperties('AWS::Backup::BackupSelection', {
      BackupSelection: Match.objectLike({
        Resources: [{ 'Fn::GetAtt': [table, 'Arn'] }, { 'Fn::GetAtt': [documents, 'Arn'] }],
      }),
    });
    // AWS Backup for S3 needs versioning, which the documents bucket has.
    expect(resources[documents ?? '']?.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    // The vault: a key of its own (rotated), retained with the key if the stack goes.
    const [vault] = Object.values(stateful.findResources('AWS::Backup::BackupVault'));
    expect(vault?.DeletionPolicy).toBe('Retain');
    const keyId = vault?.Properties.EncryptionKeyArn['Fn::GetAtt'][0];
    expect(resources[keyId]).toMatchObject({ Type: 'AWS::KMS::Key', Properties: { EnableKeyRotation: true } });
    expect(unacknowledgedViolations(synthesized.outdir)).toEqual([]);
  });

  it('copy the weekly and monthly backups to another region when a vault there is given, and refuse a wrong ARN', () => {
    const stateful = Template.fromStack(synthSample(SAMPLE, { backupCopyVaultArn: COPY_VAULT }).stacks.stateful);
    const copies = planOf(stateful).map((r) => [r.RuleName, r.CopyActions]);
    expect(copies).toEqual([
      ['Daily', undefined],
      ['Weekly', [{ DestinationBackupVaultArn: COPY_VAULT, Lifecycle: { DeleteAfterDays: 91 } }]],
      ['Monthly', [{ DestinationBackupVaultArn: COPY_VAULT, Lifecycle: { DeleteAfterDays: 365 } }]],
    ]);
    expect(() => synthSample(SAMPLE, { backupCopyVaultArn: 'portal-copies' })).toThrow(/backupCopyVaultArn/);
  });
});
