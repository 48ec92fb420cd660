import { randomUUID } from 'node:crypto';
import type { AwsError } from '../aws/aws-client';
import { dynamo } from '../aws/dynamo';
import { DeleteCommand, GetCommand, UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { ApiError } from '../errors';
import { epochSeconds, keys } from './table';

interface Limits {
  maxHits: number;
  windowSeconds: number;
  lockSeconds: number;
  maxLockSeconds?: number;
  memorySeconds?: number;
}

/** How long a pair's successful sign-in makes its address "known" to the e-mail's ceiling (sign-in, below). */
export const KNOWN_ADDRESS_SECONDS = 90 * 24 * 3600;
const DAY = 24 * 3600;

/**
 * Throttles, each a counter of slots per key within a window. Where `maxLockSeconds` is
 * set the lock grows: each lock of the key doubles the previous one up to that cap, and the key remembers its locks
 * for `memorySeconds`.
 *
 * Sign-in: a stranger must not be able to lock the owner out, so no count is per e-mail alone.
 * - LOGIN_PAIR, per (e-mail, address): 5 failures within 15 minutes lock that pair for 5 minutes, then 10, 20, 40, 60:
 *   the spec's lock (429 with remaining_time), held by the guesser's address only. The owner's right password from
 *   that address clears it and marks the address known to the e-mail for 90 days.
 * - IP_SIGN_IN, per address (IPv6 by /64) across e-mails: 30 failures within 15 minutes, then 15 minutes growing to 4
 *   hours: one address sweeping many accounts.
 * - LOGIN, per e-mail, the ceiling of many addresses on one account: 50 failures within an hour from addresses the
 *   e-mail never signed in from lock it for those addresses only (15 minutes growing to 4 hours). Addresses where
 *   the owner signed in before skip it, so strangers elsewhere never hold the owner's own address; a password reset
 *   clears it.
 * Others:
 * - PASSWORD_RESET, per e-mail: 3 requests within 15 minutes lock for 15 (each request may mail the owner).
 * - IP_*, per client address: reset requests, registrations and invitation-link checks.
 * A slot is taken atomically *before* the guarded work (the password check, the mail), so concurrent requests cannot
 * all pass a check that each read before the others wrote: of 20 parallel wrong passwords at most 5 reach Cognito.
 */
export const THROTTLES = {
  LOGIN_PAIR: { maxHits: 5, windowSeconds: 15 * 60, lockSeconds: 5 * 60, maxLockSeconds: 60 * 60, memorySeconds: DAY },
  LOGIN: { maxHits: 50, windowSeconds: 60 * 60, lockSeconds: 15 * 60, maxLockSeconds: 4 * 3600, memorySeconds: DAY },
  PASSWORD_RESET: { maxHits: 3, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  // Second-factor codes per account, beside the pair's and the address's slots (functions/auth/post-second-factor.ts).
  SECOND_FACTOR: {
    maxHits: 5,
    windowSeconds: 15 * 60,
    lockSeconds: 5 * 60,
    maxLockSeconds: 60 * 60,
    memorySeconds: DAY,
  },
  IP_SIGN_IN: {
    maxHits: 30,
    windowSeconds: 15 * 60,
    lockSeconds: 15 * 60,
    maxLockSeconds: 4 * 3600,
    memorySeconds: DAY,
  },
  IP_PASSWORD_RESET: { maxHits: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  IP_REGISTRATION: { maxHits: 20, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  IP_LINK_CHECK: { maxHits: 60, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  // Landing contact messages per address: enough for a person, too few to relay spam through the firm.
  IP_CONTACT: { maxHits: 5, windowSeconds: 60 * 60, lockSeconds: 60 * 60 },
  // Support tickets per signed-in user: each is stored and mailed to the project; a few an hour is plenty.
  USER_TICKET: { maxHits: 5, windowSeconds: 60 * 60, lockSeconds: 60 * 60 },
  // Messages on tickets and attachment uploads per user: each message mails the other side.
  USER_TICKET_MESSAGE: { maxHits: 30, windowSeconds: 60 * 60, lockSeconds: 60 * 60 },
  USER_TICKET_UPLOAD: { maxHits: 30, windowSeconds: 60 * 60, lockSeconds: 60 * 60 },
  // Attachment uploads of the conversations per user (up to 100 MB each, clients included): 20 messages of 5 files.
  USER_MESSAGE_UPLOAD: { maxHits: 100, windowSeconds: 60 * 60, lockSeconds: 60 * 60 },
} as const satisfies Record<string, Limits>;
export type ThrottleKind = keyof typeof THROTTLES;
const limitsOf = (kind: ThrottleKind): Limits => THROTTLES[kind];

/** One e-mail tried from one address (the address as addressKey gives it): the LOGIN_PAIR key, and its item's key. */
export const pairKey = (email: string, address: string) => `${email.toLowerCase()}#${address}`;
export const signInPairKey = (email: string, address: string) => keys.throttle('LOGIN_PAIR', pairKey(email, address));

/**
 * The item: `attempts` slots taken in the window that ends at `window_end`. The key is locked while its attempts have
 * reached the limit and the window has not ended; the hit that fills it moves `window_end` to now + the lock time and
 * counts the lock in `lock_count` (the next lock doubles). `known_until`: a sign-in pair whose owner signed in from it.
 * `last_hit`, `last_lock`, `last_release`: the marker of the last write of each kind, so a retried attempt whose
 * answer was lost finds its own write instead of counting again (DynamoDB has no idempotency token for UpdateItem).
 */
export interface ThrottleItem {
  attempts: number;
  window_end: number;
  lock_count?: number;
  known_until?: number;
  last_hit?: string;
}

const isConditionFailure = (error: unknown) => (error as Error)?.name === 'ConditionalCheckFailedException';

/**
 * A condition failure on a retry (the call's attempt 2 or later): the attempt before may have been applied with its
 * answer lost, the write's own marker then says so. A first attempt's failure is always another writer's doing.
 */
const failedOnRetry = (error: unknown) =>
  isConditionFailure(error) && ((error as AwsError).$metadata?.attempts ?? 1) > 1;

export const tooManyAttempts = (remainingSeconds: number) =>
  new ApiError(429, 'TOO_MANY_ATTEMPTS', { remaining_time: Math.max(1, remainingSeconds) });

/** The lock a key gets when it fills for the (locks + 1)th time. */
export function lockSecondsOf(kind: ThrottleKind, locks = 0): number {
  const limits = limitsOf(kind);
  if (!limits.maxLockSeconds) return limits.lockSeconds;
  return Math.min(limits.maxLockSeconds, limits.lockSeconds * 2 ** Math.min(locks, 20));
}

/** When the item may go: after its longest lock and its memory of locks; a known pair lives until it is forgotten. */
const expiryOf = (limits: Limits, now: number) =>
  now + limits.windowSeconds + (limits.maxLockSeconds ?? limits.lockSeconds) + (limits.memorySeconds ?? 0);

/**
 * Takes one slot of the key, or answers 429 TOO_MANY_ATTEMPTS with the seconds left. Returns the item after this
 * slot. Each round is two conditional writes: one that counts within a live window, one that opens a new window
 * (keeping the key's lock count and known mark); when both fail because a parallel request opened the window in
 * between, the next round counts in it. Both writes carry this slot's marker and refuse to apply twice: a retry whose
 * earlier attempt landed fails its condition and finds the marker (one read, only then). A parallel hit on the same
 * key between the lost answer and that read replaces the marker, and the slot is then counted twice: a rarer
 * overcount, never an undercount.
 */
export async function takeSlotItem(kind: ThrottleKind, key: string, now = epochSeconds()): Promise<ThrottleItem> {
  const limits = limitsOf(kind);
  const Key = keys.throttle(kind, key);
  const expiresAt = expiryOf(limits, now);
  const hit = randomUUID();
  const own = async () => {
    const item = await readThrottle(kind, key);
    return item?.last_hit === hit ? item : undefined;
  };
  for (let round = 0; round < 3; round++) {
    try {
      const { Attributes } = await dynamo.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key,
          UpdateExpression:
            'SET attempts = attempts + :one, expires_at = if_not_exists(known_until, :exp), last_hit = :hit',
          ConditionExpression: 'attempts < :max AND window_end > :now AND NOT last_hit = :hit',
          ExpressionAttributeValues: {
            ':one': 1,
            ':max': limits.maxHits,
            ':now': now,
            ':exp': expiresAt,
            ':hit': hit,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes as unknown as ThrottleItem;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const landed = failedOnRetry(error) ? await own() : undefined;
      if (landed) return landed;
    }
    try {
      const { Attributes } = await dynamo.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key,
          UpdateExpression:
            'SET attempts = :one, window_end = :end, expires_at = if_not_exists(known_until, :exp), last_hit = :hit',
          // An item of the older shape (no window_end) counts as lapsed.
          ConditionExpression: '(attribute_not_exists(window_end) OR window_end <= :now) AND NOT last_hit = :hit',
          ExpressionAttributeValues: {
            ':one': 1,
            ':end': now + limits.windowSeconds,
            ':exp': expiresAt,
            ':now': now,
            ':hit': hit,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes as unknown as ThrottleItem;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const landed = failedOnRetry(error) ? await own() : undefined;
      if (landed) return landed;
    }
    const item = await readThrottle(kind, key);
    if (item && item.attempts >= limits.maxHits && item.window_end > now) throw tooManyAttempts(item.window_end - now);
  }
  // Three rounds lost to parallel requests on one key: a burst, refused like a full key.
  throw tooManyAttempts(limits.lockSeconds);
}

/** takeSlotItem, answering the attempts counted after this one. */
export async function takeSlot(kind: ThrottleKind, key: string, now = epochSeconds()): Promise<number> {
  return (await takeSlotItem(kind, key, now)).attempts;
}

/** After a counted failure (or a counting request) that filled the key: lock it, longer each time where it grows. */
export async function lockIfFull(kind: ThrottleKind, key: string, attempts: number, now = epochSeconds(), locks = 0) {
  const limits = limitsOf(kind);
  if (attempts < limits.maxHits) return;
  const until = now + lockSecondsOf(kind, locks);
  // Its marker makes a retry of a lock already applied fail its condition: the lock counts once.
  await dynamo
    .send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.throttle(kind, key),
        UpdateExpression:
          'SET window_end = :until, expires_at = if_not_exists(known_until, :exp), last_lock = :lock ADD lock_count :one',
        ConditionExpression: 'NOT last_lock = :lock',
        ExpressionAttributeValues: {
          ':until': until,
          ':exp': until + (limits.memorySeconds ?? 0),
          ':one': 1,
          ':lock': randomUUID(),
        },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
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
        UpdateExpression: 'SET attempts = attempts - :one, last_release = :release',
        // Its marker makes a retry of a release already applied fail its condition: one slot back, not two.
        ConditionExpression: 'attempts > :zero AND NOT last_release = :release',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':release': randomUUID() },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/**
 * The owner's right password from this address: the pair's count and its lock growth go, and the address is known to
 * the e-mail (it skips the e-mail's ceiling) for KNOWN_ADDRESS_SECONDS from now.
 */
export async function markKnownPair(key: string, now = epochSeconds()): Promise<void> {
  const until = now + KNOWN_ADDRESS_SECONDS;
  await dynamo.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.throttle('LOGIN_PAIR', key),
      UpdateExpression:
        'SET attempts = :zero, window_end = :now, known_until = :until, expires_at = :until, lock_count = :zero',
      ExpressionAttributeValues: { ':zero': 0, ':now': now, ':until': until },
    }),
  );
}

/** Forgets the key's count: a password reset lifts the e-mail's ceiling. */
export async function clearThrottle(kind: ThrottleKind, key: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: keys.throttle(kind, key) }));
}

export async function readThrottle(kind: ThrottleKind, key: string): Promise<ThrottleItem | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: keys.throttle(kind, key), ConsistentRead: true }),
  );
  return Item as ThrottleItem | undefined;
}
