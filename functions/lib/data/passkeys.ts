import { createHash } from 'node:crypto';
import type { AwsError } from '../aws/aws-client';
import { dynamo } from '../aws/dynamo';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import type { ApiError } from '../errors';
import { epochSeconds, keys, nowIso, recordOf } from './table';
import { transactWrite } from './transact';
import { deleteKey, putNew } from './writes';

/**
 * Passkeys (functions/lib/auth/passkeys.ts), three kinds of item:
 * - the credential, under its user (USER#<uuid> / PASSKEY#<passkey uuid>): the credential id, its COSE public key,
 *   the signature counter last seen, its transports, the RP ID (the portal host) it was made for, the person's name
 *   for it, when it was made and last used;
 * - the lookup a usernameless sign-in starts from (PASSKEY_CREDENTIAL#<sha256 of the credential id>): the user and
 *   the passkey it names, written and removed with the credential in one transaction;
 * - a challenge (PASSKEY_CHALLENGE#<sha256 of it>): what it is for, the portal and (for a registration) the user it
 *   was given to; it expires in minutes and is taken once.
 */
export interface PasskeyRecord {
  user_uuid: string;
  passkey_uuid: string;
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  transports?: string[];
  rp_id: string;
  name: string;
  created: string;
  last_used?: string;
}

export type PasskeyChallengePurpose = 'REGISTER' | 'SIGN_IN';

export interface PasskeyChallengeRecord {
  purpose: PasskeyChallengePurpose;
  portal: string;
  /** The registering user; none for a sign-in, which learns its user from the credential. */
  user_uuid?: string;
  expires_at: number;
}

const sha = (value: string) => createHash('sha256').update(value).digest('base64url');
const passkeyKey = (userUuid: string, passkeyUuid: string) => ({
  pk: keys.user(userUuid).pk,
  sk: `PASSKEY#${passkeyUuid}`,
});
const lookupKey = (credentialId: string) => ({
  pk: `PASSKEY_CREDENTIAL#${sha(credentialId)}`,
  sk: 'PASSKEY_CREDENTIAL',
});
const challengeKey = (challenge: string) => ({ pk: `PASSKEY_CHALLENGE#${sha(challenge)}`, sk: 'PASSKEY_CHALLENGE' });

const isConditionFailure = (error: unknown) => (error as Error)?.name === 'ConditionalCheckFailedException';
const onRetry = (error: unknown) => ((error as AwsError).$metadata?.attempts ?? 1) > 1;

export async function putPasskeyChallenge(challenge: string, record: PasskeyChallengeRecord): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: config.tableName, Item: { ...challengeKey(challenge), ...record } }));
}

/**
 * Takes a challenge: the record for the one request that deletes it while unexpired, undefined for any other (used,
 * expired, never given). Read first, so a retry whose first attempt deleted it still knows what it took.
 */
export async function takePasskeyChallenge(challenge: string): Promise<PasskeyChallengeRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: challengeKey(challenge), ConsistentRead: true }),
  );
  const record = recordOf<PasskeyChallengeRecord>(Item);
  if (!record || record.expires_at <= epochSeconds()) return undefined;
  try {
    await dynamo.send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: challengeKey(challenge),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return record;
  } catch (error) {
    // Another request took it first; or this request's own earlier attempt did (a retry): then it is this one's.
    if (isConditionFailure(error)) return onRetry(error) ? record : undefined;
    throw error;
  }
}

/** A new passkey and its lookup, together; `onTaken` answers a credential id that is already someone's. */
export async function putPasskey(record: PasskeyRecord, onTaken: () => ApiError): Promise<void> {
  await transactWrite([
    putNew({ ...passkeyKey(record.user_uuid, record.passkey_uuid), ...record }, onTaken),
    putNew(
      { ...lookupKey(record.credential_id), user_uuid: record.user_uuid, passkey_uuid: record.passkey_uuid },
      onTaken,
    ),
  ]);
}

/** The passkeys of a user, every portal's. */
export async function listUserPasskeys(userUuid: string): Promise<PasskeyRecord[]> {
  const items: PasskeyRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :passkey)',
        ExpressionAttributeValues: { ':pk': keys.user(userUuid).pk, ':passkey': 'PASSKEY#' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) items.push(recordOf<PasskeyRecord>(item) as PasskeyRecord);
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

export async function getPasskey(userUuid: string, passkeyUuid: string): Promise<PasskeyRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: passkeyKey(userUuid, passkeyUuid), ConsistentRead: true }),
  );
  return recordOf<PasskeyRecord>(Item);
}

/** The passkey a credential id names (a sign-in's first read), if it is still there. */
export async function passkeyByCredential(credentialId: string): Promise<PasskeyRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: lookupKey(credentialId), ConsistentRead: true }),
  );
  const lookup = recordOf<{ user_uuid: string; passkey_uuid: string }>(Item);
  const passkey = lookup && (await getPasskey(lookup.user_uuid, lookup.passkey_uuid));
  return passkey?.credential_id === credentialId ? passkey : undefined;
}

/** Removes a passkey of the user and its lookup; false when the user has no such passkey. */
export async function deletePasskey(userUuid: string, passkeyUuid: string): Promise<boolean> {
  const passkey = await getPasskey(userUuid, passkeyUuid);
  if (!passkey) return false;
  await transactWrite([deleteKey(passkeyKey(userUuid, passkeyUuid)), deleteKey(lookupKey(passkey.credential_id))]);
  return true;
}

/**
 * A sign-in's use: the new counter and the time, on the condition that the counter is still the one the signature
 * was checked against, so two requests with one assertion cannot both pass. False when another use came first or
 * the passkey was removed meanwhile.
 */
export async function recordPasskeyUse(passkey: PasskeyRecord, newCounter: number): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: passkeyKey(passkey.user_uuid, passkey.passkey_uuid),
        UpdateExpression: 'SET #counter = :new, last_used = :at',
        ConditionExpression: 'attribute_exists(pk) AND #counter = :old',
        ExpressionAttributeNames: { '#counter': 'counter' },
        ExpressionAttributeValues: { ':new': newCounter, ':old': passkey.counter, ':at': nowIso() },
      }),
    );
    return true;
  } catch (error) {
    // Another use came first; or this request's own earlier attempt landed (a retry): then it is this one's.
    if (isConditionFailure(error)) return onRetry(error);
    throw error;
  }
}
