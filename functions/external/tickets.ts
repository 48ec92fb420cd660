import { randomUUID } from 'node:crypto';
import type { ResponseOf } from '../../shared/contracts/define';
import type { listSupportTickets } from '../../shared/contracts/external';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import { pageEntries } from '../lib/data/list-index';
import { getProject } from '../lib/data/projects';
import { spendQuotas } from '../lib/data/quotas';
import { nowIso } from '../lib/data/table';
import {
  getTicket,
  putNewTicket,
  readTicketEntries,
  replaceTicket,
  type TicketRecord,
  type TicketStatus,
  ticketDirectories,
  ticketsByUuid,
} from '../lib/data/tickets';
import { sendMail } from '../lib/email';
import { notFound } from '../lib/errors';
import { projectInScope, seesEverything } from '../lib/scope';
import { ticketMail } from './mails';

/**
 * Support tickets (issue 13): stored with the sender, its project and the time, then mailed to the project's contact
 * e-mail (the firm's address when the project has none). The 'zoho/desk' path is the spec's; the desk is this table.
 */
export async function createTicket(caller: Caller, body: { subject: string; description: string }) {
  const projectUuid = caller.user.project_uuids[0];
  const project = projectUuid ? await getProject(projectUuid) : undefined;
  // Each ticket mails the firm: a day's cap per firm besides each user's hourly throttle.
  if (project) await spendQuotas([{ kind: 'TICKET_PROJECT', key: project.uuid }]);
  const { uuid, first_name, last_name, email } = caller.user;
  const ticket: TicketRecord = {
    uuid: randomUUID(),
    subject: body.subject,
    description: body.description,
    status: 'OPEN',
    created: nowIso(),
    closed: null,
    user: { uuid, first_name, last_name, email },
    project: project ? { uuid: project.uuid, project_name: project.project_name } : null,
  };
  await putNewTicket(ticket);
  const mail = ticketMail(ticket);
  await sendMail(project?.contact_email || config.contactEmail, mail.subject, { html: mail.html, text: mail.text });
  return ticket;
}

/** Whether the caller may read and close this ticket: SUPER_ADMIN any, PROJECT_ADMIN those of its projects. */
const ticketInScope = (caller: Caller, ticket: TicketRecord) =>
  seesEverything(caller) || (ticket.project !== null && projectInScope(caller, ticket.project.uuid));

type TicketPage = ResponseOf<typeof listSupportTickets>;

/** A page of the tickets in scope, newest first, optionally of one status: one BatchGet of entries, one of items. */
export async function pageTickets(
  caller: Caller,
  query: { limit: number; offset: number; search?: string; status?: TicketStatus },
): Promise<TicketPage> {
  const directories = seesEverything(caller)
    ? [ticketDirectories.all()]
    : caller.user.project_uuids.map(ticketDirectories.ofProject);
  const entries = directories.length > 0 ? await readTicketEntries(directories) : [];
  const { count, page } = pageEntries(entries, {
    search: query.search,
    text: (v) => v.s,
    filter: query.status ? (e) => e.value.st === query.status : undefined,
    ordering: { key: (v) => v.c, descending: true },
    offset: query.offset,
    limit: query.limit,
  });
  const tickets = page.length > 0 ? await ticketsByUuid(page.map((e) => e.id)) : [];
  return { count, results: tickets.filter((t) => ticketInScope(caller, t)) };
}

/** Closes or reopens a ticket in scope; out of scope answers 404 as if it did not exist. */
export async function setTicketStatus(caller: Caller, uuid: string, status: TicketStatus) {
  const ticket = await getTicket(uuid);
  if (!ticket || !ticketInScope(caller, ticket)) throw notFound();
  if (ticket.status === status) return ticket;
  const changed: TicketRecord = { ...ticket, status, closed: status === 'CLOSED' ? nowIso() : null };
  await replaceTicket(changed);
  return changed;
}
