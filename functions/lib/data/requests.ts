import { createHash } from 'node:crypto';
import type { ReminderSchedule, RequestItemState } from '../../../shared/contracts/requests';
import { dynamo } from '../aws/dynamo';
import { DeleteCommand, GetCommand, QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { ApiError, conflict, fieldErrors } from '../errors';
import { batchGet } from './list-index';
import { epochSeconds, recordOf, strip } from './table';
import { transactWrite } from './transact';
import type { TxWrite } from './tx-write';
import { putNew } from './writes';

/**
 * Document requests ('Solicitudes'). A request is one item `REQUEST#<r>` / `REQUEST` holding everything (its items
 * inline, with their files and history), so reading one is one GetItem. Its listing rows, a copy of its summary, sit
 * in one partition per scope level and state bucket: `REQS#P#<project>#<bucket>`, `REQS#G#<group>#<bucket>` and
 * `REQS#S#<society>#<bucket>`, sort key `<due_date>#<r>`; every write of a request rewrites them in its own
 * transaction (moving them between buckets when it completes or is cancelled). A board page is then one Query of the
 * narrowest partition the caller's filters allow, whatever the number of societies or requests.
 *
 * An open request also holds a reminder row `REMIND#<day>` / `<r>` on its next reminder day (`remind_day` on the
 * request), which the daily reminder job reads by day; the request's own writes delete it once it is complete or
 * cancelled. Whoever moves that row (the job) sets `remind_day` and bumps `version`, as every writer of a request does.
 */

export type RequestState = 'OPEN' | 'COMPLETE' | 'CANCELLED';

export interface Person {
  uuid: string;
  first_name: string;
  last_name: string;
}

export interface RequestDocument {
  uuid: string;
  file_name: string;
  document_size: number;
  uploaded: string;
  uploaded_by: Person;
}

export interface RequestEvent {
  at: string;
  kind: 'DELIVERED' | 'NOT_APPLICABLE' | 'ACCEPTED' | 'RETURNED';
  by: Person;
  comment: string | null;
}

/** An item's template file as the item keeps it (its record holds the rest: request-files.ts). */
export interface RequestItemFile {
  uuid: string;
  file_name: string;
  size: number;
}

export interface RequestItemRecord {
  uuid: string;
  name: string;
  note: string | null;
  /** The firm's file for the item, shared by every request that names it; absent on requests made before files. */
  template_file?: RequestItemFile | null;
  state: RequestItemState;
  documents: RequestDocument[];
  history: RequestEvent[];
  /** Threads ('Mensajes') about this item, written with each thread (absent on items no thread named yet). */
  threads?: RequestThreadLink[];
}

export interface RequestThreadLink {
  uuid: string;
  subject: string;
}

export interface RequestRecord {
  uuid: string;
  project_uuid: string;
  group_uuid: string;
  society_uuid: string;
  society_name: string;
  title: string;
  template: { uuid: string; name: string } | null;
  period: string | null;
  /** Where the delivered files land: a folder template of the project (null: the project had none). */
  folder: { uuid: string; name: string } | null;
  due_date: string;
  reminders: ReminderSchedule;
  items: RequestItemRecord[];
  state: RequestState;
  /** The day of the open request's reminder row, null when it has none. */
  remind_day: string | null;
  /** What made it: the admin's batch (createRequest) or a schedule's period (the recurring job). */
  origin: { batch: string } | { schedule: string };
  created: string;
  created_by: Person;
  updated: string;
  version: number;
}

export interface RequestCounts {
  total: number;
  answered: number;
  accepted: number;
  returned: number;
}

const ANSWERED: ReadonlySet<RequestItemState> = new Set(['DELIVERED', 'NOT_APPLICABLE', 'ACCEPTED']);

export function countsOf(items: readonly Pick<RequestItemRecord, 'state'>[]): RequestCounts {
  return {
    total: items.length,
    answered: items.filter((i) => ANSWERED.has(i.state)).length,
    accepted: items.filter((i) => i.state === 'ACCEPTED').length,
    returned: items.filter((i) => i.state === 'RETURNED').length,
  };
}

/** What a listing row holds: the request without its items, with its counts and the template's uuid to filter on. */
export type RequestRow = Omit<RequestRecord, 'items' | 'reminders' | 'created_by' | 'origin'> & {
  counts: RequestCounts;
  template_uuid: string | null;
};

const requestKey = (uuid: string) => ({ pk: `REQUEST#${uuid}`, sk: 'REQUEST' });
const remindKey = (day: string, uuid: string) => ({ pk: `REMIND#${day}`, sk: uuid });

/** The listing partitions of one scope level and bucket. */
export type Level = 'P' | 'G' | 'S';
export const listPartition = (level: Level, uuid: string, bucket: RequestState) => `REQS#${level}#${uuid}#${bucket}`;

function rowsOf(r: RequestRecord) {
  const { items, reminders, created_by, origin, ...rest } = r;
  const row: RequestRow = { ...rest, counts: countsOf(items), template_uuid: r.template?.uuid ?? null };
  const sk = `${r.due_date}#${r.uuid}`;
  return [
    { pk: listPartition('P', r.project_uuid, r.state), sk, ...row },
    { pk: listPartition('G', r.group_uuid, r.state), sk, ...row },
    { pk: listPartition('S', r.society_uuid, r.state), sk, ...row },
  ];
}

const put = (Item: Record<string, unknown>): TxWrite => ({ write: { Put: { TableName: config.tableName, Item } } });
const del = (Key: { pk: string; sk: string }): TxWrite => ({ write: { Delete: { TableName: config.tableName, Key } } });

/**
 * A request's uuid (and its items') from what makes it unique, a v5-style uuid (SHA-1 of a namespace and a name):
 * the same batch and society, or the same template, period and society, always give the same request.
 */
export function derivedUuid(...parts: string[]): string {
  const hash = createHash('sha1')
    .update(`portal-requests\u0000${parts.join('\u0000')}`)
    .digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * The next day after `today` a reminder of an open request is due, by its schedule: the days before the due date
 * listed, the due date itself, then every `after_every_days` after it; null when none is left. (A simple version;
 * the reminder job's module may place days otherwise, under the same name.)
 */
export function nextReminderDay(
  request: Pick<RequestRecord, 'due_date'>,
  schedule: ReminderSchedule,
  today: string,
): string | null {
  const days = schedule.before_days.map((d) => addDays(request.due_date, -d));
  if (schedule.on_due) days.push(request.due_date);
  const upcoming = days.filter((d) => d > today).sort();
  if (upcoming[0]) return upcoming[0];
  const every = schedule.after_every_days;
  if (!every) return null;
  const past = Math.max(
    0,
    Math.floor((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${request.due_date}T00:00:00Z`)) / DAY_MS),
  );
  return addDays(request.due_date, (Math.floor(past / every) + 1) * every);
}

/** The new request's writes: itself (only if new), its listing rows and its reminder row. */
function createWrites(r: RequestRecord, onExists: () => ApiError): TxWrite[] {
  return [
    putNew({ ...requestKey(r.uuid), ...r }, onExists),
    ...rowsOf(r).map(put),
    ...(r.remind_day ? [put({ ...remindKey(r.remind_day, r.uuid), request: r.uuid, due_date: r.due_date })] : []),
  ];
}

/** What a new batch of requests shares, one request per society. */
export interface NewRequests {
  /** An admin's batch (createRequest), or a schedule's period (the recurring job). */
  origin: { batch: string } | { schedule: string; period: string };
  societies: ReadonlyArray<{ uuid: string; name: string; group_uuid: string; project_uuid: string }>;
  title: string;
  template: { uuid: string; name: string } | null;
  period: string | null;
  folder: { uuid: string; name: string } | null;
  due_date: string;
  items: ReadonlyArray<{ name: string; note?: string | null; template_file?: RequestItemFile | null }>;
  reminders: ReminderSchedule;
  created_by: Person;
  /** The time of the write (ISO) and today's day in Chile (the first reminder is placed after it). */
  now: string;
  today: string;
}

/** The requests of a batch, with uuids derived from their origin and society (and their items' from the request). */
export function newRequestRecords(input: NewRequests): RequestRecord[] {
  const { origin } = input;
  return input.societies.map((society) => {
    const uuid =
      'batch' in origin
        ? derivedUuid('batch', origin.batch, society.uuid)
        : // By template, not schedule: two schedules of one template reaching a society (its group's and its own)
          // make that period's request once.
          derivedUuid('template', input.template?.uuid ?? origin.schedule, origin.period, society.uuid);
    return {
      uuid,
      project_uuid: society.project_uuid,
      group_uuid: society.group_uuid,
      society_uuid: society.uuid,
      society_name: society.name,
      title: input.title,
      template: input.template,
      period: input.period,
      folder: input.folder,
      due_date: input.due_date,
      reminders: input.reminders,
      items: input.items.map((item, index) => ({
        uuid: derivedUuid(uuid, 'item', String(index)),
        name: item.name,
        note: item.note ?? null,
        template_file: item.template_file ?? null,
        state: 'PENDING' as const,
        documents: [],
        history: [],
      })),
      state: 'OPEN' as const,
      remind_day: nextReminderDay({ due_date: input.due_date }, input.reminders, input.today),
      origin: 'batch' in origin ? { batch: origin.batch } : { schedule: origin.schedule },
      created: input.now,
      created_by: input.created_by,
      updated: input.now,
      version: 1,
    };
  });
}

/** Requests a transaction holds with their listing, reminder and extra rows (6 or 7 writes each, under 100). */
const CHUNK = 12;

/**
 * Makes the requests that do not exist yet, idempotently: each has a uuid derived from what makes it unique
 * (derivedUuid), is written only if new (attribute_not_exists), and a retry finds the ones already made and makes
 * nothing twice. Used by createRequest (one batch, one request per society) and by the recurring job (one schedule and
 * period, one per society). `extra` adds writes to each request's transaction (an audit entry). Answers the requests
 * made now; `existing` counts those that were there before.
 */
export async function createRequestsForSocieties(
  requests: readonly RequestRecord[],
  extra: (request: RequestRecord) => TxWrite[] = () => [],
): Promise<{ created: RequestRecord[]; existing: number }> {
  const found = await batchGet(requests.map((r) => requestKey(r.uuid)));
  const fresh = requests.filter((r) => !found.has(`REQUEST#${r.uuid}|REQUEST`));
  const created: RequestRecord[] = [];
  let existing = requests.length - fresh.length;
  for (let start = 0; start < fresh.length; start += CHUNK) {
    const chunk = fresh.slice(start, start + CHUNK);
    const exists = new ApiError(409, 'DATA_CONFLICT');
    try {
      await transactWrite(chunk.flatMap((r) => [...createWrites(r, () => exists), ...extra(r)]));
      created.push(...chunk);
    } catch (error) {
      if (error !== exists) throw error;
      // Another run made some of them meanwhile: one at a time, a request already there is no error.
      for (const r of chunk) {
        const one = new ApiError(409, 'DATA_CONFLICT');
        try {
          await transactWrite([...createWrites(r, () => one), ...extra(r)]);
          created.push(r);
        } catch (inner) {
          if (inner !== one) throw inner;
          existing += 1;
        }
      }
    }
  }
  return { created, existing };
}

export async function getRequestRecord(uuid: string): Promise<RequestRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: requestKey(uuid), ConsistentRead: true }),
  );
  return recordOf<RequestRecord>(Item);
}

/** Thrown when the request changed since it was read: the caller reads it again and retries. */
export class RequestMoved extends Error {}

/** The request itself written again, if unchanged since `before` (else RequestMoved). */
function requestPut(before: RequestRecord, after: RequestRecord): TxWrite {
  return {
    write: {
      Put: {
        TableName: config.tableName,
        Item: { ...requestKey(after.uuid), ...after },
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': before.version },
      },
    },
    onConditionFail: () => {
      throw new RequestMoved();
    },
  };
}

/**
 * A new thread about one of the request's items, for the thread's own transaction: the request with the thread on its
 * item, and its three listing rows, which copy its version (its state, dates and reminder row stay). A request changed
 * since `before` fails it (RequestMoved) and the thread is tried again.
 */
export function linkThreadWrites(before: RequestRecord, itemUuid: string, thread: RequestThreadLink): TxWrite[] {
  const after: RequestRecord = {
    ...before,
    items: before.items.map((i) => (i.uuid === itemUuid ? { ...i, threads: [...(i.threads ?? []), thread] } : i)),
    version: before.version + 1,
  };
  return requestUpdateWrites(before, after);
}

/**
 * A change of a request: the request (unchanged since `before`, else RequestMoved), its listing rows (moved to
 * another bucket when its state changed) and its reminder row (gone once it is no longer open), with `extra` writes
 * (an audit entry, a document's own writes) in the same transaction.
 */
export function requestUpdateWrites(before: RequestRecord, after: RequestRecord): TxWrite[] {
  const moved = before.state !== after.state;
  const writes: TxWrite[] = [
    requestPut(before, after),
    ...(moved ? rowsOf(before).map((row) => del({ pk: row.pk, sk: row.sk })) : []),
    ...rowsOf(after).map(put),
  ];
  if (before.remind_day && before.remind_day !== after.remind_day)
    writes.push(del(remindKey(before.remind_day, before.uuid)));
  if (after.remind_day && before.remind_day !== after.remind_day)
    writes.push(put({ ...remindKey(after.remind_day, after.uuid), request: after.uuid, due_date: after.due_date }));
  return writes;
}

/** The listing rows of one or more partitions, merged by due date, and where the next page starts. */
export interface RowPage {
  rows: RequestRow[];
  next: string | null;
}

export interface RowQuery {
  partitions: readonly string[];
  /** Only rows due before this day (OVERDUE), or on or after it (DUE, PARTIAL). */
  due?: { before: string } | { from: string };
  /** Conditions on the row's attributes (a FilterExpression: a page may come short; `next` says there is more). */
  filters: { template?: string; period?: string; answered?: 'NONE' | 'SOME'; project?: string; group?: string };
  limit: number;
  cursor: string | undefined;
}

/** A cursor names its list (partitions and filters) and the last row read: valid only for that list. */
function listId(q: RowQuery): string {
  return createHash('sha256')
    .update(JSON.stringify([q.partitions, q.due ?? null, q.filters]))
    .digest('base64url')
    .slice(0, 16);
}

function decodeCursor(cursor: string | undefined, list: string): string | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [id, sk] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (id === list && typeof sk === 'string' && /^\d{4}-\d{2}-\d{2}#[0-9a-f-]{36}$/.test(sk)) return sk;
  } catch {
    // an unreadable cursor answers as one of another list
  }
  throw fieldErrors({ cursor: ['FORMAT_ERROR'] });
}

const encodeCursor = (list: string, sk: string) => Buffer.from(JSON.stringify([list, sk])).toString('base64url');

/**
 * A page of listing rows, soonest due first: one Query per partition (one for an admin's narrowest scope; a client of
 * several societies, or a group admin of several groups, one each), each with `Limit`, so a page costs the same calls
 * whatever the number of requests. Merged rows are kept up to the first point one partition may still hold rows
 * before (its last key read), so nothing is skipped between pages.
 */
export async function requestRowPage(q: RowQuery): Promise<RowPage> {
  const list = listId(q);
  const after = decodeCursor(q.cursor, list);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const conditions: string[] = [];
  const { template, period, answered, project, group } = q.filters;
  if (template) {
    conditions.push('template_uuid = :template');
    values[':template'] = template;
  }
  if (period) {
    conditions.push('#period = :period');
    names['#period'] = 'period';
    values[':period'] = period;
  }
  if (answered) {
    conditions.push(answered === 'NONE' ? 'counts.answered = :zero' : 'counts.answered > :zero');
    values[':zero'] = 0;
  }
  if (project) {
    conditions.push('project_uuid = :project');
    values[':project'] = project;
  }
  if (group) {
    conditions.push('group_uuid = :group');
    values[':group'] = group;
  }
  let range = '';
  if (q.due && 'before' in q.due) {
    range = ' AND sk < :day';
    values[':day'] = q.due.before;
  } else if (q.due) {
    range = ' AND sk >= :day';
    values[':day'] = q.due.from;
  }
  const answers = await Promise.all(
    q.partitions.map((pk) =>
      dynamo.send(
        new QueryCommand({
          TableName: config.tableName,
          KeyConditionExpression: `pk = :pk${range}`,
          ...(conditions.length > 0 && { FilterExpression: conditions.join(' AND ') }),
          ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
          ExpressionAttributeValues: { ':pk': pk, ...values },
          // One row past the page: a partition that ends exactly at the page's end then says so (no `next`).
          Limit: q.limit + 1,
          // A position, not necessarily a row: the last row the previous page answered.
          ...(after && { ExclusiveStartKey: { pk, sk: after } }),
        }),
      ),
    ),
  );
  let horizon: string | undefined;
  const rows: Array<RequestRow & { sk: string }> = [];
  for (const answer of answers) {
    const last = answer.LastEvaluatedKey?.sk as string | undefined;
    if (last && (horizon === undefined || last < horizon)) horizon = last;
    for (const item of answer.Items ?? []) rows.push({ ...(strip(item) as RequestRow), sk: item.sk as string });
  }
  rows.sort((a, b) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0));
  const safe = horizon === undefined ? rows : rows.filter((r) => r.sk <= (horizon as string));
  const page = safe.slice(0, q.limit);
  const lastRow = page.at(-1);
  // Every safe row is at or before the horizon, so a short page resumes after the horizon, where a filter stopped.
  const next =
    safe.length > q.limit && lastRow
      ? encodeCursor(list, lastRow.sk)
      : horizon !== undefined
        ? encodeCursor(list, horizon)
        : null;
  return { rows: page.map(({ sk, ...row }) => row as RequestRow), next };
}

