import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/dynamo';
import { config } from '../config';
import { epochSeconds, keys } from './table';

/**
 * Throttles per e-mail: sign-in counts failures (5 within 15 minutes lock it for 5 minutes, even for the right
 * password: issue 3); password-reset requests count every request (3 within 15 minutes lock for 15), so nobody can
 * probe which addresses have accounts at speed.
 */
export const THROTTLES = {
  LOGIN: { maxHits: 5, windowSeconds: 15 * 60, lockSeconds: 5 * 60 },
  PASSWORD_RESET: { maxHits: 3, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
} as const;
export type ThrottleKind = keyof typeof THROTTLES;

interface ThrottleItem {
  attempts: number;
  window_start: number;
  locked_until?: number;
}

export interface ThrottleState {
  /** Seconds left on a lock, or 0 when the e-mail may try. */
  lockedFor: number;
  /** The live item, if any; a lapsed lock or window counts as none. */
  item?: ThrottleItem;
}

export async function readThrottle(kind: ThrottleKind, email: string, now = epochSeconds()): Promise<ThrottleState> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: keys.throttle(kind, email), ConsistentRead: true }),
  );
  const item = Item as ThrottleItem | undefined;
  if (!item) return { lockedFor: 0 };
  if (item.locked_until !== undefined) {
    // A lock that ran out starts the count afresh.
    return item.locked_until > now ? { lockedFor: item.locked_until - now, item } : { lockedFor: 0 };
  }
  return item.window_start + THROTTLES[kind].windowSeconds > now ? { lockedFor: 0, item } : { lockedFor: 0 };
}

/** Counts a hit atomically; the hit that reaches the limit sets the lock. */
export async function recordHit(kind: ThrottleKind, email: string, state: ThrottleState, now = epochSeconds()) {
  const Key = keys.throttle(kind, email);
  const limits = THROTTLES[kind];
  const expiresAt = now + limits.windowSeconds + limits.lockSeconds;
  if (!state.item) {
    await dynamo.send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...Key, attempts: 1, window_start: now, expires_at: expiresAt },
      }),
    );
    return;
  }
  const { Attributes } = await dynamo.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key,
      UpdateExpression: 'ADD attempts :one SET expires_at = :exp',
      ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if ((Attributes?.attempts as number) >= limits.maxHits) {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key,
        UpdateExpression: 'SET locked_until = if_not_exists(locked_until, :until), expires_at = :exp',
        ExpressionAttributeValues: { ':until': now + limits.lockSeconds, ':exp': expiresAt },
      }),
    );
  }
}

export async function clearThrottle(kind: ThrottleKind, email: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: keys.throttle(kind, email) }));
}
