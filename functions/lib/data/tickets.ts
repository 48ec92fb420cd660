import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { type Entry, putEntry, readDirectories } from './directory';
import { getItems, searchText } from './list-index';
import { type Directory, recordOf } from './table';
import { type TxWrite, transactWrite } from './transact';

/**
 * Support tickets (portal spec §2 "Support ticket", issue 13): one item per ticket under `TICKET#<uuid>`, listed
 * through two listing directories (directory.ts): every ticket (SUPER_ADMIN) and a project's (PROJECT_ADMIN).
 */
export type TicketStatus = 'OPEN' | 'CLOSED';

export interface TicketRecord {
  uuid: string;
  subject: string;
  description: string;
  status: TicketStatus;
  created: string;
  closed: string | null;
  /** Who sent it, as it was then (a later rename does not rewrite history). */
  user: { uuid: string; first_name: string; last_name: string; email: string };
  /** The sender's project (its first membership); null for a user of no project (a SUPER_ADMIN). */
  project: { uuid: string; project_name: string } | null;
}

const ticketKey = (uuid: string) => ({ pk: `TICKET#${uuid}`, sk: 'TICKET' });

const TICKET_SHARDS = 64;
export const ticketDirectories = {
  all: (): Directory => ({ partition: 'TICKETS', shards: TICKET_SHARDS }),
  ofProject: (project: string): Directory => ({ partition: `PROJECT#${project}#TICKETS`, shards: TICKET_SHARDS }),
};

/** A ticket's listing entry: created (order), status (filter), search text (subject, sender). */
export interface TicketEntry {
  c: string;
  st: TicketStatus;
  s: string;
}

const ticketEntry = (t: TicketRecord): TicketEntry => ({
  c: t.created,
  st: t.status,
  s: searchText(t.subject, t.user.first_name, t.user.last_name, t.user.email),
});

/** The ticket item and its entries, in one transaction (never a ticket missing from its lists). */
function ticketWrites(ticket: TicketRecord, condition: 'new' | 'exists'): TxWrite[] {
  const entry = ticketEntry(ticket);
  return [
    {
      write: {
        Put: {
          TableName: config.tableName,
          Item: { ...ticketKey(ticket.uuid), ...ticket },
          ConditionExpression: condition === 'new' ? 'attribute_not_exists(pk)' : 'attribute_exists(pk)',
        },
      },
    },
    putEntry(ticketDirectories.all(), ticket.uuid, entry),
    ...(ticket.project ? [putEntry(ticketDirectories.ofProject(ticket.project.uuid), ticket.uuid, entry)] : []),
  ];
}

export const putNewTicket = (ticket: TicketRecord) => transactWrite(ticketWrites(ticket, 'new'));

/** Rewrites a ticket (its status) and its entries together. */
export const replaceTicket = (ticket: TicketRecord) => transactWrite(ticketWrites(ticket, 'exists'));

export async function getTicket(uuid: string): Promise<TicketRecord | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: ticketKey(uuid) }));
  return recordOf<TicketRecord>(Item);
}

/** Every listing entry of the given ticket directories, in one BatchGet round. */
export async function readTicketEntries(directories: Directory[]): Promise<Array<Entry<TicketEntry>>> {
  return (await readDirectories<TicketEntry>(directories)).entries.flat();
}

/** The tickets of a page of entries, in the page's order. */
export const ticketsByUuid = (uuids: string[]) => getItems<TicketRecord>(uuids.map(ticketKey));
