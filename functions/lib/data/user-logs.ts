import { randomUUID } from 'node:crypto';
import type { SignInMethod } from '../../../shared/second-factor';
import { SESSION_ACTIONS, type SessionAction } from '../../../shared/session-log';
import { dynamo } from '../aws/dynamo';
import { PutCommand, QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { fieldErrors } from '../errors';
import { keys, nowIso } from './table';

/** Session (login, logout) and browsing logs, kept under the user's partition in time order. */
export async function writeUserLog(
  userUuid: string,
  kind: 'SESSION' | 'BROWSING',
  fields: Record<string, string | undefined>,
): Promise<void> {
  const at = nowIso();
  await dynamo.send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...keys.userLog(userUuid, kind, at, randomUUID()), user_uuid: userUuid, kind, created: at, ...fields },
    }),
  );
}

/** The security events of an account, under the user when there is one, else under the e-mail that was tried. */
export type { SessionAction };

export interface RequestOrigin {
  source_ip: string;
  user_agent?: string;
}

export async function writeSessionEvent(
  subject: { userUuid: string } | { email: string },
  action: SessionAction,
  origin: RequestOrigin,
  reason?: string,
  /** Which way a sign-in went (password, with a code, with a recovery code, on a trusted device). */
  method?: SignInMethod,
): Promise<void> {
  const fields = { action, ...origin, ...(reason && { reason }), ...(method && { method }) };
  if ('userUuid' in subject) return writeUserLog(subject.userUuid, 'SESSION', fields);
  const at = nowIso();
  await dynamo.send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...keys.unknownEmailLog(subject.email, at, randomUUID()), kind: 'SESSION', created: at, ...fields },
    }),
  );
}

/** One event of a user's session log, as the sign-in history shows it. */
export interface SessionEvent {
  at: string;
  action: SessionAction;
  method?: string;
  reason?: string;
  source_ip: string;
  user_agent?: string;
}

const sessionPrefix = 'LOG#SESSION#';

/** A page's position: the last key it showed, opaque to the client, good only for this user's session log. */
const encodeCursor = (pk: string, sk: string) => Buffer.from(JSON.stringify([pk, sk])).toString('base64url');

function decodeCursor(cursor: string | undefined, pk: string): Record<string, string> | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [cpk, sk] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (cpk === pk && typeof sk === 'string' && sk.startsWith(sessionPrefix)) return { pk, sk };
  } catch {
    // an unreadable cursor answers as one of another list
  }
  throw fieldErrors({ cursor: ['FORMAT_ERROR'] });
}

const known = (action: unknown): action is SessionAction => (SESSION_ACTIONS as readonly unknown[]).includes(action);

/**
 * A page of a user's session log, newest first: one Query of the user's partition. It reads one item past the page so
 * that `next` is null exactly when nothing older is left (no empty last page behind a 'Ver más').
 */
export async function sessionEventPage(
  userUuid: string,
  limit: number,
  cursor: string | undefined,
): Promise<{ items: SessionEvent[]; next: string | null }> {
  const { pk } = keys.user(userUuid);
  const out = await dynamo.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': sessionPrefix },
      ScanIndexForward: false,
      Limit: limit + 1,
      ExclusiveStartKey: decodeCursor(cursor, pk),
    }),
  );
  const read = out.Items ?? [];
  const page = read.slice(0, limit);
  const last = page.at(-1);
  const items = page
    .filter((item) => known(item.action))
    .map(
      (item): SessionEvent => ({
        at: String(item.created),
        action: item.action as SessionAction,
        ...(typeof item.method === 'string' && { method: item.method }),
        ...(typeof item.reason === 'string' && { reason: item.reason }),
        source_ip: String(item.source_ip ?? ''),
        ...(typeof item.user_agent === 'string' && { user_agent: item.user_agent }),
      }),
    );
  return { items, next: read.length > limit && last ? encodeCursor(pk, String(last.sk)) : null };
}
