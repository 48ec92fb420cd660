import { createHash } from 'node:crypto';
import { dynamo } from '../aws/dynamo';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { epochSeconds, keys, recordOf } from './table';

/**
 * Sessions ("Sessions end"). A session starts at sign-in and lives as long as its refresh token: the table
 * keeps the token's SHA-256 (never the token), whose user and start time let the refresh refuse a session that was
 * ended or that passed the spec's 55 minutes (portal §9). Ending every session of a user sets its
 * `sessions_valid_after` instant: access tokens issued before it are refused on every call.
 */
export const SESSION_MAX_SECONDS = 55 * 60;

export interface SessionRecord {
  user_uuid: string;
  started_at: number;
  /** The portal the session started on: refreshes elsewhere are refused. Absent on older sessions. */
  portal?: string;
  /** 'Recordarme' at sign-in: the session's cookies outlive the browser (a refresh sets the access cookie alike). */
  remember?: boolean;
}

const sessionKey = (refresh: string) => ({
  pk: `SESSION#${createHash('sha256').update(refresh).digest('base64url')}`,
  sk: 'SESSION',
});

export async function startSession(
  userUuid: string,
  refresh: string,
  startedAt: number,
  portal: string,
  remember = false,
): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: config.tableName,
      Item: {
        ...sessionKey(refresh),
        user_uuid: userUuid,
        started_at: startedAt,
        portal,
        remember,
        expires_at: startedAt + SESSION_MAX_SECONDS + 3600,
      },
    }),
  );
}

export async function getSession(refresh: string): Promise<SessionRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: sessionKey(refresh), ConsistentRead: true }),
  );
  return recordOf<SessionRecord>(Item);
}

export async function deleteSession(refresh: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: sessionKey(refresh) }));
}

/**
 * Ends every session of a user: tokens carry their issue time in whole seconds, so the instant is the next whole
 * second, and a token issued in the same second as the end is refused too (a sign-in waits for that second to pass).
 */
export const sessionsEndInstant = () => epochSeconds() + 1;

export async function endUserSessions(userUuid: string): Promise<number> {
  const validAfter = sessionsEndInstant();
  await dynamo.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.user(userUuid),
      // The version moves too, so an admin's edit read before this write cannot put the old record back.
      UpdateExpression: 'SET sessions_valid_after = :t ADD version :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':t': validAfter, ':one': 1 },
    }),
  );
  return validAfter;
}
