import { dynamo } from '../aws/dynamo';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { ApiError } from '../errors';
import { epochSeconds, keys } from './table';

/**
 * Throttles, each a counter of slots per key within a window (issue 8, "The lock holds").
 * - LOGIN, per e-mail: 5 failures within 15 minutes lock it for 5 minutes, even for the right password (issue 3).
 * - PASSWORD_RESET, per e-mail: 3 requests within 15 minutes lock for 15, so the EMAIL_NOT_EXISTS answer of the spec
 *   cannot be used to sweep addresses quickly.
 * - IP_*, per client address: sign-in failures, reset requests, registrations and invitation-link checks.
 * A slot is taken atomically *before* the guarded work (the password check, the mail), so concurrent requests cannot
 * all pass a check that each read before the others wrote: of 20 parallel wrong passwords at most 5 reach Cognito.
 */
export const THROTTLES = {
  LOGIN: { maxHits: 5, windowSeconds: 15 * 60, lockSeconds: 5 * 60 },
  PASSWORD_RESET: { maxHits: 3, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  IP_SIGN_IN: { maxHits: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  IP_PASSWORD_RESET: { maxHits: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  IP_REGISTRATION: { maxHits: 20, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  IP_LINK_CHECK: { maxHits: 60, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  // Landing contact messages per address (issue 13): enough for a person, too few to relay spam through the firm.
  IP_CONTACT: { maxHits: 5, windowSeconds: 60 * 60, lockSeconds: 60 * 60 },
  // Support tickets per signed-in user (issue 13): each is stored and mailed to the project; a few an hour is plenty.
  USER_TICKET: { maxHits: 5, windowSeconds: 60 * 60, lockSeconds: 60 * 60 },
} as const;
export type ThrottleKind = keyof typeof THROTTLES;

/**
 * The item: `attempts` slots taken in the window that ends at `window_end`. The key is locked while its attempts have
 * reached the limit and the window has not ended; the hit that fills it moves `window_end` to now + the lock time.
 */
interface ThrottleItem {
  attempts: number;
  window_end: number;
}

const isConditionFailure = (error: unknown) => (error as Error)?.name === 'ConditionalCheckFailedException';

export const tooManyAttempts = (remainingSeconds: number) =>
  new ApiError(429, 'TOO_MANY_ATTEMPTS', { remaining_time: Math.max(1, remainingSeconds) });

/**
 * Takes one slot of the key, or answers 429 TOO_MANY_ATTEMPTS with the seconds left. Returns the attempts counted
 * after this one. Each round is two conditional writes: one that counts within a live window, one that opens a new
 * window; when both fail because a parallel request opened the window in between, the next round counts in it.
 */
export async function takeSlot(kind: ThrottleKind, key: string, now = epochSeconds()): Promise<number> {
  const limits = THROTTLES[kind];
  const Key = keys.throttle(kind, key);
  const expiresAt = now + limits.windowSeconds + limits.lockSeconds;
  for (let round = 0; round < 3; round++) {
    try {
      const { Attributes } = await dynamo.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key,
          UpdateExpression: 'SET attempts = attempts + :one, expires_at = :exp',
          ConditionExpression: 'attempts < :max AND window_end > :now',
          ExpressionAttributeValues: { ':one': 1, ':max': limits.maxHits, ':now': now, ':exp': expiresAt },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Attributes?.attempts as number;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      await dynamo.send(
        new PutCommand({
          TableName: config.tableName,
          Item: { ...Key, attempts: 1, window_end: now + limits.windowSeconds, expires_at: expiresAt },
          // An item of the older shape (no window_end) counts as lapsed.
          ConditionExpression: 'attribute_not_exists(window_end) OR window_end <= :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return 1;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const item = await readThrottle(kind, key);
    if (item && item.attempts >= limits.maxHits && item.window_end > now) throw tooManyAttempts(item.window_end - now);
  }
  // Three rounds lost to parallel requests on one key: a burst, refused like a full key.
  throw tooManyAttempts(limits.lockSeconds);
}

/** After a counted failure (or a counting request) that filled the key: lock it for the lock time from now. */
export async function lockIfFull(kind: ThrottleKind, key: string, attempts: number, now = epochSeconds()) {
  const limits = THROTTLES[kind];
  if (attempts < limits.maxHits) return;
  await dynamo.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.throttle(kind, key),
      UpdateExpression: 'SET window_end = :until, expires_at = :exp',
      ExpressionAttributeValues: { ':until': now + limits.lockSeconds, ':exp': now + limits.lockSeconds },
    }),
  );
}

/** A request that counts whatever its outcome (reset mails, registrations, link checks): take a slot, lock when full. */
export async function countHit(kind: ThrottleKind, key: string, now = epochSeconds()): Promise<void> {
  await lockIfFull(kind, key, await takeSlot(kind, key, now), now);
}

/** Gives a slot back (a sign-in that succeeded does not count against its address). */
export async function releaseSlot(kind: ThrottleKind, key: string): Promise<void> {
  await dynamo
    .send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.throttle(kind, key),
        UpdateExpression: 'SET attempts = attempts - :one',
        ConditionExpression: 'attempts > :zero',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** Forgets the key's count: a successful sign-in or password reset lifts the e-mail's lock. */
export async function clearThrottle(kind: ThrottleKind, key: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: keys.throttle(kind, key) }));
}

export async function readThrottle(kind: ThrottleKind, key: string): Promise<ThrottleItem | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: keys.throttle(kind, key), ConsistentRead: true }),
  );
  return Item as ThrottleItem | undefined;
}
