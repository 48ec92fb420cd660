import { dynamo } from '../aws/dynamo';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { fieldErrors } from '../errors';
import { getItems } from './list-index';
import { noticeQueueWrite } from './message-notices';
import { recordOf } from './table';
import { transactWrite } from './transact';
import type { TxWrite } from './tx-write';
import { putNew } from './writes';

/**
 * The conversation of a society ('Mensajes'). Every read a screen needs is one Query or one batch, whatever the
 * number of threads or messages:
 * - the thread `THREAD#<t>` / `THREAD`, its messages beside it (`MSG#<created>#<uuid>`: one Query, newest first, is a
 *   page) and its read markers (`READ#<user>`: one Query, a participant each);
 * - the society's thread list `THREADS#<society>` / `<updated>#<t>`: a copy of the thread's summary keyed by its last
 *   activity, moved by each message's transaction, so a page of the list is one Query;
 * - the caller's unread state `UNREAD#<user>` / `THREAD#<t>` ({n, last}): present only while the thread holds messages
 *   the user has not read. A message's transaction adds 1 to each recipient's (the society's client users, the
 *   firm's admins of its group and project, staff who wrote in it); reading deletes it. The top bar's count is one
 *   Query of the user's partition, which holds only threads with unread messages.
 */

export type Side = 'FIRM' | 'CLIENT';

export interface Person {
  uuid: string;
  first_name: string;
  last_name: string;
}

export interface ThreadRecord {
  uuid: string;
  society_uuid: string;
  group_uuid: string;
  project_uuid: string;
  subject: string;
  created: string;
  created_by: Person;
  updated: string;
  message_count: number;
  last: { excerpt: string; side: Side; author: Person };
  /** Staff (not the society's own people) who wrote in it: they keep being told of new messages. */
  participants: string[];
  /** The request item it is about, as named when it was made (absent: about none). */
  request_item?: ThreadRequestItem;
  version: number;
}

export interface ThreadRequestItem {
  request: string;
  item: string;
  title: string;
  name: string;
}

/** A file a message carries: the document of the society it became (same uuid), as named when sent. */
export interface MessageAttachment {
  uuid: string;
  file_name: string;
  size: number;
  content_type: string;
}

export interface MessageRecord {
  uuid: string;
  thread: string;
  created: string;
  side: Side;
  author: Person;
  body: string;
  /** Absent on messages written before attachments existed. */
  attachments?: MessageAttachment[];
}

/**
 * `MSGFILE#<document>` / `MSGFILE`: which thread and message carry a document, written with the message (once: a
 * document is attached by one message only). The attachment's download reads it to check the caller's thread.
 */
export interface AttachmentClaim {
  document: string;
  thread: string;
  message: string;
  /** The message's time: with its uuid, its key. */
  created: string;
  society_uuid: string;
}

export interface ReceiptRecord {
  user: Person;
  side: Side;
  read_at: string;
  upto: string;
}

/** A user's unread state of one thread, with the society it lies in (the count filters what the user still reaches). */
export interface UnreadRecord {
  thread: string;
  n: number;
  last: string;
  society_uuid: string;
  group_uuid: string;
  project_uuid: string;
}

/** A transaction holds 100 writes. */
const TX_WRITES = 100;
/**
 * A message's writes besides its recipients' states: itself, 5 attachment claims, the notice queue's entry, the
 * author's marker and state.
 */
const MESSAGE_WRITES = 9;
/**
 * Recipients one message's transaction counts for: besides the message's own writes, a message in a thread moves the
 * thread and its list entry (3 writes), a new thread puts both and its audit (3). A new thread about a request item
 * writes the request too, and counts for fewer (putNewThread).
 */
export const MAX_RECIPIENTS = TX_WRITES - MESSAGE_WRITES - 3;

const threadKey = (uuid: string) => ({ pk: `THREAD#${uuid}`, sk: 'THREAD' });
const messageKey = (m: Pick<MessageRecord, 'thread' | 'created' | 'uuid'>) => ({
  pk: `THREAD#${m.thread}`,
  sk: `MSG#${m.created}#${m.uuid}`,
});
const receiptKey = (thread: string, user: string) => ({ pk: `THREAD#${thread}`, sk: `READ#${user}` });
const listPartition = (society: string) => `THREADS#${society}`;
const listKey = (t: Pick<ThreadRecord, 'society_uuid' | 'updated' | 'uuid'>) => ({
  pk: listPartition(t.society_uuid),
  sk: `${t.updated}#${t.uuid}`,
});
const unreadPartition = (user: string) => `UNREAD#${user}`;
const claimKey = (document: string) => ({ pk: `MSGFILE#${document}`, sk: 'MSGFILE' });
const unreadKey = (user: string, thread: string) => ({ pk: unreadPartition(user), sk: `THREAD#${thread}` });

