import * as z from 'zod/mini';
import { defineContract } from './define';
import { emailSchema, pageOf, pageQuery, text, uuidSchema } from './fields';

/** Portal spec §5: the ticket's description 4 to 1024 characters; the contact's at most 1024. */
export const TICKET_DESCRIPTION = { min: 4, max: 1024 } as const;
export const CONTACT_DESCRIPTION_MAX = 1024;
export const SUBJECT_MAX = 200;

const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;
/** Who reads the tickets (issue 13): SUPER_ADMIN all of them, PROJECT_ADMIN those of its projects. */
const TICKET_READERS = ['SUPER_ADMIN', 'PROJECT_ADMIN'] as const;

export const TICKET_STATUSES = ['OPEN', 'CLOSED'] as const;

export const contactBodySchema = z.object({
  email: emailSchema,
  subject: text(SUBJECT_MAX),
  description: text(CONTACT_DESCRIPTION_MAX),
});

export const ticketBodySchema = z.object({
  subject: text(SUBJECT_MAX),
  description: z.string().check(z.trim(), z.minLength(TICKET_DESCRIPTION.min), z.maxLength(TICKET_DESCRIPTION.max)),
});

export const ticketSchema = z.object({
  uuid: z.string(),
  subject: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  created: z.string(),
  closed: z.nullable(z.string()),
  user: z.object({ uuid: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  project: z.nullable(z.object({ uuid: z.string(), project_name: z.string() })),
});

export const postContactEmail = defineContract({
  id: 'postContactEmail',
  method: 'POST',
  path: 'api/v1/external/contact/email/',
  access: 'public',
  statuses: [429],
  handler: 'external/post-contact-email',
  summary: "Landing contact form: mailed to the firm's contact address; throttled per client address",
  body: contactBodySchema,
  response: z.object({ detail: z.literal('EMAIL_SENT') }),
});

export const postSupportTicket = defineContract({
  id: 'postSupportTicket',
  method: 'POST',
  path: 'api/v1/external/zoho/desk/ticket/',
  access: ALL,
  statuses: [429],
  handler: 'external/post-support-ticket',
  summary:
    "Support ticket: stored with its user, project and time, and mailed to the project's contact e-mail; throttled per user",
  body: ticketBodySchema,
  response: ticketSchema,
  successStatus: 201,
});

export const listSupportTickets = defineContract({
  id: 'listSupportTickets',
  method: 'GET',
  path: 'api/v1/external/zoho/desk/ticket/',
  access: TICKET_READERS,
  handler: 'external/list-support-tickets',
  summary: 'Support tickets in scope (SUPER_ADMIN all, PROJECT_ADMIN its projects), newest first, by status',
  query: z.object({ ...pageQuery, status: z.optional(z.enum(TICKET_STATUSES)) }),
  response: pageOf(ticketSchema),
});

export const patchSupportTicket = defineContract({
  id: 'patchSupportTicket',
  method: 'PATCH',
  path: 'api/v1/external/zoho/desk/ticket/{uuid}/',
  access: TICKET_READERS,
  handler: 'external/patch-support-ticket',
  summary: 'Close (or reopen) a ticket in scope',
  params: z.object({ uuid: uuidSchema }),
  body: z.object({ status: z.enum(TICKET_STATUSES) }),
  response: ticketSchema,
});
