import path from 'node:path';
import { Duration, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { lambdaBundling } from '../bundling';
import { wildcardResourceFinding } from '../nag';
import { REPO_ROOT } from '../paths';
import { DIGEST_PERMISSIONS } from '../permissions';
import { type Backend, LAMBDA_MEMORY_MB, LAMBDA_RUNTIME, LOG_RETENTION } from './api';
import { acknowledgeAssetObjects, functionPolicy } from './function-access';

/** When the digest goes: every morning at 07:00 in Chile, with the previous days' documents. */
export const DIGEST_SCHEDULE = { hour: '7', minute: '0' } as const;
/** A run mails at SES's rate and stops starting mails a minute before this; the next run goes on. */
export const DIGEST_TIMEOUT = Duration.minutes(15);

/**
 * The daily document digest (functions/documents/document-digest.ts): EventBridge Scheduler invokes it every morning.
 * Its role is built from DIGEST_PERMISSIONS (infra/permissions.ts), as an endpoint's is from its contract's entry;
 * Scheduler's role may only invoke this function.
 */
export class DigestSchedule extends Construct {
  readonly function: NodejsFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: { backend: Backend; sendRate: number }) {
    super(scope, id);
    const { backend } = props;
    const logGroup = new LogGroup(this, 'Logs', { retention: LOG_RETENTION });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Execution role of the daily document digest (infra/constructs/digest-schedule.ts)',
      inlinePolicies: { Access: functionPolicy(backend, DIGEST_PERMISSIONS, logGroup.logGroupArn) },
    });
    acknowledgeAssetObjects(role, backend);

    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, 'functions', 'documents', 'document-digest.ts'),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: LAMBDA_MEMORY_MB,
      timeout: DIGEST_TIMEOUT,
      role,
      logGroup,
      environment: {
        TABLE_NAME: backend.table.tableName,
        ASSETS_BUCKET: backend.assetsBucket.bucketName,
        MAIL_FROM: backend.senderEmail,
        PORTAL_URL: backend.portalUrl,
        MAIL_SEND_RATE: String(props.sendRate),
      },
      description: "Daily mail of new documents to each client, in its firm's branding",
      bundling: lambdaBundling(),
    });

    this.schedule = new Schedule(this, 'Daily', {
      description: 'Portal: mail the daily digest of new documents',
      schedule: ScheduleExpression.cron({ ...DIGEST_SCHEDULE, timeZone: TimeZone.AMERICA_SANTIAGO }),
      // A failed run is retried within the hour: each mail is claimed before it goes, so none goes twice.
      target: new LambdaInvoke(this.function, { retryAttempts: 2, maxEventAge: Duration.hours(1) }),
    });
    Validations.of(Stack.of(this)).acknowledge({
      id: wildcardResourceFinding(this, `${this.function.functionArn}:*`),
      reason:
        'Scheduler may invoke this one function and its versions or aliases (<function ARN>:*), nothing else; the ' +
        'wildcard is the qualifier of that single function.',
    });
  }
}