/** A page's position: the last key read, as an opaque text, valid only for the partition it was read from. */
const encodeCursor = (key: Record<string, unknown> | undefined) =>
  key ? Buffer.from(JSON.stringify([key.pk, key.sk])).toString('base64url') : null;

function decodeCursor(cursor: string | undefined, partition: string): Record<string, unknown> | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [pk, sk] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (pk === partition && typeof sk === 'string') return { pk, sk };
  } catch {
    // an unreadable cursor answers as one of another list
  }
  throw fieldErrors({ cursor: ['FORMAT_ERROR'] });
}

const listEntry = (t: ThreadRecord) => ({ ...listKey(t), ...t });

const unreadAdd = (user: string, thread: ThreadRecord): TxWrite => ({
  write: {
    Update: {
      TableName: config.tableName,
      Key: unreadKey(user, thread.uuid),
      UpdateExpression:
        'ADD n :one SET #last = :last, thread = :thread, society_uuid = :s, group_uuid = :g, project_uuid = :p',
      ExpressionAttributeNames: { '#last': 'last' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':last': thread.updated,
        ':thread': thread.uuid,
        ':s': thread.society_uuid,
        ':g': thread.group_uuid,
        ':p': thread.project_uuid,
      },
    },
  },
});

const receiptPut = (thread: string, receipt: ReceiptRecord): TxWrite => ({
  write: { Put: { TableName: config.tableName, Item: { ...receiptKey(thread, receipt.user.uuid), ...receipt } } },
});

/** Thrown when an attachment's document is already carried by a message (this one, sent again, or another). */
export class AttachmentTaken extends Error {
  constructor(readonly document: string) {
    super('ATTACHMENT_TAKEN');
  }
}

/**
 * The writes every message shares: itself, its attachments' claims, the recipients' unread counts, the author's own
 * marker, and the thread's entry in the hour's queue of the new-messages notice (message-notices.ts).
 */
function messageWrites(
  thread: ThreadRecord,
  message: MessageRecord,
  recipients: string[],
  room = MAX_RECIPIENTS,
): TxWrite[] {
  return [
    putNew({ ...messageKey(message), ...message }),
    ...(message.attachments ?? []).map((a) =>
      putNew(
        {
          ...claimKey(a.uuid),
          document: a.uuid,
          thread: thread.uuid,
          message: message.uuid,
          created: message.created,
          society_uuid: thread.society_uuid,
        } satisfies AttachmentClaim & { pk: string; sk: string },
        () => {
          throw new AttachmentTaken(a.uuid);
        },
      ),
    ),
    noticeQueueWrite(thread, message.created),
    ...recipients.slice(0, room).map((user) => unreadAdd(user, thread)),
    receiptPut(thread.uuid, {
      user: message.author,
      side: message.side,
      read_at: message.created,
      upto: message.created,
    }),
    { write: { Delete: { TableName: config.tableName, Key: unreadKey(message.author.uuid, thread.uuid) } } },
  ];
}

/**
 * A new thread, its first message, its list entry and the recipients' counts at once, with `extra` writes (the
 * caller's audit, the request item it is about).
 */
export async function putNewThread(thread: ThreadRecord, first: MessageRecord, recipients: string[], extra: TxWrite[]) {
  await transactWrite([
    putNew({ ...threadKey(thread.uuid), ...thread }),
    putNew(listEntry(thread)),
    ...messageWrites(thread, first, recipients, TX_WRITES - MESSAGE_WRITES - 2 - extra.length),
    ...extra,
  ]);
}

/** Thrown when the thread changed since it was read (another message): the caller reads it again and retries. */
export class ThreadMoved extends Error {}

/**
 * A message in an existing thread: the thread (unchanged since `readVersion`, else ThreadMoved) takes its new last
 * activity, its list entry moves from the old activity to the new one, and the recipients' counts grow, at once.
 */
export async function appendMessage(
  before: ThreadRecord,
  after: ThreadRecord,
  message: MessageRecord,
  recipients: string[],
) {
  await transactWrite([
    {
      write: {
        Put: {
          TableName: config.tableName,
          Item: { ...threadKey(after.uuid), ...after },
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': before.version },
        },
      },
      onConditionFail: () => {
        throw new ThreadMoved();
      },
    },
    { write: { Delete: { TableName: config.tableName, Key: listKey(before) } } },
    { write: { Put: { TableName: config.tableName, Item: listEntry(after) } } },
    ...messageWrites(after, message, recipients),
  ]);
}

