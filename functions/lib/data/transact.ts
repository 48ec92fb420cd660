import { AwsError, backoffMs, callTimeLeftMs } from '../aws/aws-client';
import { dynamo } from '../aws/dynamo';
import { TransactWriteCommand } from '../aws/dynamo-commands';
import { ApiError, conflict, serviceBusy } from '../errors';
import { mergeEntryWrites } from './directory';
import { rebalanceSampled, resolveBucketSteps } from './order-buckets';
import type { TxWrite } from './tx-write';

/** DynamoDB's limit on one transaction's writes (the user entries backfill checks it before it sends). */
export const MAX_WRITES = 100;
/**
 * A transaction clashing with others on a shared item (a firm's document sizes, a directory shard) is sent up to this
 * many times, after pauses with full jitter doubling from CONFLICT_BASE_MS (about 3 s in all on average): at 200
 * users uploading at once into one firm, five attempts 20–80 ms apart left some uploads 409 (bench/load.ts).
 */
const CONFLICT_RETRIES = 8;
const CONFLICT_BASE_MS = 25;

/**
 * The pause before the next attempt of a write that lost a race (`attempt` made so far), or undefined when the attempts
 * or the call's time are spent: the caller then answers 409.
 */
export function conflictPauseMs(attempt: number): number | undefined {
  const pause = backoffMs('TRANSIENT', attempt, CONFLICT_BASE_MS);
  return attempt >= CONFLICT_RETRIES || pause >= callTimeLeftMs() ? undefined : pause;
}
/** A transaction DynamoDB cancels for throughput is sent at most this many times, as the SDK sends a throttled call. */
const THROTTLED_ATTEMPTS = 4;
/** Reasons that are throttling: nothing was written and the same request may land a moment later. */
const THROTTLED = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded']);

/**
 * All or nothing: the writes land together or none does. Uniqueness markers, counters and version checks ride in the
 * same transaction as the change, so two concurrent requests cannot both win and no half-write is ever left.
 * A failed condition answers its own error; a condition with none, or a clash with another transaction that persists,
 * answers 409 DATA_CONFLICT; throttling that persists answers 503 SERVICE_BUSY (nothing was written, the request may be
 * sent again); a write DynamoDB refuses as invalid (an item over 400 KB) is the request's own fault: a 500.
 */
export async function transactWrite(unmerged: TxWrite[]): Promise<void> {
  // The buckets of the index rows that move (order-buckets.ts): found in their orders' layouts before merging.
  await resolveBucketSteps(unmerged);
  let writes = mergeEntryWrites(unmerged);
  // DynamoDB takes 100 writes per transaction: an edit that adds or removes more members at once (about 45 leaving,
  // about 28 joining, since a join rewrites every entry of its user) is the client's to split, with a clear 400
  // rather than a 500. Deletes detach any number in rounds (detach.ts).
  if (writes.length > MAX_WRITES) throw new ApiError(400, 'TOO_MANY_CHANGES');
  let throttled = 0;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo.send(new TransactWriteCommand({ TransactItems: writes.map((w) => w.write) }));
      await rebalanceSampled(unmerged);
      return;
    } catch (error) {
      if (!(error instanceof AwsError) || error.name !== 'TransactionCanceledException') throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = [...reasons.entries()].filter(([, reason]) => reason.Code === 'ConditionalCheckFailed');
      for (const [index] of failed) {
        if (!writes[index]?.staleLayout) throw writes[index]?.onConditionFail?.() ?? conflict('DATA_CONFLICT');
      }
      if (failed.length > 0) {
        // Only a layout moved (a rebalance landed since it was read): the buckets are found again and it is resent.
        if (attempt >= CONFLICT_RETRIES) throw conflict('DATA_CONFLICT');
        await resolveBucketSteps(unmerged, true);
        writes = mergeEntryWrites(unmerged);
        continue;
      }
      // Every condition held. A clash with another transaction on a shared item (a listing directory's shard), or
      // throttling: the same request is sent again after a random pause; it either lands whole or not at all.
      const clashed = reasons.some((r) => r.Code === 'TransactionConflict');
      const isThrottled = reasons.some((r) => THROTTLED.has(r.Code ?? ''));
      if (!clashed && !isThrottled) throw error;
      if (isThrottled) {
        const pause = backoffMs('THROTTLING', throttled, 0);
        throttled += 1;
        if (throttled >= THROTTLED_ATTEMPTS || pause >= callTimeLeftMs()) throw serviceBusy();
        await new Promise((resolve) => setTimeout(resolve, pause));
        continue;
      }
      const pause = conflictPauseMs(attempt);
      if (pause === undefined) throw conflict('DATA_CONFLICT');
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
