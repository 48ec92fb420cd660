import * as z from 'zod/mini';
import { ROLES } from '../roles';
import { defineContract } from './define';
import { MAX_DOCUMENT_BYTES, presignedPostSchema, uploadFileFields } from './documents';
import { okSchema, text, uuidSchema } from './fields';

/**
 * A conversation per society ('Mensajes'): the firm's staff who reach the society (admins in scope) and its client
 * users (USER_SOCIETY of it, USER_GROUP of its group) write in threads of that society. Lists are cursor-paged, newest
 * activity first, so a page costs the same whatever the number of threads or messages.
 */
export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 4000;
export const THREAD_PAGE_MAX = 50;
export const MESSAGE_PAGE_MAX = 100;

/** Files one message carries; each becomes a document of the thread's society (up to the direct upload's size). */
export const MESSAGE_ATTACHMENTS_MAX = 5;

/** Which side of the firm–client conversation wrote a message. */
export const MESSAGE_SIDES = ['FIRM', 'CLIENT'] as const;

/** An opaque position in a list, handed back as `next`; bounded so a forged one cannot be large. */
const cursorSchema = z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(600)));
const pageLimit = (max: number, byDefault: number) =>
  z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(max)), byDefault);

const personSchema = z.object({ uuid: z.string(), first_name: z.string(), last_name: z.string() });

/** A file a message carries: the document it became (its uuid is the document's), as it was named when sent. */
export const messageAttachmentSchema = z.object({
  uuid: z.string(),
  file_name: z.string(),
  size: z.number().check(z.int()),
  content_type: z.string(),
});

export const messageSchema = z.object({
  uuid: z.string(),
  thread: z.string(),
  created: z.string(),
  side: z.enum(MESSAGE_SIDES),
  author: personSchema,
  body: z.string(),
  attachments: z.array(messageAttachmentSchema),
});

export const threadSchema = z.object({
  uuid: z.string(),
  society: z.string(),
  subject: z.string(),
  created: z.string(),
  /** The last message's time. */
  updated: z.string(),
  created_by: personSchema,
  message_count: z.number().check(z.int()),
  /** The last message, shortened, for the list. */
  last: z.object({ excerpt: z.string(), side: z.enum(MESSAGE_SIDES), author: personSchema }),
  /** Messages of this thread the caller has not read yet. */
  unread: z.number().check(z.int()),
  /** The request item it is about, named as they were when the thread was made; null when it is about none. */
  request_item: z.nullable(z.object({ request: z.string(), item: z.string(), title: z.string(), name: z.string() })),
});

/** Who has read the thread up to when: one marker per participant, for 'Leído por'. */
export const receiptSchema = z.object({
  user: personSchema,
  side: z.enum(MESSAGE_SIDES),
  read_at: z.string(),
  /** The time of the last message this participant had seen. */
  upto: z.string(),
});

const societyParams = z.object({ uuid: uuidSchema });
const threadParams = z.object({ uuid: uuidSchema });

/** The caller's uploads (createMessageAttachmentUpload, uploaded) a message carries, each once. */
const attachmentsSchema = z.optional(
  z.array(uuidSchema).check(
    z.maxLength(MESSAGE_ATTACHMENTS_MAX),
    z.refine((ids) => new Set(ids).size === ids.length, { error: 'FORMAT_ERROR' }),
  ),
);

export const messageBodySchema = z.object({ body: text(MESSAGE_BODY_MAX), attachments: attachmentsSchema });
export const threadCreateSchema = z.object({
  subject: text(MESSAGE_SUBJECT_MAX),
  body: text(MESSAGE_BODY_MAX),
  attachments: attachmentsSchema,
  /** A request item of the same society the thread is about (the request's item lists the thread). */
  request_item: z.optional(z.object({ request: uuidSchema, item: uuidSchema })),
});

export const listSocietyThreads = defineContract({
  id: 'listSocietyThreads',
  method: 'GET',
  path: 'api/v1/messages/society/{uuid}/threads/',
  access: ROLES,
  handler: 'messages/list-society-threads',
  summary: "A society's threads, newest activity first, with the caller's unread count per thread (cursor paged)",
  params: societyParams,
  query: z.object({ limit: pageLimit(THREAD_PAGE_MAX, 20), cursor: cursorSchema }),
  response: z.object({ results: z.array(threadSchema), next: z.nullable(z.string()) }),
});

