import { createHash, randomUUID } from 'node:crypto';
import type { FirstFactor } from '../../../shared/second-factor';
import type { AwsError } from '../aws/aws-client';
import { dynamo } from '../aws/dynamo';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { epochSeconds, keys, nowIso, recordOf } from './table';
import type { TxWrite } from './tx-write';
import { deleteKey } from './writes';

/**
 * The second factor (functions/lib/auth/second-factor.ts), three kinds of item:
 * - the factor, under the user (USER#<uuid> / SECOND_FACTOR): the TOTP secret sealed with a key that is not in the
 *   table, PENDING until its first code, then ACTIVE; the last time step accepted (a code counts once); the keyed
 *   hashes of the unused recovery codes. `factor_id` names one enrolment: a reset and a new enrolment change it.
 * - a trusted device, under the user (TRUSTED_DEVICE#<sha256 of its token>): skips the code on that device until it
 *   expires, for the enrolment it was given under only.
 * - a sign-in waiting for its code (SECOND_FACTOR_CHALLENGE#<sha256 of its id>): the first factor's refresh token,
 *   sealed, for a few minutes; taken once.
 */
export type FactorStatus = 'PENDING' | 'ACTIVE';

export interface SecondFactorRecord {
  user_uuid: string;
  factor_id: string;
  status: FactorStatus;
  secret_sealed: string;
  /** The TOTP time step of the last code accepted: codes of that step or earlier are refused. */
  last_step?: number;
  /** Keyed hash → when it was made; a used code's hash goes. */
  recovery_codes?: Record<string, string>;
  created: string;
  activated?: string;
}

export interface ChallengeRecord {
  user_uuid: string;
  email: string;
  /** The way in that proved the first factor (the session log's method names it). */
  first_factor: FirstFactor;
  /** VERIFY: a code of the active factor; ENROL: the factor is due and not yet active. */
  step: 'VERIFY' | 'ENROL';
  refresh_sealed: string;
  portal: string;
  remember: boolean;
  created_at: number;
  expires_at: number;
  misses?: number;
}

const sha = (value: string) => createHash('sha256').update(value).digest('base64url');
const factorKey = (userUuid: string) => ({ pk: keys.user(userUuid).pk, sk: 'SECOND_FACTOR' });
const deviceKey = (userUuid: string, token: string) => ({
  pk: keys.user(userUuid).pk,
  sk: `TRUSTED_DEVICE#${sha(token)}`,
});
const challengeKey = (id: string) => ({ pk: `SECOND_FACTOR_CHALLENGE#${sha(id)}`, sk: 'SECOND_FACTOR_CHALLENGE' });

const isConditionFailure = (error: unknown) => (error as Error)?.name === 'ConditionalCheckFailedException';
const onRetry = (error: unknown) => ((error as AwsError).$metadata?.attempts ?? 1) > 1;

export async function getSecondFactor(userUuid: string): Promise<SecondFactorRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: factorKey(userUuid), ConsistentRead: true }),
  );
  return recordOf<SecondFactorRecord>(Item);
}

/** Whether the user has an active factor (the user detail screen shows it). */
export async function hasActiveFactor(userUuid: string): Promise<boolean> {
  return (await getSecondFactor(userUuid))?.status === 'ACTIVE';
}

/** A new enrolment's secret, PENDING; never over an ACTIVE factor nor over the same enrolment (false then). */
export async function putPendingFactor(userUuid: string, factorId: string, secretSealed: string): Promise<boolean> {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...factorKey(userUuid),
          user_uuid: userUuid,
          factor_id: factorId,
          status: 'PENDING',
          secret_sealed: secretSealed,
          created: nowIso(),
        },
        // A pending enrolment of the same name (factorId) stays: the request that wrote it first answered its key.
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :pending AND factor_id <> :factor)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'PENDING', ':factor': factorId },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The first code of a PENDING enrolment makes it ACTIVE with its recovery codes, and counts as used; false when the
 * enrolment changed or was activated meanwhile.
 */
export async function activateFactor(
  userUuid: string,
  factorId: string,
  step: number,
  recoveryHashes: string[],
): Promise<boolean> {
  const at = nowIso();
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: factorKey(userUuid),
        UpdateExpression: 'SET #status = :active, last_step = :step, recovery_codes = :codes, activated = :at',
        ConditionExpression: 'factor_id = :id AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':active': 'ACTIVE',
          ':pending': 'PENDING',
          ':step': step,
          ':id': factorId,
          ':at': at,
          ':codes': Object.fromEntries(recoveryHashes.map((hash) => [hash, at])),
        },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // A retry whose first attempt landed finds its own activation.
    const now = onRetry(error) ? await getSecondFactor(userUuid) : undefined;
    return now?.factor_id === factorId && now.status === 'ACTIVE' && now.activated === at;
  }
}

