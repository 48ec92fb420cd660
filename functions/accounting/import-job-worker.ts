import type { Context, EventBridgeEvent, S3Event } from 'aws-lambda';
import { jobOfUploadKey } from '../lib/accounting/import-upload';
import { withLambdaDeadline } from '../lib/aws/aws-client';
import { publishingMetrics } from '../lib/metrics';
import { runImportJob } from './import-job';

/** S3's EventBridge event for a new object. */
export type ObjectCreated = EventBridgeEvent<'Object Created', { bucket: { name: string }; object: { key: string } }>;

/**
 * The jobs an event names: one per ledger upload key (uploads/accounting/<society>/<job>/file); any other key, which
 * the rule's prefix should already keep out, names none. A ledger upload key is only uuids, slashes and `file`, so
 * it reads the same URL-encoded or not; a direct S3 notification's keys (URL-encoded) are decoded anyway.
 */
export function importJobsOf(event: ObjectCreated | S3Event): string[] {
  const keys =
    'Records' in event
      ? event.Records.map((record) => decodeURIComponent(record.s3.object.key.replace(/\+/g, ' ')))
      : event['detail-type'] === 'Object Created'
        ? [event.detail.object.key]
        : [];
  return keys.map(jobOfUploadKey).filter((job): job is string => job !== undefined);
}

/**
 * The large-import job function in AWS (infra/constructs/accounting-import-job.ts): EventBridge invokes it
 * asynchronously when a ledger file lands under uploads/accounting/ of the documents bucket. Each object names its
 * job, which runs once: runImportJob takes the job with a condition on its status (WAITING_UPLOAD or QUEUED →
 * RUNNING), so a repeated or late event, or a retry after the job ended, does nothing.
 */
export async function handler(event: ObjectCreated | S3Event, context?: Pick<Context, 'getRemainingTimeInMillis'>) {
  // Its AWS calls end before the function's own time does (aws-client.ts), so a slow service fails the job visibly.
  await publishingMetrics(
    withLambdaDeadline(context, async () => {
      for (const job of importJobsOf(event)) await runImportJob(job);
    }),
  );
}
