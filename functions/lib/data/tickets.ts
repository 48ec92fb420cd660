import type { TicketStatus } from '../../../shared/contracts/external';
import { dynamo } from '../aws/dynamo';
import { GetCommand, QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { conflict, fieldErrors } from '../errors';
import { putEntry, readDirectories } from './directory';
import { getItems, searchText } from './list-index';
import { type Directory, type Entry, recordOf } from './table';
import { transactWrite } from './transact';
import type { TxWrite } from './tx-write';
import { putNew } from './writes';

/**
 * Support tickets (portal spec §2 "Support ticket", and its conversation): one item per ticket under
 * `TICKET#<uuid>` / `TICKET`, its messages beside it (`MSG#<created>#<uuid>`, read in order by one Query of the
 * ticket's partition, so a conversation's read does not grow with the table), listed through three listing directories
 * (directory.ts): every ticket (SUPER_ADMIN), a project's (PROJECT_ADMIN) and a sender's own ('Mis tickets'). A
 * ticket's number comes from its project's counter `TICKETNO#<project>`, written in the ticket's own transaction.
 */
export type { TicketStatus };

/** A file a message carries: an object of the documents bucket under `ticket-files/`, kept where it was uploaded. */
export interface TicketAttachment {
  uuid: string;
  file_name: string;
  size: number;
  /** The server's decision from the bytes and the name (storage/content-type.ts), never the browser's. */
  content_type: string;
  key: string;
}

export interface TicketRecord {
  uuid: string;
  /** Sequential per project; absent on tickets stored before numbers. */
  number?: number;
  subject: string;
  description: string;
  status: TicketStatus;
  created: string;
  closed: string | null;
  /** The last message's time; absent on tickets stored before conversations (then `created`). */
  updated?: string;
  /** Bumped by every change: a message and a status change read-then-write the ticket. Absent before version 1. */
  version?: number;
  /** Who sent it, as it was then (a later rename does not rewrite history). */
  user: { uuid: string; first_name: string; last_name: string; email: string };
  /** The sender's project (its first membership); null for a user of no project (a SUPER_ADMIN). */
  project: { uuid: string; project_name: string } | null;
}

export interface TicketMessage {
  uuid: string;
  ticket: string;
  created: string;
  side: 'CLIENT' | 'FIRM';
  author: { uuid: string; first_name: string; last_name: string };
  description: string;
  attachments: TicketAttachment[];
}

/**
 * An attachment's own item, `TICKETFILE#<uuid>`: written pending when its upload starts (owner, key, expiry: the TTL
 * removes it if no message names it), then attached by the message's transaction (the ticket, the size and type the
 * server decided; no expiry), from which its link is checked against the ticket.
 */
export interface PendingTicketUpload {
  uuid: string;
  created_by: string;
  file_name: string;
  declared_size: number;
  key: string;
  /** Epoch seconds (TTL) while pending; the message's write checks it itself and removes it. */
  expires_at?: number;
  /** Set once a message names it. */
  ticket?: string;
  size?: number;
  content_type?: string;
}

const ticketKey = (uuid: string) => ({ pk: `TICKET#${uuid}`, sk: 'TICKET' });
const MESSAGE_PREFIX = 'MSG#';
const messageKey = (m: Pick<TicketMessage, 'ticket' | 'created' | 'uuid'>) => ({
  pk: `TICKET#${m.ticket}`,
  sk: `${MESSAGE_PREFIX}${m.created}#${m.uuid}`,
});
const counterKey = (project: string | null) => ({ pk: `TICKETNO#${project ?? 'NONE'}`, sk: 'TICKETNO' });
const fileKey = (uuid: string) => ({ pk: `TICKETFILE#${uuid}`, sk: 'FILE' });

const TICKET_SHARDS = 64;
export const ticketDirectories = {
  all: (): Directory => ({ partition: 'TICKETS', shards: TICKET_SHARDS }),
  ofProject: (project: string): Directory => ({ partition: `PROJECT#${project}#TICKETS`, shards: TICKET_SHARDS }),
  /** A person's own tickets: a handful, a few shards. */
  ofUser: (user: string): Directory => ({ partition: `USER#${user}#TICKETS`, shards: 4 }),
};

/** A ticket's listing entry: created and last activity (order), status (filter), search text (number, subject, sender). */
export interface TicketEntry {
  c: string;
  u?: string;
  st: TicketStatus;
  s: string;
}

const ticketEntry = (t: TicketRecord): TicketEntry => ({
  c: t.created,
  u: t.updated ?? t.created,
  st: t.status,
  s: searchText(t.number ? `#${t.number}` : '', t.subject, t.user.first_name, t.user.last_name, t.user.email),
});

/** The ticket item (new, or unchanged since `readVersion`) and its three entries, in one transaction's writes. */
function ticketWrites(ticket: TicketRecord, readVersion: number | 'new'): TxWrite[] {
  const entry = ticketEntry(ticket);
  const item = { ...ticketKey(ticket.uuid), ...ticket };
  return [
    readVersion === 'new'
      ? putNew(item)
      : {
          write: {
            Put: {
              TableName: config.tableName,
              Item: item,
              // Tickets stored before versions have none: the first change gives them one.
              ConditionExpression:
                readVersion === 0 ? 'attribute_exists(pk) AND attribute_not_exists(version)' : 'version = :version',
              ...(readVersion !== 0 && { ExpressionAttributeValues: { ':version': readVersion } }),
            },
          },
          onConditionFail: () => conflict('DATA_CONFLICT'),
        },
    putEntry(ticketDirectories.all(), ticket.uuid, entry),
    ...(ticket.project ? [putEntry(ticketDirectories.ofProject(ticket.project.uuid), ticket.uuid, entry)] : []),
    putEntry(ticketDirectories.ofUser(ticket.user.uuid), ticket.uuid, entry),
  ];
}

const messageWrite = (message: TicketMessage): TxWrite => putNew({ ...messageKey(message), ...message });

/**
 * Attaches the pending uploads a message names, in its transaction: each once (a second message naming it fails), the
 * expiry removed so the TTL keeps it, the ticket, size and type recorded.
 */
const attachFiles = (ticket: string, attachments: readonly TicketAttachment[]): TxWrite[] =>
  attachments.map((a) => ({
    write: {
      Update: {
        TableName: config.tableName,
        Key: fileKey(a.uuid),
        UpdateExpression: 'SET ticket = :ticket, size = :size, content_type = :type REMOVE expires_at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(ticket)',
        ExpressionAttributeValues: { ':ticket': ticket, ':size': a.size, ':type': a.content_type },
      },
    },
    onConditionFail: () => fieldErrors({ attachments: ['UPLOAD_MISSING'] }),
  }));

/** Thrown when another ticket of the project took the number read: the caller reads the counter again. */
export class TicketNumberTaken extends Error {}

/** The project's last ticket number (0 before its first ticket). */
export async function lastTicketNumber(project: string | null): Promise<number> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: counterKey(project), ConsistentRead: true }),
  );
  return typeof Item?.n === 'number' ? Item.n : 0;
}

