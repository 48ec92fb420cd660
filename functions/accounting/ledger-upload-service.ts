import { randomUUID } from 'node:crypto';
import type { ImportJobView } from '../../shared/contracts/accounting';
import { accountingImport } from '../../shared/i18n/es/accounting';
import { ledgerUploadPrefix } from '../lib/accounting/import-upload';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import {
  createImportJob,
  failStalledImportJob,
  getImportJob,
  type ImportJob,
  moveImportJob,
} from '../lib/data/accounting-import-jobs';
import { fieldErrors, notFound } from '../lib/errors';
import { localObjectCreatedListener } from '../lib/local-async';
import { headDocumentObject, presignDocumentUpload } from '../lib/storage/documents';
import { runImportJob } from './import-job';
import { societyForImport } from './society-access';

/**
 * Large ledger files: the documents area's presigned POST (design/documents.md: the policy caps the size,
 * fixes the key prefix and the content type, and expires in 10 minutes), a job item, a confirm call, a status poll.
 */
export const jobView = (job: ImportJob): ImportJobView => ({
  uuid: job.uuid,
  society: job.society,
  file_name: job.file_name,
  file_size: job.file_size,
  status: job.status,
  phase: job.phase,
  progress: job.progress,
  report: job.report,
  created: job.created,
  updated: job.updated,
});

export async function startLedgerUpload(
  caller: Caller,
  body: { society: string; file_name: string; file_size: number; content_type: string },
) {
  const society = await societyForImport(caller, body.society);
  const uuid = randomUUID();
  const prefix = ledgerUploadPrefix(society.uuid, uuid);
  // The policy allows the size declared, not more: a larger body is refused by S3 itself.
  const post = await presignDocumentUpload(prefix, body.content_type, body.file_size);
  const job = await createImportJob({
    uuid,
    society: society.uuid,
    created_by: caller.user.uuid,
    file_name: body.file_name,
    file_size: body.file_size,
    object_key: `${prefix}file`,
  });
  return { job: jobView(job), upload: { url: post.url, fields: post.fields } };
}

/** A job the caller may see: one of a society in its import scope (404 otherwise, as if there were none). */
async function jobFor(caller: Caller, uuid: string): Promise<ImportJob> {
  const job = await getImportJob(uuid);
  if (!job) throw notFound();
  await societyForImport(caller, job.society);
  return job;
}

/**
 * The file is up: the job is queued and started. In AWS the upload's S3 event starts the job function
 * (functions/accounting/import-job-worker.ts); the local stack has no S3 events, so locally the confirm call starts it
 * in the portal's process, after answering: through the local stand-in of that event and of Lambda's asynchronous
 * invocation (retries, then the dead letters) when the local stack runs one. Whichever trigger comes first runs it; a second confirm changes nothing.
 */
export async function confirmLedgerUpload(caller: Caller, uuid: string): Promise<ImportJobView> {
  const job = await jobFor(caller, uuid);
  if (job.status === 'WAITING_UPLOAD') {
    const object = await headDocumentObject(job.object_key);
    if (!object) throw fieldErrors({ file: ['UPLOAD_MISSING'] });
    await moveImportJob(uuid, ['WAITING_UPLOAD'], 'QUEUED', 'READING');
    if (config.isLocal) {
      // The local stack's stand-in of the S3 event (local/async-invoke.ts) when it runs one; else the job itself.
      const objectCreated = localObjectCreatedListener();
      setImmediate(() => {
        if (objectCreated) objectCreated(config.documentsBucket, job.object_key);
        else runImportJob(uuid).catch((error) => console.error('ledger import job', uuid, error));
      });
    }
  }
  return jobView((await getImportJob(uuid)) as ImportJob);
}

/**
 * How long a job may go without a sign of life before the poll ends it: a RUNNING job writes its progress as it goes
 * and its function lives 15 minutes at most; a QUEUED one waits for its S3 event, which EventBridge retries for an hour.
 */
export const STALL_AFTER_MS: Partial<Record<ImportJob['status'], number>> = {
  RUNNING: 16 * 60_000,
  QUEUED: 70 * 60_000,
};

/**
 * What the import screen polls. A job whose worker died (timeout, memory) or whose event never came would otherwise
 * poll RUNNING or QUEUED forever: past its limit it ends FAILED with a Spanish message (nothing of the file was
 * stored: a slice is only switched to at the end of a successful import).
 */
export async function ledgerUploadStatus(caller: Caller, uuid: string, now = Date.now()): Promise<ImportJobView> {
  const job = await jobFor(caller, uuid);
  const limit = STALL_AFTER_MS[job.status];
  if (limit !== undefined && now - Date.parse(job.updated) > limit) {
    const report = {
      imported: false,
      file_errors: [accountingImport.fileErrors.jobStalled],
      rows: 0,
      failed: 0,
      report: [],
      periods: [],
    };
    await failStalledImportJob(uuid, job.status, job.updated, report);
    return jobView((await getImportJob(uuid)) as ImportJob);
  }
  return jobView(job);
}