/** Whether a write failed because the request moved under it (the caller reads again). */
export const isMoved = (error: unknown) => error instanceof RequestMoved;

/** A read again and written again a few times when another write moved the request meanwhile. */
export async function withRequestRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isMoved(error)) throw error;
      if (n >= 4) throw conflict('DATA_CONFLICT');
    }
  }
}

/** Writes a change of a request with its extra writes (see requestUpdateWrites). */
export async function updateRequest(before: RequestRecord, after: RequestRecord, extra: TxWrite[] = []) {
  await transactWrite([...requestUpdateWrites(before, after), ...extra]);
}

/**
 * A request mail to one person, claimed before it goes (`REQMAIL#<request>#<event>` / `<user>`), so a queue message
 * delivered twice mails nobody twice; kept a month (TTL). Written in a transaction with the firm's mail quota; its
 * condition failing (`onTaken`) means it was claimed before.
 */
const mailClaimKey = (request: string, event: string, user: string) => ({
  pk: `REQMAIL#${request}#${event}`,
  sk: user,
});
const CLAIM_SECONDS = 30 * 86_400;

export const claimRequestMailWrite = (request: string, event: string, user: string, onTaken: () => ApiError): TxWrite =>
  putNew({ ...mailClaimKey(request, event, user), expires_at: epochSeconds() + CLAIM_SECONDS }, onTaken);

/** Gives a claim back when the mail certainly did not go (SES refused it), so the queue's retry sends it. */
export async function releaseRequestMail(request: string, event: string, user: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: mailClaimKey(request, event, user) }));
}

/**
 * The stored items of a request, as the writes above leave them: for bulk loads that skip the transactions (the
 * bench), so the keys stay in this module.
 */
export const storedRequest = (r: RequestRecord) => [
  { ...requestKey(r.uuid), ...r },
  ...rowsOf(r),
  ...(r.remind_day ? [{ ...remindKey(r.remind_day, r.uuid), request: r.uuid, due_date: r.due_date }] : []),
];
