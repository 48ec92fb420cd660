import { randomUUID } from 'node:crypto';
import type { ResponseOf } from '../../shared/contracts/define';
import type { getSupportTicket, listSupportTickets, ticketSchema } from '../../shared/contracts/external';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import { pageEntries } from '../lib/data/list-index';
import { getProject, type ProjectRecord } from '../lib/data/projects';
import { spendQuotas } from '../lib/data/quotas';
import { nowIso } from '../lib/data/table';
import { countHit } from '../lib/data/throttle';
import {
  getTicket,
  getTicketFile,
  lastTicketNumber,
  putNewTicket,
  readTicketEntries,
  type TicketMessage,
  TicketNumberTaken,
  type TicketRecord,
  type TicketStatus,
  ticketDirectories,
  ticketMessages,
  ticketsByUuid,
  updateTicket,
} from '../lib/data/tickets';
import { DEFAULT_BRANDING, linkBase, sendMail } from '../lib/email';
import { conflict, notFound } from '../lib/errors';
import { firmLogo } from '../lib/firm-logo';
import { logger } from '../lib/logger';
import { projectInScope, seesEverything } from '../lib/scope';
import { ticketAnswerMail, ticketMail } from './mails';
import { attachmentLink, resolveAttachments } from './ticket-attachments';

/**
 * Support tickets and their conversation. A ticket gets its project's next number, is stored with
 * its first message, and is mailed to the project's contact e-mail (the firm's address when the project has none).
 * Its sender reads it and writes on it; so do the admins whose scope holds it (SUPER_ADMIN all, PROJECT_ADMIN its
 * projects'). Each message is mailed to the other side: a client's to the firm's contact address, the firm's to the
 * client in the firm's branding, with a link to the ticket; replies are written in the portal (the mail says so:
 * inbound mail is not received). The 'zoho/desk' path is the spec's; the desk is this table.
 */
type TicketView = ResponseOf<typeof getSupportTicket>;
type TicketRow = (typeof ticketSchema)['_zod']['output'];

/** What an answer shows of a ticket: exactly the contract's fields (AWS sends answers unchecked). */
const ticketView = (t: TicketRecord): TicketRow => ({
  uuid: t.uuid,
  number: t.number ?? null,
  subject: t.subject,
  description: t.description,
  status: t.status,
  created: t.created,
  closed: t.closed,
  updated: t.updated ?? t.created,
  user: { uuid: t.user.uuid, first_name: t.user.first_name, last_name: t.user.last_name, email: t.user.email },
  project: t.project ? { uuid: t.project.uuid, project_name: t.project.project_name } : null,
});

const messageView = (m: TicketMessage): TicketView['messages'][number] => ({
  uuid: m.uuid,
  created: m.created,
  side: m.side,
  author: { first_name: m.author.first_name, last_name: m.author.last_name },
  description: m.description,
  attachments: m.attachments.map((a) => ({
    uuid: a.uuid,
    file_name: a.file_name,
    size: a.size,
    content_type: a.content_type,
  })),
});

/** A ticket stored before conversations has no message items: its description is its first message. */
const firstMessageOf = (t: TicketRecord): TicketMessage => ({
  uuid: t.uuid,
  ticket: t.uuid,
  created: t.created,
  side: 'CLIENT',
  author: { uuid: t.user.uuid, first_name: t.user.first_name, last_name: t.user.last_name },
  description: t.description,
  attachments: [],
});

async function conversationOf(ticket: TicketRecord): Promise<TicketMessage[]> {
  const messages = await ticketMessages(ticket.uuid);
  return messages.length > 0 ? messages : [firstMessageOf(ticket)];
}

const detailView = (ticket: TicketRecord, messages: TicketMessage[]): TicketView => ({
  ...ticketView(ticket),
  messages: messages.map(messageView),
});

/** Whether the caller is an admin whose scope holds this ticket: SUPER_ADMIN any, PROJECT_ADMIN its projects'. */
const ticketInScope = (caller: Caller, ticket: TicketRecord) =>
  seesEverything(caller) || (ticket.project !== null && projectInScope(caller, ticket.project.uuid));