/**
 * A new ticket, its first message and its number in one transaction: the counter moves from the number read to the
 * ticket's only if no other ticket took it meanwhile (TicketNumberTaken), and the uploads the message names are
 * consumed with it (plus whatever `extra` the caller adds: the uploads' clean-up markers).
 */
export async function putNewTicket(ticket: TicketRecord & { number: number }, first: TicketMessage, extra: TxWrite[]) {
  const previous = ticket.number - 1;
  const counter: TxWrite = {
    write: {
      Put: {
        TableName: config.tableName,
        Item: { ...counterKey(ticket.project?.uuid ?? null), n: ticket.number },
        ConditionExpression: previous === 0 ? 'attribute_not_exists(pk)' : 'n = :previous',
        ...(previous !== 0 && { ExpressionAttributeValues: { ':previous': previous } }),
      },
    },
    onConditionFail: () => {
      throw new TicketNumberTaken();
    },
  };
  await transactWrite([
    counter,
    ...ticketWrites(ticket, 'new'),
    messageWrite(first),
    ...attachFiles(ticket.uuid, first.attachments),
    ...extra,
  ]);
}

/**
 * Rewrites a ticket (status, last activity) and its entries, if unchanged since read; with a new message, if any, and
 * `legacyFirst`: the description of a ticket stored before conversations, stored as its first message.
 */
export async function updateTicket(
  ticket: TicketRecord,
  readVersion: number,
  message?: TicketMessage,
  extra: TxWrite[] = [],
  legacyFirst?: TicketMessage,
) {
  await transactWrite([
    ...ticketWrites(ticket, readVersion),
    ...(legacyFirst ? [messageWrite(legacyFirst)] : []),
    ...(message ? [messageWrite(message), ...attachFiles(ticket.uuid, message.attachments)] : []),
    ...extra,
  ]);
}

export async function getTicket(uuid: string): Promise<TicketRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: ticketKey(uuid), ConsistentRead: true }),
  );
  return recordOf<TicketRecord>(Item);
}

/** A ticket's messages, oldest first: one Query of its partition (a conversation holds at most a few hundred). */
export async function ticketMessages(ticket: string): Promise<TicketMessage[]> {
  const messages: TicketMessage[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :msg)',
        ExpressionAttributeValues: { ':pk': `TICKET#${ticket}`, ':msg': MESSAGE_PREFIX },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) messages.push(recordOf<TicketMessage>(item) as TicketMessage);
    start = out.LastEvaluatedKey;
  } while (start);
  return messages;
}

/** Every listing entry of the given ticket directories, in one BatchGet round. */
export async function readTicketEntries(directories: Directory[]): Promise<Array<Entry<TicketEntry>>> {
  return (await readDirectories<TicketEntry>(directories)).entries.flat();
}

/** The tickets of a page of entries, in the page's order. */
export const ticketsByUuid = (uuids: string[]) => getItems<TicketRecord>(uuids.map(ticketKey));

/** A pending attachment upload, as a write (its clean-up marker rides in the same transaction). */
export const ticketFileWrite = (upload: PendingTicketUpload): TxWrite => putNew({ ...fileKey(upload.uuid), ...upload });

/** An attachment's item, pending or attached. */
export async function getTicketFile(uuid: string): Promise<PendingTicketUpload | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: fileKey(uuid), ConsistentRead: true }),
  );
  return recordOf<PendingTicketUpload>(Item);
}
