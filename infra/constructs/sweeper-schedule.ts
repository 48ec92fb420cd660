import { Duration } from 'aws-cdk-lib';
import { ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';
import { SWEEPER_PERMISSIONS } from '../permissions';
import type { Backend } from './api';
import { acknowledgeAssetObjects, acknowledgeDocumentObjects, functionPolicy } from './function-access';
import { ScheduledJob } from './scheduled-job';

/** How often the sweeper runs: markers fall due 15 minutes to an hour after their write (functions/lib/data/cleanups.ts). */
export const SWEEP_RATE = Duration.hours(1);
/** A run is bounded by its budget (functions/maintenance/sweep-garbage.ts SWEEP_BUDGET); this is its ceiling. */
export const SWEEP_TIMEOUT = Duration.minutes(5);

/**
 * The garbage sweeper (docs/decisions/multi-step-writes.md), functions/maintenance/sweep-garbage.ts. Its role is built
 * from SWEEPER_PERMISSIONS (infra/permissions.ts), as an endpoint's is from its contract's entry.
 */
export class SweeperSchedule extends ScheduledJob {
  constructor(scope: Construct, id: string, props: { backend: Backend }) {
    const { backend } = props;
    super(scope, id, {
      entry: 'maintenance/sweep-garbage.ts',
      roleDescription: 'Execution role of the garbage sweeper (infra/constructs/sweeper-schedule.ts)',
      description: 'Hourly sweep of what interrupted multi-step writes left behind (clean-up markers)',
      policy: (logs) => functionPolicy(backend, SWEEPER_PERMISSIONS, logs),
      timeout: SWEEP_TIMEOUT,
      environment: {
        TABLE_NAME: backend.table.tableName,
        USER_POOL_ID: backend.userPool.userPoolId,
        ASSETS_BUCKET: backend.assetsBucket.bucketName,
        DOCUMENTS_BUCKET: backend.documentsBucket.bucketName,
      },
      schedule: {
        id: 'Hourly',
        description: 'Portal: sweep the garbage of interrupted writes every hour',
        expression: ScheduleExpression.rate(SWEEP_RATE),
        // A failed run is simply run again an hour later; every step of it is idempotent.
        retryAttempts: 0,
      },
    });
    acknowledgeAssetObjects(this.role, backend);
    acknowledgeDocumentObjects(this.role, backend);
  }
}