/**
 * One conditional update of the user's active factor, applied once: it marks the item with a fresh `last_hit`, so a
 * condition failing on the client's retry of an update that did land is told apart (read back) from a real refusal.
 */
async function updateActiveFactorOnce(
  userUuid: string,
  factorId: string,
  change: {
    set?: string;
    remove?: string;
    condition: string;
    names?: Record<string, string>;
    values?: Record<string, unknown>;
  },
): Promise<boolean> {
  const hit = randomUUID();
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: factorKey(userUuid),
        UpdateExpression: `${change.remove ? `REMOVE ${change.remove} ` : ''}SET ${[change.set, 'last_hit = :hit'].filter(Boolean).join(', ')}`,
        ConditionExpression: `factor_id = :id AND #status = :active AND ${change.condition}`,
        ExpressionAttributeNames: { '#status': 'status', ...change.names },
        ExpressionAttributeValues: { ':id': factorId, ':active': 'ACTIVE', ':hit': hit, ...change.values },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (!onRetry(error)) return false;
    const { Item } = await dynamo.send(
      new GetCommand({ TableName: config.tableName, Key: factorKey(userUuid), ConsistentRead: true }),
    );
    return Item?.last_hit === hit;
  }
}

/**
 * Accepts a code's time step once: only a step later than the last accepted one is taken (a replayed code, or an
 * older one, is refused even inside its window). Atomic, so two requests with one code do not both pass.
 */
export const acceptStep = (userUuid: string, factorId: string, step: number): Promise<boolean> =>
  updateActiveFactorOnce(userUuid, factorId, {
    set: 'last_step = :step',
    condition: '(attribute_not_exists(last_step) OR last_step < :step)',
    values: { ':step': step },
  });

/** Spends one recovery code (by its keyed hash): true once, false for an unknown or used one. */
export const spendRecoveryCode = (userUuid: string, factorId: string, hash: string): Promise<boolean> =>
  updateActiveFactorOnce(userUuid, factorId, {
    remove: 'recovery_codes.#code',
    condition: 'attribute_exists(recovery_codes.#code)',
    names: { '#code': hash },
  });

/** A higher admin's reset: the factor goes, and with its factor_id every trusted device given under it. */
export const secondFactorDeletion = (userUuid: string): TxWrite => deleteKey(factorKey(userUuid));

export async function putTrustedDevice(
  userUuid: string,
  token: string,
  factorId: string,
  expiresAt: number,
): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...deviceKey(userUuid, token), user_uuid: userUuid, factor_id: factorId, expires_at: expiresAt },
    }),
  );
}

/** Whether the token names a live trusted device of the user's current enrolment. */
export async function trustedDeviceOf(userUuid: string, token: string, factorId: string): Promise<boolean> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: deviceKey(userUuid, token) }));
  return Item?.factor_id === factorId && (Item.expires_at as number) > epochSeconds();
}

export async function putChallenge(id: string, challenge: ChallengeRecord): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...challengeKey(id), ...challenge },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** A live challenge (DynamoDB's TTL deletes late: expiry is checked here). */
export async function getChallenge(id: string): Promise<ChallengeRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: challengeKey(id), ConsistentRead: true }),
  );
  const challenge = recordOf<ChallengeRecord>(Item);
  return challenge && challenge.expires_at > epochSeconds() ? challenge : undefined;
}

/** A wrong code on the challenge: the misses counted so far. */
export async function countChallengeMiss(id: string): Promise<number> {
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: challengeKey(id),
        UpdateExpression: 'ADD misses :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return (Attributes?.misses as number) ?? 1;
  } catch (error) {
    if (isConditionFailure(error)) return Number.POSITIVE_INFINITY;
    throw error;
  }
}

/** Takes the challenge: true for the one request that deletes it, false when another took it first. */
export async function takeChallenge(id: string): Promise<boolean> {
  try {
    await dynamo.send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: challengeKey(id),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    // A retry whose first attempt deleted it: that was this request.
    if (isConditionFailure(error)) return onRetry(error);
    throw error;
  }
}

export async function dropChallenge(id: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: challengeKey(id) }));
}