/** The ticket's sender, or an admin in scope; anyone else is told it does not exist. */
async function readableTicket(caller: Caller, uuid: string): Promise<TicketRecord> {
  const ticket = await getTicket(uuid);
  if (!ticket || (ticket.user.uuid !== caller.user.uuid && !ticketInScope(caller, ticket))) throw notFound();
  return ticket;
}

const ticketLink = async (project: ProjectRecord | undefined, uuid: string) =>
  `${await linkBase(project)}/support/tickets/${uuid}`;

/** Mails a message to the other side. A failure is logged: the message is stored, and the portal shows it. */
async function mailMessage(ticket: TicketRecord, message: TicketMessage, first: boolean) {
  try {
    const project = ticket.project ? await getProject(ticket.project.uuid) : undefined;
    const link = await ticketLink(project, ticket.uuid);
    if (message.side === 'CLIENT') {
      const mail = ticketMail(ticket, message, link, first);
      await sendMail(project?.contact_email || config.contactEmail, mail.subject, mail, {
        project,
        replyTo: ticket.user.email,
      });
    } else {
      const mail = ticketAnswerMail(project ?? DEFAULT_BRANDING, ticket, message, link, await firmLogo(project?.logo));
      await sendMail(ticket.user.email, mail.subject, mail, { project });
    }
  } catch (error) {
    logger.error('Ticket mail not sent', { ticket: ticket.uuid, reason: (error as Error).name });
  }
}

const NUMBER_ATTEMPTS = 5;

export async function createTicket(
  caller: Caller,
  body: { subject: string; description: string; attachments?: string[] },
): Promise<TicketRow> {
  const { attachments, writes } = await resolveAttachments(caller, body.attachments);
  await countHit('USER_TICKET', caller.user.uuid);
  const projectUuid = caller.user.project_uuids[0];
  const project = projectUuid ? await getProject(projectUuid) : undefined;
  // Each ticket mails the firm: a day's cap per firm besides each user's hourly throttle.
  if (project) await spendQuotas([{ kind: 'TICKET_PROJECT', key: project.uuid }]);
  const { uuid, first_name, last_name, email } = caller.user;
  const created = nowIso();
  const ticketUuid = randomUUID();
  const first: TicketMessage = {
    uuid: randomUUID(),
    ticket: ticketUuid,
    created,
    side: 'CLIENT',
    author: { uuid, first_name, last_name },
    description: body.description,
    attachments,
  };
  for (let attempt = 1; ; attempt += 1) {
    const ticket: TicketRecord & { number: number } = {
      uuid: ticketUuid,
      number: (await lastTicketNumber(project?.uuid ?? null)) + 1,
      subject: body.subject,
      description: body.description,
      status: 'OPEN',
      created,
      closed: null,
      updated: created,
      version: 1,
      user: { uuid, first_name, last_name, email },
      project: project ? { uuid: project.uuid, project_name: project.project_name } : null,
    };
    try {
      await putNewTicket(ticket, first, writes);
    } catch (error) {
      // Another ticket of the project took this number between the read and the write: read the counter again.
      if (!(error instanceof TicketNumberTaken)) throw error;
      if (attempt >= NUMBER_ATTEMPTS) throw conflict('DATA_CONFLICT');
      continue;
    }
    await mailMessage(ticket, first, true);
    return ticketView(ticket);
  }
}

/** A ticket and its conversation, to its sender or an admin in scope. */
export async function readTicket(caller: Caller, uuid: string): Promise<TicketView> {
  const ticket = await readableTicket(caller, uuid);
  return detailView(ticket, await conversationOf(ticket));
}

/**
 * A message on a ticket: the sender's opens it again (OPEN), an admin's answers it (ANSWERED); either way a closed
 * ticket is open again, and the other side is mailed. Attachments are checked before anything is written or counted.
 */
