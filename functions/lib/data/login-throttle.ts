import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/dynamo';
import { config } from '../config';
import { epochSeconds, keys } from './table';

/** Spec (issue 3): 5 failures for one e-mail within 15 minutes lock it for 5 minutes, even for the right password. */
export const LOGIN_THROTTLE = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 5 * 60 } as const;

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

export async function readLoginThrottle(email: string, now = epochSeconds()): Promise<ThrottleState> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: keys.loginThrottle(email), ConsistentRead: true }),
  );
  const item = Item as ThrottleItem | undefined;
  if (!item) return { lockedFor: 0 };
  if (item.locked_until !== undefined) {
    // A lock that ran out starts the count afresh.
    return item.locked_until > now ? { lockedFor: item.locked_until - now, item } : { lockedFor: 0 };
  }
  return item.window_start + LOGIN_THROTTLE.windowSeconds > now ? { lockedFor: 0, item } : { lockedFor: 0 };
}

/** Counts a failure atomically; the failure that reaches the limit sets the lock. */
export async function recordLoginFailure(email: string, state: ThrottleState, now = epochSeconds()): Promise<void> {
  const Key = keys.loginThrottle(email);
  const expiresAt = now + LOGIN_THROTTLE.windowSeconds + LOGIN_THROTTLE.lockSeconds;
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
  if ((Attributes?.attempts as number) >= LOGIN_THROTTLE.maxFailures) {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key,
        UpdateExpression: 'SET locked_until = if_not_exists(locked_until, :until), expires_at = :exp',
        ExpressionAttributeValues: { ':until': now + LOGIN_THROTTLE.lockSeconds, ':exp': expiresAt },
      }),
    );
  }
}

export async function clearLoginThrottle(email: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: keys.loginThrottle(email) }));
}
