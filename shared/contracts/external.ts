import * as z from 'zod/mini';
import { defineContract } from './define';
import { presignedPostSchema, uploadFileFields } from './documents';
import { emailSchema, pageOf, pageQuery, text, uuidSchema } from './fields';

/** Portal spec §5: the ticket's description 4 to 1024 characters; the contact's at most 1024. */
export const TICKET_DESCRIPTION = { min: 4, max: 1024 } as const;
export const CONTACT_DESCRIPTION_MAX = 1024;
export const SUBJECT_MAX = 200;

const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;
/** Who reads the tickets: SUPER_ADMIN all of them, PROJECT_ADMIN those of its projects. */
const TICKET_READERS = ['SUPER_ADMIN', 'PROJECT_ADMIN'] as const;

/**
 * OPEN: waiting for the firm; ANSWERED: the firm answered, waiting for the client; CLOSED. A firm's message answers
 * the ticket, a client's message opens it again; the firm closes and reopens it by hand (PATCH, OPEN or CLOSED).
 */
export const TICKET_STATUSES = ['OPEN', 'ANSWERED', 'CLOSED'] as const;
export const TICKET_PATCH_STATUSES = ['OPEN', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Attachments of one message: a few files, each within the cap, of the kinds a client sends its firm. */
export const TICKET_ATTACHMENTS_MAX = 3;
export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const TICKET_ATTACHMENT_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'txt',
  'csv',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
] as const;
/** Whether a file name ends in one of the accepted extensions (any case). */
export const ticketAttachmentAllowed = (fileName: string) =>
  (TICKET_ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileName.split('.').pop()?.toLowerCase() ?? '');

export const contactBodySchema = z.object({
  email: emailSchema,
  subject: text(SUBJECT_MAX),
  description: text(CONTACT_DESCRIPTION_MAX),
});

const descriptionSchema = z
  .string()
  .check(z.trim(), z.minLength(TICKET_DESCRIPTION.min), z.maxLength(TICKET_DESCRIPTION.max));
/** The uploads (ticket attachment uploads of the caller, uploaded) a message carries. */
const attachmentsSchema = z.optional(
  z.array(uuidSchema).check(
    z.maxLength(TICKET_ATTACHMENTS_MAX),
    z.refine((ids) => new Set(ids).size === ids.length, { error: 'FORMAT_ERROR' }),
  ),
);

export const ticketBodySchema = z.object({
  subject: text(SUBJECT_MAX),
  description: descriptionSchema,
  attachments: attachmentsSchema,
});

export const ticketSchema = z.object({
  uuid: z.string(),
  /** 'Ticket #12': sequential per project, given when the ticket is stored; null for tickets stored before numbers. */
  number: z.nullable(z.number().check(z.int())),
  subject: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  created: z.string(),
  closed: z.nullable(z.string()),
  /** The time of the last message (the creation for a ticket without answers). */
  updated: z.string(),
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

export const listMySupportTickets = defineContract({
  id: 'listMySupportTickets',
  method: 'GET',
  path: 'api/v1/external/zoho/desk/ticket/mine/',
  access: ALL,
  handler: 'external/list-my-support-tickets',
  summary: "The caller's own tickets ('Mis tickets'), newest activity first, by status",
  query: z.object({ ...pageQuery, status: z.optional(z.enum(TICKET_STATUSES)) }),
  response: pageOf(ticketSchema),
});

export const ticketAttachmentSchema = z.object({
  uuid: z.string(),
  file_name: z.string(),
  size: z.number().check(z.int()),
  content_type: z.string(),
});

export const ticketMessageSchema = z.object({
  uuid: z.string(),
  created: z.string(),
  /** CLIENT: the ticket's sender; FIRM: an admin of the firm. */
  side: z.enum(['CLIENT', 'FIRM']),
  author: z.object({ first_name: z.string(), last_name: z.string() }),
  description: z.string(),
  attachments: z.array(ticketAttachmentSchema),
});

export const ticketDetailSchema = z.object({ ...ticketSchema.shape, messages: z.array(ticketMessageSchema) });

export const getSupportTicket = defineContract({
  id: 'getSupportTicket',
  method: 'GET',
  path: 'api/v1/external/zoho/desk/ticket/{uuid}/',
  access: ALL,
  statuses: [404],
  handler: 'external/get-support-ticket',
  summary: 'A ticket and its messages in order: to its sender, and to the admins whose scope holds it',
  params: z.object({ uuid: uuidSchema }),
  response: ticketDetailSchema,
});

/** A message of a ticket's conversation: its text, and the uploads it carries. */
export const ticketMessageBodySchema = /* @__PURE__ */ (() =>
  z.object({ description: descriptionSchema, attachments: attachmentsSchema }))();

export const postSupportTicketMessage = defineContract({
  id: 'postSupportTicketMessage',
  method: 'POST',
  path: 'api/v1/external/zoho/desk/ticket/{uuid}/message/',
  access: ALL,
  statuses: [404, 429],
  handler: 'external/post-support-ticket-message',
  summary:
    "A message on a ticket, with up to 3 uploaded attachments: the firm's answers it, the client's opens it again; " +
    'mailed to the other side',
  params: z.object({ uuid: uuidSchema }),
  body: ticketMessageBodySchema,
  response: ticketDetailSchema,
  successStatus: 201,
});

export const createTicketAttachmentUpload = defineContract({
  id: 'createTicketAttachmentUpload',
  method: 'POST',
  path: 'api/v1/external/zoho/desk/attachment/',
  access: ALL,
  statuses: [429],
  handler: 'external/create-ticket-attachment-upload',
  summary:
    'A presigned POST for one attachment (PDF, image, office document; up to 10 MB; 10 minutes); a message or ' +
    'ticket then names it',
  body: z.object({
    ...uploadFileFields(TICKET_ATTACHMENT_MAX_BYTES),
  }),
  response: presignedPostSchema,
  successStatus: 201,
});

export const ticketAttachmentLink = defineContract({
  id: 'ticketAttachmentLink',
  method: 'GET',
  path: 'api/v1/external/zoho/desk/attachment/{file}/',
  access: ALL,
  statuses: [404],
  handler: 'external/ticket-attachment-link',
  summary: "A one-minute presigned GET of a ticket message's attachment, to whoever may read the ticket",
  params: z.object({ file: uuidSchema }),
  query: z.object({ type: z._default(z.enum(['inline', 'attachment']), 'attachment') }),
  response: z.object({ link: z.string() }),
});

export const patchSupportTicket = defineContract({
  id: 'patchSupportTicket',
  method: 'PATCH',
  path: 'api/v1/external/zoho/desk/ticket/{uuid}/',
  access: TICKET_READERS,
  handler: 'external/patch-support-ticket',
  summary: 'Close (or reopen) a ticket in scope',
  params: z.object({ uuid: uuidSchema }),
  body: z.object({ status: z.enum(TICKET_PATCH_STATUSES) }),
  response: ticketSchema,
});
