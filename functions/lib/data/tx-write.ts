import type { TransactWriteCommandInput } from '../aws/dynamo-commands';
import type { ApiError } from '../errors';

/** A directory write: transactWrite merges these per shard item before sending. */
export interface EntryWrite {
  key: { pk: string; sk: string };
  id: string;
  /** The entry's JSON, or undefined to remove it. */
  value: string | undefined;
}

/** A counter write: transactWrite sums the steps of one counter item (several users joining one project). */
export interface CountWrite {
  key: { pk: string; sk: string };
  by: number;
}

/**
 * A row of a sorted index entering (+1) or leaving (-1) an order's bucket (order-buckets.ts): transactWrite finds the
 * bucket from the order's layout (`bucket`, `layout`) and sums the steps of one count item into one Update.
 */
export interface BucketStep {
  /** The count item the entry's id hashes to. */
  key: { pk: string; sk: string };
  order: string;
  /** The row's sort key. */
  row: string;
  by: number;
  /** Set by transactWrite: the bucket holding `row`, and the version of the layout it was found in. */
  bucket?: string;
  layout?: number;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One write of a transaction, and the error to answer when its condition fails. */
export interface TxWrite {
  write: TransactItem;
  onConditionFail?: () => ApiError;
  /** A listing directory entry (directory.ts), merged with the others of its shard before sending. */
  entry?: EntryWrite;
  /** A step of a list's counter item (sorted-index.ts), summed with the others of that item before sending. */
  count?: CountWrite;
  /** A step of an order's bucket count (order-buckets.ts), resolved and merged per count item before sending. */
  bucket?: BucketStep;
  /** A bucket count Update whose condition failing means the layout moved under the writer: find again and resend. */
  staleLayout?: boolean;
}
