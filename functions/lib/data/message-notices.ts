import { dynamo } from '../aws/dynamo';
import { QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { batchGet } from './list-index';
import { mailClaims } from './mail-claims';
import { epochSeconds } from './table';
import type { TxWrite } from './tx-write';

/**
 * The e-mail notice of new messages (functions/messages/message-notice.ts), batched by the hour and found by key,
 * never by a Scan:
 *
 * - `MSGNOTICE#<hour>` / `THREAD#<thread>`: the threads that got a message in a UTC hour (`2026-11-28T01`), written
 *   in the message's own transaction (a second message that hour rewrites the same item). The job reads an hour with
 *   one Query (paged).
 * - `MSGNOTICE#SENT#<user>` / `<project>#<hour>`: a person's notice of one firm and one hour, claimed before its mail
 *   goes (a conditional Put, in the transaction that spends the firm's quota), so a run repeated or retried mails
 *   nobody twice.
 * - `MSGNOTICE#STATE` / `STATE`: the last hour every notice was sent for; a run reads only the hours after it.
 *
 * Who has what unread is the conversation's own state (`UNREAD#<user>`, messages.ts): read in one batch per hour.
 * Each item here expires (TTL) after NOTICE_RETENTION_DAYS.
 */
export const NOTICE_RETENTION_DAYS = 7;
const HOUR_MS = 3_600_000;

/** The UTC hour (YYYY-MM-DDTHH) of an instant: the period one notice covers. */
export const noticeHour = (ms: number): string => new Date(ms).toISOString().slice(0, 13);
export const hourAfter = (hour: string): string => noticeHour(Date.parse(`${hour}:00:00Z`) + HOUR_MS);
export const hourBefore = (hour: string): string => noticeHour(Date.parse(`${hour}:00:00Z`) - HOUR_MS);

const expiry = () => epochSeconds() + NOTICE_RETENTION_DAYS * 86_400;
const queueKey = (hour: string, thread: string) => ({ pk: `MSGNOTICE#${hour}`, sk: `THREAD#${thread}` });

export interface QueuedThread {
  thread: string;
  society_uuid: string;
  group_uuid: string;
  project_uuid: string;
}

/** A thread that got a message at `created`, queued for that hour's notice (in the message's transaction). */
export function noticeQueueWrite(
  t: { uuid: string; society_uuid: string; group_uuid: string; project_uuid: string },
  created: string,
): TxWrite {
  return {
    write: {
      Put: {
        TableName: config.tableName,
        Item: {
          ...queueKey(noticeHour(Date.parse(created)), t.uuid),
          thread: t.uuid,
          society_uuid: t.society_uuid,
          group_uuid: t.group_uuid,
          project_uuid: t.project_uuid,
          expires_at: expiry(),
        },
      },
    },
  };
}

/** The threads queued for an hour (a Query, paged). */
export async function queuedThreads(hour: string): Promise<QueuedThread[]> {
  const found: QueuedThread[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :t)',
        ExpressionAttributeValues: { ':pk': `MSGNOTICE#${hour}`, ':t': 'THREAD#' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) {
      found.push({
        thread: item.thread as string,
        society_uuid: item.society_uuid as string,
        group_uuid: item.group_uuid as string,
        project_uuid: item.project_uuid as string,
      });
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

/** Unread states of (user, thread) pairs, in batches of 100 keys: the ones still unread, with their counts. */
export async function unreadPairs(
  pairs: ReadonlyArray<{ user: string; thread: string }>,
): Promise<Array<{ user: string; thread: string; n: number }>> {
  const key = (p: { user: string; thread: string }) => ({ pk: `UNREAD#${p.user}`, sk: `THREAD#${p.thread}` });
  const found = await batchGet(pairs.map(key));
  return pairs.flatMap((p) => {
    const k = key(p);
    const n = Number(found.get(`${k.pk}|${k.sk}`)?.n ?? 0);
    return n > 0 ? [{ ...p, n }] : [];
  });
}

// Pure: a handler that imports this module for its other parts keeps none of the ledger's writes in its bundle.
const claims = /* @__PURE__ */ mailClaims({
  state: 'MSGNOTICE#STATE',
  claimKey: (user: string, project: string, hour: string) => ({
    pk: `MSGNOTICE#SENT#${user}`,
    sk: `${project}#${hour}`,
  }),
  retentionDays: NOTICE_RETENTION_DAYS,
});

/** The last hour whose notices were all sent, if any run finished one (moved forward only). */
export const noticesSentThrough = () => claims.doneThrough();
export const markNoticesSentThrough = (hour: string) => claims.markDoneThrough(hour);

/** Claims a person's notice of one firm and hour; a claim already there fails the transaction (`onTaken`). */
export const claimNoticeWrite = (user: string, project: string, hour: string, onTaken: () => Error) =>
  claims.claimWrite([user, project, hour], onTaken);
export const recordNotice = (user: string, project: string, hour: string, state: 'SENT' | 'SUPPRESSED') =>
  claims.record([user, project, hour], state);
export const releaseNotice = (user: string, project: string, hour: string) => claims.release([user, project, hour]);
