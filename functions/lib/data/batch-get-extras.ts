import { AsyncLocalStorage } from 'node:async_hooks';

export type Key = { pk: string; sk: string };

/**
 * Keys that join a request's next BatchGet instead of a call of their own, so that a list page stays within 3
 * DynamoDB calls: the authentication's check of the caller's memberships (membership-status.ts) needs only keys
 * known from the caller's record, and adds them to the first BatchGet the list makes anyway.
 */
export interface BatchGetExtra {
  /** Keys to add to the next BatchGet (none while a read carrying them is under way or when nothing is left). */
  take(): Key[];
  /** What that BatchGet found (every key it read); may throw to refuse the request. */
  settle(found: Map<string, Record<string, unknown>>): void;
}

const current = new AsyncLocalStorage<BatchGetExtra>();

export const withBatchGetExtra = <T>(extra: BatchGetExtra, run: () => Promise<T>): Promise<T> =>
  current.run(extra, run);

/** The request's extra keys, if any (list-index.ts batchGet). */
export const batchGetExtra = (): BatchGetExtra | undefined => current.getStore();
