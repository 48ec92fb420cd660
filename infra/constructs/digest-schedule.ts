import { Duration, TimeZone } from 'aws-cdk-lib';
import { ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';
import { DIGEST_PERMISSIONS } from '../permissions';
import { type Backend, mailEnvironment } from './api';
import { acknowledgeAssetObjects, acknowledgeMailIdentities, functionPolicy } from './function-access';
import { ScheduledJob } from './scheduled-job';

/** When the digest goes: every morning at 07:00 in Chile, with the previous days' documents. */
export const DIGEST_SCHEDULE = { hour: '7', minute: '0' } as const;
/** A run mails at SES's rate and stops starting mails a minute before this; the next run goes on. */
export const DIGEST_TIMEOUT = Duration.minutes(15);

/**
 * The daily document digest (functions/documents/document-digest.ts). Its role is built from DIGEST_PERMISSIONS
 * (infra/permissions.ts), as an endpoint's is from its contract's entry.
 */
export class DigestSchedule extends ScheduledJob {
  constructor(scope: Construct, id: string, props: { backend: Backend; sendRate: number }) {
    const { backend } = props;
    super(scope, id, {
      entry: 'documents/document-digest.ts',
      roleDescription: 'Execution role of the daily document digest (infra/constructs/digest-schedule.ts)',
      description: "Daily mail of new documents to each client, in its firm's branding",
      policy: (logs) => functionPolicy(backend, DIGEST_PERMISSIONS, logs),
      timeout: DIGEST_TIMEOUT,
      environment: {
        TABLE_NAME: backend.table.tableName,
        ASSETS_BUCKET: backend.assetsBucket.bucketName,
        ...mailEnvironment(backend),
        PORTAL_URL: backend.portalUrl,
        MAIL_SEND_RATE: String(props.sendRate),
      },
      schedule: {
        id: 'Daily',
        description: 'Portal: mail the daily digest of new documents',
        expression: ScheduleExpression.cron({ ...DIGEST_SCHEDULE, timeZone: TimeZone.AMERICA_SANTIAGO }),
        // A failed run is retried within the hour: each mail is claimed before it goes, so none goes twice.
        retryAttempts: 2,
      },
    });
    acknowledgeAssetObjects(this.role, backend);
    acknowledgeMailIdentities(this.role);
  }
}
