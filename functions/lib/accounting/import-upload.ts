import { s3 } from '../aws/s3';
import { GetObjectCommand, HeadObjectCommand } from '../aws/s3-commands';
import { config } from '../config';
import { BudgetExceeded } from '../parsers/budget';

/**
 * Where a large ledger file waits for its job: under the documents bucket's `uploads/` prefix, which a
 * lifecycle rule empties after a day, in a folder of its own per society and job. The S3 event that starts the job in
 * AWS listens to this prefix (infra/constructs/accounting-import-job.ts).
 */
export const LEDGER_UPLOAD_ROOT = 'uploads/accounting/';
/**
 * How often Lambda retries a run of the job that threw, before its event goes to the dead letters: the function's
 * asynchronous `retryAttempts` (infra/constructs/accounting-import-job.ts), and the local stand-in's
 * (local/async-invoke.ts). The job item's status makes a retry safe.
 */
export const IMPORT_JOB_RETRY_ATTEMPTS = 1;
export const ledgerUploadPrefix = (society: string, job: string) => `${LEDGER_UPLOAD_ROOT}${society}/${job}/`;
/** The job of an uploaded object's key, or undefined for a key that is not a ledger upload's. */
export function jobOfUploadKey(key: string): string | undefined {
  const match = /^uploads\/accounting\/[0-9a-f-]{36}\/([0-9a-f-]{36})\/file$/.exec(key);
  return match?.[1];
}

/**
 * The uploaded file's bytes, or undefined when nothing was uploaded. An object past `maxBytes` is refused by the
 * length its HEAD gives, before its body is fetched (the presigned POST's policy caps the size; this does not rely on it).
 */
export async function readLedgerUpload(key: string, maxBytes: number): Promise<Buffer | undefined> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: config.documentsBucket, Key: key }));
    if ((head.ContentLength ?? 0) > maxBytes) throw new BudgetExceeded('bytes', maxBytes);
    const out = await s3.send(new GetObjectCommand({ Bucket: config.documentsBucket, Key: key }));
    const bytes = await out.Body.transformToByteArray();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength); // no copy of a file up to 150 MB
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || ['NoSuchKey', 'NotFound'].includes((error as Error).name)) return undefined;
    throw error;
  }
}
