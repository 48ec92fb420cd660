import { AsyncLocalStorage } from 'node:async_hooks';

export type Key = { pk: string; sk: string };

/**
 * Reads that ride in a request's next BatchGet (issue 9: a list page in at most 3 DynamoDB calls, the caller's own Get
 * included): the authentication's check of the caller's memberships (membership-status.ts) needs only keys known from
 * the caller's record, so instead of a call of its own it adds them to the first BatchGet the list makes anyway.
 */
export interface Rider {
  /** Keys to add to the next BatchGet (none while a read carrying them is under way or when nothing is left). */
  take(): Key[];
  /** What that BatchGet found (every key it read); may throw to refuse the request. */
  settle(found: Map<string, Record<string, unknown>>): void;
}

const current = new AsyncLocalStorage<Rider>();

export const withRider = <T>(rider: Rider, run: () => Promise<T>): Promise<T> => current.run(rider, run);

/** The request's rider, if any (list-index.ts batchGet). */
export const rider = (): Rider | undefined => current.getStore();
