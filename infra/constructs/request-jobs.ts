import { Duration, TimeZone } from 'aws-cdk-lib';
import { ContextAttribute, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';
import { RECURRING_REQUESTS_PERMISSIONS, REQUEST_REMINDERS_PERMISSIONS } from '../permissions';
import { type Backend, mailEnvironment } from './api';
import { acknowledgeAssetObjects, acknowledgeMailIdentities, functionPolicy } from './function-access';
import { ScheduledJob } from './scheduled-job';

/** Recurring requests are made at 06:00 in Chile, before the reminders (08:00) and the firm's working day. */
export const RECURRING_REQUESTS_SCHEDULE = { hour: '6', minute: '0' } as const;
export const REQUEST_REMINDERS_SCHEDULE = { hour: '8', minute: '0' } as const;
/** A run stops starting work a minute before this; the next run goes on. */
export const REQUEST_JOBS_TIMEOUT = Duration.minutes(15);

/**
 * The event each run gets: the time Scheduler planned it for, the same on every retry of that run, so a run retried
 * within the hour (or by Lambda) works on the same Chilean day.
 */
const scheduledTime = ScheduleTargetInput.fromObject({ time: ContextAttribute.scheduledTime });

/**
 * The daily recurring requests (functions/requests/generate-recurring-requests.ts). Its role is built from
 * RECURRING_REQUESTS_PERMISSIONS (infra/permissions.ts).
 */
export class RecurringRequestsSchedule extends ScheduledJob {
  constructor(scope: Construct, id: string, props: { backend: Backend }) {
    const { backend } = props;
    super(scope, id, {
      entry: 'requests/generate-recurring-requests.ts',
      roleDescription: 'Execution role of the daily recurring requests (infra/constructs/request-jobs.ts)',
      description: "Daily document requests of each recurring schedule's period",
      policy: (logs) => functionPolicy(backend, RECURRING_REQUESTS_PERMISSIONS, logs),
      timeout: REQUEST_JOBS_TIMEOUT,
      environment: { TABLE_NAME: backend.table.tableName, MAIL_QUEUE_URL: backend.mailQueue.queueUrl },
      schedule: {
        id: 'Daily',
        description: 'Portal: make the recurring document requests whose day has come',
        expression: ScheduleExpression.cron({ ...RECURRING_REQUESTS_SCHEDULE, timeZone: TimeZone.AMERICA_SANTIAGO }),
        // A failed run is retried within the hour: request ids are derived from schedule, period and society.
        retryAttempts: 2,
        input: scheduledTime,
      },
    });
  }
}

/**
 * The daily request reminders (functions/requests/send-request-reminders.ts). Its role is built from
 * REQUEST_REMINDERS_PERMISSIONS (infra/permissions.ts).
 */
export class RequestRemindersSchedule extends ScheduledJob {
  constructor(scope: Construct, id: string, props: { backend: Backend; sendRate: number }) {
    const { backend } = props;
    super(scope, id, {
      entry: 'requests/send-request-reminders.ts',
      roleDescription: 'Execution role of the daily request reminders (infra/constructs/request-jobs.ts)',
      description: "Daily reminders of open document requests, in each firm's branding",
      policy: (logs) => functionPolicy(backend, REQUEST_REMINDERS_PERMISSIONS, logs),
      timeout: REQUEST_JOBS_TIMEOUT,
      environment: {
        TABLE_NAME: backend.table.tableName,
        ASSETS_BUCKET: backend.assetsBucket.bucketName,
        ...mailEnvironment(backend),
        PORTAL_URL: backend.portalUrl,
        MAIL_SEND_RATE: String(props.sendRate),
      },
      schedule: {
        id: 'Daily',
        description: 'Portal: mail the reminders of open document requests',
        expression: ScheduleExpression.cron({ ...REQUEST_REMINDERS_SCHEDULE, timeZone: TimeZone.AMERICA_SANTIAGO }),
        // A failed run is retried within the hour: each mail is claimed before it goes, so none goes twice.
        retryAttempts: 2,
        input: scheduledTime,
      },
    });
    acknowledgeAssetObjects(this.role, backend);
    acknowledgeMailIdentities(this.role);
  }
}
