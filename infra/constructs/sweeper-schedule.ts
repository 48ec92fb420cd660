import path from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
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
import { SWEEPER_PERMISSIONS } from '../permissions';
import { type Backend, LAMBDA_MEMORY_MB, LAMBDA_RUNTIME, LOG_RETENTION } from './api';
import { acknowledgeAssetObjects, acknowledgeDocumentObjects, functionPolicy } from './function-access';

/** How often the sweeper runs: markers fall due 15 minutes to an hour after their write (functions/lib/data/cleanups.ts). */
export const SWEEP_RATE = Duration.hours(1);
/** A run is bounded by its budget (functions/maintenance/sweep-garbage.ts SWEEP_BUDGET); this is its ceiling. */
export const SWEEP_TIMEOUT = Duration.minutes(5);

/**
 * The garbage sweeper (docs/decisions/multi-step-writes.md): EventBridge Scheduler invokes
 * functions/maintenance/sweep-garbage.ts every hour. Its role is built from SWEEPER_PERMISSIONS (infra/permissions.ts),
 * as an endpoint's is from its contract's entry; Scheduler's role may only invoke this function.
 */
export class SweeperSchedule extends Construct {
  readonly function: NodejsFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: { backend: Backend }) {
    super(scope, id);
    const { backend } = props;
    const logGroup = new LogGroup(this, 'Logs', { retention: LOG_RETENTION });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Execution role of the garbage sweeper (infra/constructs/sweeper-schedule.ts)',
      inlinePolicies: { Access: functionPolicy(backend, SWEEPER_PERMISSIONS, logGroup.logGroupArn) },
    });
    acknowledgeAssetObjects(role, backend);
    acknowledgeDocumentObjects(role, backend);

    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, 'functions', 'maintenance', 'sweep-garbage.ts'),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: LAMBDA_MEMORY_MB,
      timeout: SWEEP_TIMEOUT,
      role,
      logGroup,
      environment: {
        TABLE_NAME: backend.table.tableName,
        USER_POOL_ID: backend.userPool.userPoolId,
        ASSETS_BUCKET: backend.assetsBucket.bucketName,
        DOCUMENTS_BUCKET: backend.documentsBucket.bucketName,
      },
      description: 'Hourly sweep of what interrupted multi-step writes left behind (clean-up markers)',
      bundling: lambdaBundling(),
    });

    this.schedule = new Schedule(this, 'Hourly', {
      description: 'Portal: sweep the garbage of interrupted writes every hour',
      schedule: ScheduleExpression.rate(SWEEP_RATE),
      // A failed run is simply run again an hour later; every step of it is idempotent.
      target: new LambdaInvoke(this.function, { retryAttempts: 0, maxEventAge: Duration.hours(1) }),
    });
    Validations.of(Stack.of(this)).acknowledge({
      id: wildcardResourceFinding(this, `${this.function.functionArn}:*`),
      reason:
        'Scheduler may invoke this one function and its versions or aliases (<function ARN>:*), nothing else; the ' +
        'wildcard is the qualifier of that single function.',
    });
  }
}
