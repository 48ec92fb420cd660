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

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One write of a transaction, and the error to answer when its condition fails. */
export interface TxWrite {
  write: TransactItem;
  onConditionFail?: () => ApiError;
  /** A listing directory entry (directory.ts), merged with the others of its shard before sending. */
  entry?: EntryWrite;
  /** A step of a list's counter item (sorted-index.ts), summed with the others of that item before sending. */
  count?: CountWrite;
}
