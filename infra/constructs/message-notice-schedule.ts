import { Duration } from 'aws-cdk-lib';
import { ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';
import { MESSAGE_NOTICE_PERMISSIONS } from '../permissions';
import { type Backend, mailEnvironment } from './api';
import { acknowledgeAssetObjects, acknowledgeMailIdentities, functionPolicy } from './function-access';
import { ScheduledJob } from './scheduled-job';

/** When the notice goes: five minutes past every hour, with the hours before it (UTC hours: the queue's periods). */
export const MESSAGE_NOTICE_SCHEDULE = { minute: '5' } as const;
/** A run mails at SES's rate and stops starting mails a minute before this; the next run goes on. */
export const MESSAGE_NOTICE_TIMEOUT = Duration.minutes(10);

/**
 * The hourly notice of new messages (functions/messages/message-notice.ts). Its role is built from
 * MESSAGE_NOTICE_PERMISSIONS (infra/permissions.ts), as an endpoint's is from its contract's entry.
 */
export class MessageNoticeSchedule extends ScheduledJob {
  constructor(scope: Construct, id: string, props: { backend: Backend; sendRate: number }) {
    const { backend } = props;
    super(scope, id, {
      entry: 'messages/message-notice.ts',
      roleDescription:
        'Execution role of the hourly notice of new messages (infra/constructs/message-notice-schedule.ts)',
      description: "Hourly mail of unread messages to each participant, in its firm's branding",
      policy: (logs) => functionPolicy(backend, MESSAGE_NOTICE_PERMISSIONS, logs),
      timeout: MESSAGE_NOTICE_TIMEOUT,
      environment: {
        TABLE_NAME: backend.table.tableName,
        ASSETS_BUCKET: backend.assetsBucket.bucketName,
        ...mailEnvironment(backend),
        PORTAL_URL: backend.portalUrl,
        MAIL_SEND_RATE: String(props.sendRate),
      },
      schedule: {
        id: 'Hourly',
        description: 'Portal: mail the hourly notice of new messages',
        expression: ScheduleExpression.cron({ ...MESSAGE_NOTICE_SCHEDULE }),
        // A failed run is retried: each mail is claimed before it goes, so none goes twice.
        retryAttempts: 2,
      },
    });
    acknowledgeAssetObjects(this.role, backend);
    acknowledgeMailIdentities(this.role);
  }
}
