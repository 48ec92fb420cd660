import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  BackupPlan,
  type BackupPlanCopyActionProps,
  BackupPlanRule,
  BackupResource,
  BackupVault,
  type IBackupVault,
} from 'aws-cdk-lib/aws-backup';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct, type Node } from 'constructs';

/** How long each kind of copy is kept: beyond point-in-time recovery's 35 days, up to a year. */
export const BACKUP_RETENTION = {
  daily: Duration.days(35),
  weekly: Duration.days(91),
  monthly: Duration.days(365),
} as const;

/** `backupCopyVaultArn`: a backup vault in another region that the weekly and monthly copies are also copied to. */
export interface BackupSettings {
  copyVaultArn?: string;
}

export function readBackupSettings(node: Node): BackupSettings {
  const value = node.tryGetContext('backupCopyVaultArn') as string | undefined;
  if (value === undefined || value === '') return {};
  if (!/^arn:aws[\w-]*:backup:[a-z0-9-]+:\d{12}:backup-vault:[\w.-]+$/.test(value)) {
    throw new Error(`backupCopyVaultArn must be a backup vault ARN (in another region): ${value}`);
  }
  return { copyVaultArn: value };
}

/** The AWS-managed policies AWS Backup documents for its service role: back up and restore, S3 included. */
const BACKUP_SERVICE_POLICIES = [
  'service-role/AWSBackupServiceRolePolicyForBackup',
  'service-role/AWSBackupServiceRolePolicyForRestores',
  'AWSBackupServiceRolePolicyForS3Backup',
  'AWSBackupServiceRolePolicyForS3Restore',
];

/**
 * AWS Backup of what the portal cannot rebuild: the table and the documents bucket (versioned, which AWS Backup for S3
 * requires), daily (kept 35 days), weekly (91) and monthly (a year), into a vault of its own encrypted with a key of its
 * own, both retained if the stack goes. With `-c backupCopyVaultArn=`, the weekly and monthly copies also go to that
 * vault in another region. Restores: docs/operations.md, "Restore".
 */
export class Backups extends Construct {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;

  constructor(
    scope: Construct,
    id: string,
    props: { table: ITableV2; documentsBucket: IBucket; settings: BackupSettings },
  ) {
    super(scope, id);
    const key = new Key(this, 'VaultKey', {
      enableKeyRotation: true,
      description: 'Portal: the backup vault',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.vault = new BackupVault(this, 'Vault', { encryptionKey: key, removalPolicy: RemovalPolicy.RETAIN });
    const copyTo: IBackupVault | undefined = props.settings.copyVaultArn
      ? BackupVault.fromBackupVaultArn(this, 'CopyVault', props.settings.copyVaultArn)
      : undefined;
    const copies = (deleteAfter: Duration): BackupPlanCopyActionProps[] | undefined =>
      copyTo ? [{ destinationBackupVault: copyTo, deleteAfter }] : undefined;
    // Chile's night (UTC-3/-4): after the day's work, before the indicators' and digest's runs of the next day.
    const at = (extra: { day?: string; weekDay?: string }) => Schedule.cron({ hour: '6', minute: '0', ...extra });
    this.plan = new BackupPlan(this, 'Plan', {
      backupVault: this.vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: 'Daily',
          scheduleExpression: at({}),
          deleteAfter: BACKUP_RETENTION.daily,
        }),
        new BackupPlanRule({
          ruleName: 'Weekly',
          scheduleExpression: at({ weekDay: 'SUN' }),
          deleteAfter: BACKUP_RETENTION.weekly,
          copyActions: copies(BACKUP_RETENTION.weekly),
        }),
        new BackupPlanRule({
          ruleName: 'Monthly',
          scheduleExpression: at({ day: '1' }),
          deleteAfter: BACKUP_RETENTION.monthly,
          copyActions: copies(BACKUP_RETENTION.monthly),
        }),
      ],
    });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('backup.amazonaws.com'),
      description:
        'AWS Backup: backs up and restores the portal table and documents bucket (infra/constructs/backups.ts)',
      managedPolicies: BACKUP_SERVICE_POLICIES.map((name) => ManagedPolicy.fromAwsManagedPolicyName(name)),
    });
    this.plan.addSelection('TableAndDocuments', {
      role,
      resources: [
        BackupResource.fromArn(props.table.tableArn),
        BackupResource.fromArn(props.documentsBucket.bucketArn),
      ],
    });
    for (const name of BACKUP_SERVICE_POLICIES) {
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${name}]`,
        reason:
          "AWS Backup's own service-role policies, which its documentation prescribes for backing up and restoring " +
          'DynamoDB and S3; the selection limits the role to the table and the documents bucket.',
      });
    }
  }
}
