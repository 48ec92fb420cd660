import { dynamo } from '../aws/dynamo';
import { QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { readDirectories } from './directory';
import { documentFeedOf, FEED_VERSION, type FeedEntry } from './document-feeds';
import { mailClaims } from './mail-claims';
import { epochSeconds } from './table';
import type { TxWrite } from './tx-write';

/**
 * The daily digest of new documents (functions/documents/document-digest.ts), found by key, never by a Scan:
 *
 * - `DIGEST#<day>` / `SOCIETY#<society>`: the societies that got a document on a Chilean calendar day, written in the
 *   document's own transaction (a second upload that day rewrites the same item). The job reads a day with one Query.
 * - `DIGEST#SENT#<user>` / `<project>#<day>`: a person's digest of one firm and one day, claimed before its mail goes
 *   (a conditional Put), so a run repeated or retried mails nobody twice.
 * - `DIGEST#STATE` / `STATE`: the last day every digest was sent for; a run reads only the days after it.
 *
 * Each item expires (TTL) after DIGEST_RETENTION_DAYS.
 */
export const DIGEST_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

/** The Chilean calendar day (YYYY-MM-DD) of an instant: a digest covers one working day of the firm's clients. */
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Santiago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export const digestDay = (ms: number): string => dayFormat.format(ms);

/** The day before a YYYY-MM-DD day, and the one after. */
export const dayBefore = (day: string): string =>
  new Date(Date.parse(`${day}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
export const dayAfter = (day: string): string =>
  new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

const expiry = () => epochSeconds() + DIGEST_RETENTION_DAYS * 86_400;
const queueKey = (day: string, society: string) => ({ pk: `DIGEST#${day}`, sk: `SOCIETY#${society}` });

export interface QueuedSociety {
  society_uuid: string;
  group_uuid: string;
  project_uuid: string;
}

/** A new document's society, queued for its day's digest (in the document's transaction). */
export function digestQueueWrite(d: QueuedSociety & { created: string }): TxWrite {
  const day = digestDay(Date.parse(d.created));
  return {
    write: {
      Put: {
        TableName: config.tableName,
        Item: {
          ...queueKey(day, d.society_uuid),
          society_uuid: d.society_uuid,
          group_uuid: d.group_uuid,
          project_uuid: d.project_uuid,
          expires_at: expiry(),
        },
      },
    },
  };
}

/** The societies queued for a day (a Query, paged). */
export async function queuedSocieties(day: string): Promise<QueuedSociety[]> {
  const found: QueuedSociety[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':pk': `DIGEST#${day}`, ':s': 'SOCIETY#' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) {
      found.push({
        society_uuid: item.society_uuid as string,
        group_uuid: item.group_uuid as string,
        project_uuid: item.project_uuid as string,
      });
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

// Pure: a handler that imports this module for its other parts keeps none of the ledger's writes in its bundle.
const claims = /* @__PURE__ */ mailClaims({
  state: 'DIGEST#STATE',
  claimKey: (user: string, project: string, day: string) => ({ pk: `DIGEST#SENT#${user}`, sk: `${project}#${day}` }),
  retentionDays: DIGEST_RETENTION_DAYS,
});

/** The last day whose digests were all sent, if any run finished one (moved forward only). */
export const digestsSentThrough = () => claims.doneThrough();
export const markDigestsSentThrough = (day: string) => claims.markDoneThrough(day);

/**
 * Claims a person's digest of one firm and day, for the transaction that also writes its unsubscribe link and spends
 * the firm's quota; a claim already there fails it (the digest went, or is going, in another run).
 */
export const claimDigestWrite = (user: string, project: string, day: string, onTaken: () => Error) =>
  claims.claimWrite([user, project, day], onTaken);
export const recordDigest = (user: string, project: string, day: string, state: 'SENT' | 'SUPPRESSED') =>
  claims.record([user, project, day], state);
export const releaseDigest = (user: string, project: string, day: string) => claims.release([user, project, day]);

/** A document named in a society's feed (its notification): uuid, file name, folder key, created. */
export interface FeedDocument {
  uuid: string;
  file_name: string;
  folderKey: string;
  created: string;
}

/**
 * The documents of each society's feed (notifications.ts reads the same): one BatchGet per 100 keys. Documents deleted
 * since are no longer in it; renamed ones carry their new name.
 */
export async function societyFeedDocuments(societies: string[]): Promise<Map<string, FeedDocument[]>> {
  const out = await readDirectories<FeedEntry>(societies.map(documentFeedOf));
  return new Map(
    societies.map((society, index) => [
      society,
      (out.entries[index] ?? [])
        .filter((e) => e.id !== FEED_VERSION)
        .map((e) => ({ uuid: e.id, file_name: e.value.n, folderKey: e.value.f, created: e.value.c })),
    ]),
  );
}