/** Threads by uuid, in batches of 100 keys (the notice job's), those that exist. */
export const getThreadRecords = (uuids: string[]) => getItems<ThreadRecord>([...new Set(uuids)].map(threadKey));

/** Which message carries a document, if one does. */
export async function getAttachmentClaim(document: string): Promise<AttachmentClaim | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: claimKey(document), ConsistentRead: true }),
  );
  return recordOf<AttachmentClaim>(Item);
}

/** One message of a thread, by its place (a claim names it), for a message sent again. */
export async function getMessage(thread: string, created: string, uuid: string): Promise<MessageRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({
      TableName: config.tableName,
      Key: messageKey({ thread, created, uuid }),
      ConsistentRead: true,
    }),
  );
  return recordOf<MessageRecord>(Item);
}

export async function getThreadRecord(uuid: string): Promise<ThreadRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: threadKey(uuid), ConsistentRead: true }),
  );
  return recordOf<ThreadRecord>(Item);
}

/** One Query of a partition, newest first, from a cursor: a page and the next page's cursor. */
async function queryPage<T>(
  partition: string,
  prefix: string | undefined,
  limit: number,
  cursor: string | undefined,
): Promise<{ items: T[]; next: string | null }> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition, ...(prefix && { ':prefix': prefix }) },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor, partition),
    }),
  );
  return {
    items: (out.Items ?? []).map((item) => recordOf<T>(item) as T),
    next: encodeCursor(out.LastEvaluatedKey),
  };
}

/** A page of a society's threads, newest activity first: one Query. */
export const threadPage = (society: string, limit: number, cursor: string | undefined) =>
  queryPage<ThreadRecord>(listPartition(society), undefined, limit, cursor);

/** A page of a thread's messages, newest first: one Query. */
export const messagePage = (thread: string, limit: number, cursor: string | undefined) =>
  queryPage<MessageRecord>(`THREAD#${thread}`, 'MSG#', limit, cursor);

/** Every participant's read marker of a thread: one Query (one item per person who wrote or read). */
export async function threadReceipts(thread: string): Promise<ReceiptRecord[]> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :read)',
      ExpressionAttributeValues: { ':pk': `THREAD#${thread}`, ':read': 'READ#' },
    }),
  );
  return (out.Items ?? []).map((item) => recordOf<ReceiptRecord>(item) as ReceiptRecord);
}

/** The user's unread state of these threads (a list page's), in one batch. */
export async function unreadOf(user: string, threads: string[]): Promise<Map<string, number>> {
  const states = await getItems<UnreadRecord>(threads.map((t) => unreadKey(user, t)));
  return new Map(states.map((s) => [s.thread, s.n]));
}

/**
 * Every thread with unread messages of the user: one Query of a partition holding only those (tiny items, so one
 * page of 1 MB holds thousands); further pages only past that.
 */
export async function unreadStates(user: string): Promise<UnreadRecord[]> {
  const states: UnreadRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': unreadPartition(user) },
        // Only what the count needs: a smaller answer to send and decode (the Query reads the same rows).
        ProjectionExpression: 'pk, sk, thread, n, society_uuid, group_uuid, project_uuid',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) states.push(recordOf<UnreadRecord>(item) as UnreadRecord);
    start = out.LastEvaluatedKey;
  } while (start);
  return states;
}

/**
 * The user has read the thread up to its last message `upto`: its marker is written, and its unread state removed
 * unless a newer message came in meanwhile (then that one stays unread).
 */
export async function markRead(thread: string, receipt: ReceiptRecord) {
  await dynamo.send(
    new PutCommand({ TableName: config.tableName, Item: { ...receiptKey(thread, receipt.user.uuid), ...receipt } }),
  );
  try {
    await dynamo.send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: unreadKey(receipt.user.uuid, thread),
        ConditionExpression: 'attribute_not_exists(pk) OR #last <= :upto',
        ExpressionAttributeNames: { '#last': 'last' },
        ExpressionAttributeValues: { ':upto': receipt.upto },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * The stored items of a thread, a message and an unread state, as the writes above leave them: for bulk loads that
 * skip the transactions (the bench), so the keys stay in this module.
 */
export const storedThread = (t: ThreadRecord) => [{ ...threadKey(t.uuid), ...t }, listEntry(t)];
export const storedMessage = (m: MessageRecord) => ({ ...messageKey(m), ...m });
export const storedUnread = (user: string, t: ThreadRecord, n: number) => ({
  ...unreadKey(user, t.uuid),
  thread: t.uuid,
  n,
  last: t.updated,
  society_uuid: t.society_uuid,
  group_uuid: t.group_uuid,
  project_uuid: t.project_uuid,
});
