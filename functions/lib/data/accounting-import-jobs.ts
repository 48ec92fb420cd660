import type { ImportReport } from '../../../shared/contracts/accounting';
import { dynamo } from '../aws/dynamo';
import { GetCommand, PutCommand, UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { nowIso, recordOf } from './table';

/**
 * A large ledger import ("Larger files ... processed by a job whose status the screen polls"), one item
 * under ACCJOB#<uuid>: who asked, for which society, the object uploaded by presigned POST, and the job's status,
 * progress (0–100) and final per-row report. Kept a week (expires_at, the table's TTL).
 */
export type ImportJobStatus = 'WAITING_UPLOAD' | 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
export type ImportJobPhase = 'UPLOAD' | 'READING' | 'VALIDATING' | 'WRITING' | 'FINISHED';

export interface ImportJob {
  uuid: string;
  society: string;
  created_by: string;
  file_name: string;
  file_size: number;
  object_key: string;
  status: ImportJobStatus;
  phase: ImportJobPhase;
  progress: number;
  report: ImportReport | null;
  created: string;
  updated: string;
  expires_at: number;
}

const KEEP_SECONDS = 7 * 24 * 3600;
const jobKey = (uuid: string) => ({ pk: `ACCJOB#${uuid}`, sk: 'ACCJOB' });

export async function createImportJob(
  job: Omit<ImportJob, 'status' | 'phase' | 'progress' | 'report' | 'created' | 'updated' | 'expires_at'>,
): Promise<ImportJob> {
  const now = nowIso();
  const item: ImportJob = {
    ...job,
    status: 'WAITING_UPLOAD',
    phase: 'UPLOAD',
    progress: 0,
    report: null,
    created: now,
    updated: now,
    expires_at: Math.floor(Date.now() / 1000) + KEEP_SECONDS,
  };
  try {
    await dynamo.send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...jobKey(job.uuid), ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    // The uuid is new, so a job already under it is this very put, retried by the client after its answer was lost
    // (a dropped connection, a 5xx): the job is there as written.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    const stored = await getImportJob(job.uuid);
    if (stored?.created !== now || stored.created_by !== job.created_by) throw error;
  }
  return item;
}

export async function getImportJob(uuid: string): Promise<ImportJob | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: jobKey(uuid), ConsistentRead: true }),
  );
  return recordOf<ImportJob>(Item);
}

/** A status change that holds only under `condition`: false when it did not (another writer moved the job first). */
async function updateJobIf(
  uuid: string,
  update: string,
  condition: string,
  values: Record<string, unknown>,
): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: jobKey(uuid),
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ...values, ':now': nowIso() },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * Moves a job from one of `from` to `to`; false when it is in another status (another trigger took it first: the
 * confirm call and the S3 event may both start it, and only one runs it).
 */
export const moveImportJob = (uuid: string, from: ImportJobStatus[], to: ImportJobStatus, phase: ImportJobPhase) =>
  updateJobIf(
    uuid,
    'SET #status = :to, phase = :phase, updated = :now',
    `attribute_exists(pk) AND #status IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
    { ':to': to, ':phase': phase, ...Object.fromEntries(from.map((status, i) => [`:from${i}`, status])) },
  );

/** The running job's phase and progress (what the import screen's progress bar shows). */
export async function setImportJobProgress(uuid: string, phase: ImportJobPhase, progress: number): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: jobKey(uuid),
      UpdateExpression: 'SET phase = :phase, progress = :progress, updated = :now',
      ExpressionAttributeValues: { ':phase': phase, ':progress': Math.round(progress), ':now': nowIso() },
    }),
  );
}

/**
 * Ends a job that stopped answering as FAILED with `report`, only if it is still in `status` and unchanged since
 * `updated` (a worker that is alive moves it on, and this then changes nothing); false when it was not ended here.
 */
export const failStalledImportJob = (uuid: string, status: ImportJobStatus, updated: string, report: ImportReport) =>
  updateJobIf(
    uuid,
    'SET #status = :failed, phase = :phase, report = :report, updated = :now',
    '#status = :status AND updated = :updated',
    { ':failed': 'FAILED', ':phase': 'FINISHED', ':report': report, ':status': status, ':updated': updated },
  );

/** A job keeps the first failed rows only: an item holds at most 400 KB (`failed` still counts them all). */
export const JOB_REPORT_ROWS = 2_000;

/** The end of a job: DONE with the report of a stored file, FAILED with the report of a refused one. */
export async function finishImportJob(uuid: string, full: ImportReport): Promise<void> {
  const report = { ...full, report: full.report.slice(0, JOB_REPORT_ROWS) };
  await dynamo.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: jobKey(uuid),
      UpdateExpression: 'SET #status = :status, phase = :phase, progress = :progress, report = :report, updated = :now',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': report.imported ? 'DONE' : 'FAILED',
        ':phase': 'FINISHED',
        ':progress': 100,
        ':report': report,
        ':now': nowIso(),
      },
    }),
  );
}
