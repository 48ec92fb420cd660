import { AwsError } from '../aws/aws-client';
import { dynamo } from '../aws/dynamo';
import { TransactWriteCommand, type TransactWriteCommandInput } from '../aws/dynamo-commands';
import { ApiError, conflict } from '../errors';
import { type EntryWrite, mergeEntryWrites } from './directory';

/** DynamoDB's limit on one transaction's writes (the user entries backfill checks it before it sends). */
export const MAX_WRITES = 100;
const CONFLICT_RETRIES = 5;

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One write of a transaction, and the error to answer when its condition fails. */
export interface TxWrite {
  write: TransactItem;
  onConditionFail?: () => ApiError;
  /** A listing directory entry (directory.ts), merged with the others of its shard before sending. */
  entry?: EntryWrite;
}

/**
 * All or nothing: the writes land together or none does. Uniqueness markers, counters and version checks ride in the
 * same transaction as the change, so two concurrent requests cannot both win and no half-write is ever left.
 * A failed condition answers its own error; a condition with none, or a clash with another transaction, answers
 * 409 DATA_CONFLICT.
 */
export async function transactWrite(unmerged: TxWrite[]): Promise<void> {
  const writes = mergeEntryWrites(unmerged);
  // DynamoDB takes 100 writes per transaction: an edit that adds or removes more members at once (about 45 leaving,
  // about 28 joining, since a join rewrites every entry of its user) is the client's to split, with a clear 400
  // rather than a 500. Deletes detach any number in rounds (detach.ts).
  if (writes.length > MAX_WRITES) throw new ApiError(400, 'TOO_MANY_CHANGES');
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo.send(new TransactWriteCommand({ TransactItems: writes.map((w) => w.write) }));
      return;
    } catch (error) {
      if (!(error instanceof AwsError) || error.name !== 'TransactionCanceledException') throw error;
      const reasons = error.CancellationReasons ?? [];
      for (const [index, reason] of reasons.entries()) {
        if (reason.Code === 'ConditionalCheckFailed')
          throw writes[index]?.onConditionFail?.() ?? conflict('DATA_CONFLICT');
      }
      // Only a clash with another transaction on a shared item (a listing directory's shard): every condition held,
      // so the same request is sent again after a short random pause; it either lands whole or not at all.
      const clashed = reasons.some((r) => r.Code === 'TransactionConflict');
      if (!clashed || attempt >= CONFLICT_RETRIES) throw conflict('DATA_CONFLICT');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
