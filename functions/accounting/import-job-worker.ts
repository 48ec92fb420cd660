import type { EventBridgeEvent, S3Event } from 'aws-lambda';
import { jobOfUploadKey } from '../lib/accounting/import-upload';
import { runImportJob } from './import-job';

type ObjectCreated = EventBridgeEvent<'Object Created', { object: { key: string } }>;

/**
 * The large-import job function in AWS (infra/constructs/accounting-import-job.ts): EventBridge invokes it
 * asynchronously when a ledger file lands under uploads/accounting/ (a direct S3 notification's event is read too);
 * each object names its job, which it runs once (runImportJob takes the job with a condition, so a repeated event
 * does nothing).
 */
export async function handler(event: ObjectCreated | S3Event): Promise<void> {
  const keys =
    'Records' in event
      ? event.Records.map((record) => decodeURIComponent(record.s3.object.key.replace(/\+/g, ' ')))
      : [event.detail.object.key];
  for (const key of keys) {
    const job = jobOfUploadKey(key);
    if (job) await runImportJob(job);
  }
}