export async function postMessage(
  caller: Caller,
  uuid: string,
  body: { description: string; attachments?: string[] },
): Promise<TicketView> {
  const ticket = await readableTicket(caller, uuid);
  const { attachments, writes } = await resolveAttachments(caller, body.attachments);
  await countHit('USER_TICKET_MESSAGE', caller.user.uuid);
  const side = ticket.user.uuid === caller.user.uuid ? 'CLIENT' : 'FIRM';
  const message: TicketMessage = {
    uuid: randomUUID(),
    ticket: ticket.uuid,
    created: nowIso(),
    side,
    author: { uuid: caller.user.uuid, first_name: caller.user.first_name, last_name: caller.user.last_name },
    description: body.description,
    attachments,
  };
  const readVersion = ticket.version ?? 0;
  const changed: TicketRecord = {
    ...ticket,
    status: side === 'CLIENT' ? 'OPEN' : 'ANSWERED',
    closed: null,
    updated: message.created,
    version: readVersion + 1,
  };
  // A ticket stored before conversations gets its description as a message too, so the order stays whole.
  const before = await ticketMessages(ticket.uuid);
  await updateTicket(changed, readVersion, message, writes, before.length === 0 ? firstMessageOf(ticket) : undefined);
  await mailMessage(changed, message, false);
  return detailView(changed, [...(before.length > 0 ? before : [firstMessageOf(ticket)]), message]);
}

/** One attachment of a ticket the caller may read, as a one-minute link; anything else answers 404. */
export async function ticketAttachment(caller: Caller, file: string, type: 'inline' | 'attachment') {
  const attachment = await getTicketFile(file);
  if (!attachment?.ticket || !attachment.content_type) throw notFound();
  await readableTicket(caller, attachment.ticket);
  return attachmentLink({ ...attachment, content_type: attachment.content_type }, type);
}

type TicketPage = ResponseOf<typeof listSupportTickets>;
type PageQuery = { limit: number; offset: number; search?: string; status?: TicketStatus };

async function pageOf(
  directories: ReturnType<typeof ticketDirectories.all>[],
  query: PageQuery,
  order: 'created' | 'updated',
  visible: (t: TicketRecord) => boolean,
): Promise<TicketPage> {
  const entries = directories.length > 0 ? await readTicketEntries(directories) : [];
  const { count, page } = pageEntries(entries, {
    search: query.search,
    text: (v) => v.s,
    filter: query.status ? (e) => e.value.st === query.status : undefined,
    ordering: { key: (v) => (order === 'created' ? v.c : (v.u ?? v.c)), descending: true },
    offset: query.offset,
    limit: query.limit,
  });
  const tickets = page.length > 0 ? await ticketsByUuid(page.map((e) => e.id)) : [];
  return { count, results: tickets.filter(visible).map(ticketView) };
}

/** A page of the tickets in an admin's scope, newest first, optionally of one status: one BatchGet of entries, one of items. */
export const pageTickets = (caller: Caller, query: PageQuery) =>
  pageOf(
    seesEverything(caller) ? [ticketDirectories.all()] : caller.user.project_uuids.map(ticketDirectories.ofProject),
    query,
    'created',
    (t) => ticketInScope(caller, t),
  );

/** A page of the caller's own tickets, latest activity first. */
export const pageMyTickets = (caller: Caller, query: PageQuery) =>
  pageOf([ticketDirectories.ofUser(caller.user.uuid)], query, 'updated', (t) => t.user.uuid === caller.user.uuid);

/** Closes or reopens a ticket in scope; out of scope answers 404 as if it did not exist. */
export async function setTicketStatus(caller: Caller, uuid: string, status: 'OPEN' | 'CLOSED') {
  const ticket = await getTicket(uuid);
  if (!ticket || !ticketInScope(caller, ticket)) throw notFound();
  if (ticket.status === status) return ticketView(ticket);
  const readVersion = ticket.version ?? 0;
  const changed: TicketRecord = {
    ...ticket,
    status,
    closed: status === 'CLOSED' ? nowIso() : null,
    version: readVersion + 1,
  };
  await updateTicket(changed, readVersion);
  return ticketView(changed);
}