export const createThread = defineContract({
  id: 'createThread',
  method: 'POST',
  path: 'api/v1/messages/society/{uuid}/threads/',
  access: ROLES,
  statuses: [404, 409],
  handler: 'messages/create-thread',
  // 404: the society, or the linked request or item, outside the caller's reach or of another society; 409
  // REQUEST_ITEM_THREADS_FULL: the item already lists its maximum of threads.
  summary:
    'Opens a thread in a society with its subject and first message (audited); its attachments become documents of ' +
    'the society; a thread about a request item of the society is listed on that item in the same transaction',
  params: societyParams,
  body: threadCreateSchema,
  response: threadSchema,
  successStatus: 201,
});

export const getThread = defineContract({
  id: 'getThread',
  method: 'GET',
  path: 'api/v1/messages/thread/{uuid}/',
  access: ROLES,
  handler: 'messages/get-thread',
  summary: "A thread, a page of its messages (newest first, cursor paged) and its participants' read markers",
  params: threadParams,
  query: z.object({ limit: pageLimit(MESSAGE_PAGE_MAX, 30), cursor: cursorSchema }),
  response: z.object({
    thread: threadSchema,
    messages: z.array(messageSchema),
    next: z.nullable(z.string()),
    receipts: z.array(receiptSchema),
  }),
});

export const postThreadMessage = defineContract({
  id: 'postThreadMessage',
  method: 'POST',
  path: 'api/v1/messages/thread/{uuid}/',
  access: ROLES,
  handler: 'messages/post-thread-message',
  summary:
    'A message in a thread, with up to 5 uploaded attachments that become documents of the society; every other ' +
    "participant's unread count moves in the same transaction",
  params: threadParams,
  body: messageBodySchema,
  response: messageSchema,
  successStatus: 201,
});

export const markThreadRead = defineContract({
  id: 'markThreadRead',
  method: 'POST',
  path: 'api/v1/messages/thread/{uuid}/read/',
  access: ROLES,
  handler: 'messages/mark-thread-read',
  summary: 'Marks the thread read by the caller up to its last message (its read marker; its unread count cleared)',
  params: threadParams,
  response: okSchema,
});

export const getMessagesUnread = defineContract({
  id: 'getMessagesUnread',
  method: 'GET',
  path: 'api/v1/messages/unread/',
  access: ROLES,
  handler: 'messages/get-messages-unread',
  summary: "The caller's unread messages across its societies (the top bar's badge), and per society",
  response: z.object({
    unread: z.number().check(z.int()),
    threads: z.number().check(z.int()),
    societies: z.array(z.object({ society: z.string(), unread: z.number().check(z.int()) })),
  }),
});

export const createMessageAttachmentUpload = defineContract({
  id: 'createMessageAttachmentUpload',
  method: 'POST',
  path: 'api/v1/messages/society/{uuid}/attachments/',
  access: ROLES,
  statuses: [404, 429],
  handler: 'messages/create-message-attachment-upload',
  // 429: a person's hundred uploads an hour.
  summary:
    "A presigned POST for one attachment of a message in the society's conversation (up to 100 MB, 10 minutes); " +
    'a new thread or a message then names it, and it becomes a document of the society',
  params: societyParams,
  body: z.object({
    ...uploadFileFields(MAX_DOCUMENT_BYTES),
  }),
  response: presignedPostSchema,
  successStatus: 201,
});

export const messageAttachmentLink = defineContract({
  id: 'messageAttachmentLink',
  method: 'GET',
  path: 'api/v1/messages/attachment/{uuid}/',
  access: ROLES,
  statuses: [404],
  handler: 'messages/message-attachment-link',
  summary:
    "A one-minute presigned GET of a message's attachment (the document it became), to whoever takes part in its " +
    "thread, whatever the caller's document rights",
  params: z.object({ uuid: uuidSchema }),
  query: z.object({ type: z._default(z.enum(['inline', 'attachment']), 'attachment') }),
  response: z.object({ link: z.string() }),
});

// New-message notices: each person may stop them (the notice mail's link, or Mi perfil).

export const putMessageNoticePreference = defineContract({
  id: 'putMessageNoticePreference',
  method: 'PUT',
  path: 'api/v1/messages/notices/preference/',
  access: ROLES,
  handler: 'messages/put-message-notice-preference',
  summary: "Turns the caller's hourly e-mail notices of new messages on or off",
  body: z.object({ notices: z.boolean() }),
  response: z.object({ notices: z.boolean() }),
});

export const unsubscribeMessageNotices = defineContract({
  id: 'unsubscribeMessageNotices',
  method: 'POST',
  path: 'api/v1/messages/notices/unsubscribe/',
  access: 'public',
  handler: 'messages/unsubscribe-message-notices',
  summary:
    "The notice mail's unsubscribe link, signed out: turns its person's notices of new messages off (400 INVALID_TOKEN for an unknown or expired link; a second use answers the same)",
  body: z.object({ token: z.string().check(z.trim(), z.minLength(20), z.maxLength(200)) }),
  response: okSchema,
});
