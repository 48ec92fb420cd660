import * as z from 'zod/mini';
import { defineContract } from './define';
import { MAX_DOCUMENT_BYTES, presignedPostSchema, uploadFileFields } from './documents';
import { okSchema, optionalText, text, uuidSchema } from './fields';

/**
 * Document requests ('Solicitudes', an addition beyond the spec, README): a firm asks a society for a list of items
 * (its purchase book, a bank statement…) by a due date; the society's client users upload into each item or mark it
 * 'no aplica'; the firm accepts or returns each one. A request for a group or a project is one request per society.
 * Templates (per project) hold reusable item lists, the reminder schedule and, when recurring, the rule that places a
 * period's due date against the F29 (monthly) or F22 (annual) deadline; a schedule applies a recurring template to a
 * society, a group or a project, and a daily job makes each period's requests exactly once.
 */
const ADMINS = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] as const;
const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;

export const REQUEST_ITEMS_MAX = 30;
export const REQUEST_TITLE_MAX = 150;
export const REQUEST_ITEM_NAME_MAX = 150;
export const REQUEST_NOTE_MAX = 1000;
export const REQUEST_COMMENT_MAX = 1000;
export const REQUEST_PAGE_MAX = 100;
/** Files one item may hold (each becomes a document of the society). */
export const REQUEST_ITEM_FILES_MAX = 20;
/** Threads ('Mensajes') one item may list: the request stays one small item, read in one GetItem. */
export const REQUEST_ITEM_THREADS_MAX = 10;

/** Whom a request goes to: one society, every society of a group, or every society of a project. */
export const REQUEST_TARGETS = ['SOCIETY', 'GROUP', 'PROJECT'] as const;
/**
 * An item's life: PENDING until the client uploads (DELIVERED) or says it does not apply (NOT_APPLICABLE); the firm
 * then ACCEPTS it or RETURNS it with a comment (the client uploads again or answers again, which makes it DELIVERED or
 * NOT_APPLICABLE once more).
 */
export const REQUEST_ITEM_STATES = ['PENDING', 'DELIVERED', 'NOT_APPLICABLE', 'ACCEPTED', 'RETURNED'] as const;
export type RequestItemState = (typeof REQUEST_ITEM_STATES)[number];
/** A request is OPEN until every item is ACCEPTED or NOT_APPLICABLE-accepted (COMPLETE), or the firm cancels it. */
export const REQUEST_STATES = ['OPEN', 'COMPLETE', 'CANCELLED'] as const;
/**
 * The board's views: OPEN requests split into DUE (nothing delivered yet, not late), PARTIAL (something delivered or
 * answered, something missing) and OVERDUE (past the due date, still open); then COMPLETE and CANCELLED.
 */
export const REQUEST_BOARD_STATES = ['OPEN', 'DUE', 'PARTIAL', 'OVERDUE', 'COMPLETE', 'CANCELLED'] as const;
export const REVIEW_DECISIONS = ['ACCEPT', 'RETURN'] as const;
/** Recurring templates: a monthly request placed against the month's F29 deadline, or an annual one against F22's. */
export const RECURRENCES = ['NONE', 'MONTHLY_F29', 'ANNUAL_F22'] as const;

const isRealDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(day);
};
/** A calendar day, YYYY-MM-DD (Chile's day: due dates have no hour). */
export const dueDateSchema = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'FORMAT_ERROR' }), z.refine(isRealDay, { error: 'FORMAT_ERROR' }));
/** The period a recurring request is for: a month (YYYY-MM) or a tax year (YYYY). */
export const periodSchema = z.string().check(z.regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, { error: 'FORMAT_ERROR' }));

/**
 * An item as the firm writes it: its name, a note, and optionally a file to go with it (a form to fill, an example):
 * the uuid of the caller's upload (createRequestFileUpload, uploaded) or of a file a template already carries.
 */
const itemInput = z.object({
  name: text(REQUEST_ITEM_NAME_MAX),
  note: optionalText(REQUEST_NOTE_MAX),
  template_file: z.optional(z.nullable(uuidSchema)),
});
const itemsInput = z.array(itemInput).check(z.minLength(1), z.maxLength(REQUEST_ITEMS_MAX));

/**
 * When the society's client users are mailed about an open request: on the days before the due date listed, on the
 * due date, and every so many days after it while it stays open. The mail at creation always goes.
 */
export const reminderScheduleSchema = z.object({
  before_days: z.array(z.number().check(z.int(), z.minimum(1), z.maximum(60))).check(
    z.maxLength(5),
    z.refine((days) => new Set(days).size === days.length, { error: 'FORMAT_ERROR' }),
  ),
  on_due: z.boolean(),
  after_every_days: z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(30))),
});
export type ReminderSchedule = z.infer<typeof reminderScheduleSchema>;
export const DEFAULT_REMINDERS: ReminderSchedule = { before_days: [3], on_due: true, after_every_days: 7 };

/**
 * A recurring template's rule: MONTHLY_F29 makes, for each month, a request due `offset_days` from the F29 deadline of
 * that month's return (negative: before it), created `lead_days` before that due date; ANNUAL_F22 the same against the
 * F22 deadline of each tax year.
 */
export const recurrenceSchema = z.object({
  kind: z.enum(RECURRENCES),
  offset_days: z._default(z.number().check(z.int(), z.minimum(-60), z.maximum(0)), -5),
  lead_days: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(60)), 10),
});

const personSchema = z.object({ uuid: z.string(), first_name: z.string(), last_name: z.string() });

/**
 * A template's file as its template answers it: its uuid (named again to keep it when the template is saved, or when
 * a request is made from the template), name and size. One stored object, shared by every request that carries it.
 */
export const templateFileSchema = z.object({
  uuid: z.string(),
  file_name: z.string(),
  size: z.number().check(z.int()),
});

export const requestTemplateSchema = z.object({
  uuid: z.string(),
  project: z.string(),
  name: z.string(),
  /** The society folder (one of the project's folder templates) where the delivered files land; null: the first. */
  folder: z.nullable(z.string()),
  items: z.array(
    z.object({ name: z.string(), note: z.nullable(z.string()), template_file: z.nullable(templateFileSchema) }),
  ),
  reminders: reminderScheduleSchema,
  recurrence: recurrenceSchema,
  created: z.string(),
  updated: z.string(),
});

export const requestScheduleSchema = z.object({
  uuid: z.string(),
  template: z.object({ uuid: z.string(), name: z.string() }),
  target: z.object({ kind: z.enum(REQUEST_TARGETS), uuid: z.string(), name: z.string() }),
  /** The last period made, null before the first. */
  last_period: z.nullable(z.string()),
  created: z.string(),
  created_by: personSchema,
});

export const requestDocumentSchema = z.object({
  uuid: z.string(),
  file_name: z.string(),
  document_size: z.number().check(z.int()),
  uploaded: z.string(),
  uploaded_by: personSchema,
});

/** What happened to an item, oldest first: deliveries, 'no aplica' answers and the firm's reviews with comments. */
export const requestEventSchema = z.object({
  at: z.string(),
  kind: z.enum(['DELIVERED', 'NOT_APPLICABLE', 'ACCEPTED', 'RETURNED']),
  by: personSchema,
  comment: z.nullable(z.string()),
});

export const requestItemSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  note: z.nullable(z.string()),
  /** The firm's file for the item (a form to fill, an example), downloaded by requestItemTemplateFile. */
  template_file: z.nullable(z.object({ file_name: z.string(), size: z.number().check(z.int()) })),
  state: z.enum(REQUEST_ITEM_STATES),
  documents: z.array(requestDocumentSchema),
  history: z.array(requestEventSchema),
  /** The threads about this item, oldest first (at most REQUEST_ITEM_THREADS_MAX). */
  threads: z.array(z.object({ uuid: z.string(), subject: z.string() })),
});

export const requestSummarySchema = z.object({
  uuid: z.string(),
  title: z.string(),
  society: z.object({ uuid: z.string(), name: z.string() }),
  group: z.string(),
  project: z.string(),
  template: z.nullable(z.object({ uuid: z.string(), name: z.string() })),
  period: z.nullable(z.string()),
  due_date: z.string(),
  state: z.enum(REQUEST_STATES),
  /** DUE, PARTIAL or OVERDUE while OPEN (against today in Chile); COMPLETE or CANCELLED after. */
  board_state: z.enum(REQUEST_BOARD_STATES),
  counts: z.object({
    total: z.number().check(z.int()),
    /** Items the client has answered (delivered or 'no aplica', awaiting review or accepted). */
    answered: z.number().check(z.int()),
    accepted: z.number().check(z.int()),
    returned: z.number().check(z.int()),
  }),
  created: z.string(),
  updated: z.string(),
});

export const requestSchema = z.extend(requestSummarySchema, {
  folder: z.nullable(z.object({ uuid: z.string(), name: z.string() })),
  reminders: reminderScheduleSchema,
  items: z.array(requestItemSchema),
  created_by: personSchema,
});

const uuidParams = z.object({ uuid: uuidSchema });
const itemParams = z.object({ uuid: uuidSchema, item: uuidSchema });
const cursorSchema = z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(600)));
const targetSchema = z.object({ kind: z.enum(REQUEST_TARGETS), uuid: uuidSchema });

// Templates, per project.

export const listRequestTemplates = defineContract({
  id: 'listRequestTemplates',
  method: 'GET',
  path: 'api/v1/requests/templates/',
  access: ADMINS,
  handler: 'requests/list-request-templates',
  summary: "A project's request templates, by name",
  query: z.object({ project: uuidSchema }),
  response: z.object({ results: z.array(requestTemplateSchema) }),
});

const templateBody = {
  name: text(REQUEST_TITLE_MAX),
  folder: z.optional(z.nullable(uuidSchema)),
  items: itemsInput,
  reminders: z._default(reminderScheduleSchema, DEFAULT_REMINDERS),
  recurrence: z._default(recurrenceSchema, { kind: 'NONE', offset_days: -5, lead_days: 10 }),
};

export const createRequestTemplate = defineContract({
  id: 'createRequestTemplate',
  method: 'POST',
  path: 'api/v1/requests/templates/',
  access: ['SUPER_ADMIN', 'PROJECT_ADMIN'],
  handler: 'requests/create-request-template',
  summary: 'A request template of a project: items, destination folder, reminders and recurrence (audited)',
  body: z.object({ project: uuidSchema, ...templateBody }),
  response: requestTemplateSchema,
  successStatus: 201,
});

export const putRequestTemplate = defineContract({
  id: 'putRequestTemplate',
  method: 'PUT',
  path: 'api/v1/requests/template/{uuid}/',
  access: ['SUPER_ADMIN', 'PROJECT_ADMIN'],
  handler: 'requests/put-request-template',
  summary: 'Replaces a template (requests already made keep their items; later periods use the new ones)',
  params: uuidParams,
  body: z.object(templateBody),
  response: requestTemplateSchema,
});

export const deleteRequestTemplate = defineContract({
  id: 'deleteRequestTemplate',
  method: 'DELETE',
  path: 'api/v1/requests/template/{uuid}/',
  access: ['SUPER_ADMIN', 'PROJECT_ADMIN'],
  handler: 'requests/delete-request-template',
  summary: 'Deletes a template and stops its schedules (requests already made stay)',
  params: uuidParams,
  response: okSchema,
});

// Schedules: a recurring template applied to a society, a group or a project.

export const listRequestSchedules = defineContract({
  id: 'listRequestSchedules',
  method: 'GET',
  path: 'api/v1/requests/schedules/',
  access: ADMINS,
  handler: 'requests/list-request-schedules',
  summary: "A project's recurring schedules the caller reaches (a GROUP_ADMIN: those of its group and its societies)",
  query: z.object({ project: uuidSchema }),
  response: z.object({ results: z.array(requestScheduleSchema) }),
});

export const createRequestSchedule = defineContract({
  id: 'createRequestSchedule',
  method: 'POST',
  path: 'api/v1/requests/schedules/',
  access: ADMINS,
  handler: 'requests/create-request-schedule',
  summary: 'Applies a recurring template to a target in the caller’s scope; the daily job makes each period once',
  body: z.object({ template: uuidSchema, target: targetSchema }),
  response: requestScheduleSchema,
  successStatus: 201,
});

export const deleteRequestSchedule = defineContract({
  id: 'deleteRequestSchedule',
  method: 'DELETE',
  path: 'api/v1/requests/schedule/{uuid}/',
  access: ADMINS,
  handler: 'requests/delete-request-schedule',
  summary: 'Stops a schedule (requests already made stay)',
  params: uuidParams,
  response: okSchema,
});

// Requests.

export const createRequest = defineContract({
  id: 'createRequest',
  method: 'POST',
  path: 'api/v1/requests/',
  access: ADMINS,
  statuses: [404],
  handler: 'requests/create-request',
  summary:
    'Asks one society, each society of a group, or each of a project for items by a due date (from a template or typed); `batch`, made by the caller, makes a retry create nothing twice',
  body: z.object({
    batch: uuidSchema,
    target: targetSchema,
    template: z.optional(uuidSchema),
    title: text(REQUEST_TITLE_MAX),
    folder: z.optional(z.nullable(uuidSchema)),
    due_date: dueDateSchema,
    items: itemsInput,
    reminders: z._default(reminderScheduleSchema, DEFAULT_REMINDERS),
  }),
  response: z.object({ created: z.number().check(z.int()), results: z.array(requestSummarySchema) }),
  successStatus: 201,
});

export const listRequests = defineContract({
  id: 'listRequests',
  method: 'GET',
  path: 'api/v1/requests/',
  access: ALL,
  statuses: [404],
  handler: 'requests/list-requests',
  summary:
    "The board (admins: the project's requests in their scope) or a client's own (its society's or group's); by due date, soonest first, cursor paged",
  query: z.object({
    project: z.optional(uuidSchema),
    group: z.optional(uuidSchema),
    society: z.optional(uuidSchema),
    template: z.optional(uuidSchema),
    period: z.optional(periodSchema),
    state: z._default(z.enum(REQUEST_BOARD_STATES), 'OPEN'),
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(REQUEST_PAGE_MAX)), 25),
    cursor: cursorSchema,
  }),
  response: z.object({ results: z.array(requestSummarySchema), next: z.nullable(z.string()) }),
});

export const getRequest = defineContract({
  id: 'getRequest',
  method: 'GET',
  path: 'api/v1/requests/request/{uuid}/',
  access: ALL,
  handler: 'requests/get-request',
  summary: 'A request with its items, their files and their history',
  params: uuidParams,
  response: requestSchema,
});

export const cancelRequest = defineContract({
  id: 'cancelRequest',
  method: 'POST',
  path: 'api/v1/requests/request/{uuid}/cancel/',
  access: ADMINS,
  statuses: [409],
  handler: 'requests/cancel-request',
  summary: 'Cancels an open request: its reminders stop; files already delivered stay as documents',
  params: uuidParams,
  response: requestSchema,
});

export const createRequestItemUpload = defineContract({
  id: 'createRequestItemUpload',
  method: 'POST',
  path: 'api/v1/requests/request/{uuid}/item/{item}/upload-url/',
  access: ALL,
  statuses: [404, 409],
  handler: 'requests/create-request-item-upload',
  summary: 'A presigned POST for one file into an open item (the same limits as documents); confirm after',
  params: itemParams,
  body: z.object({
    ...uploadFileFields(MAX_DOCUMENT_BYTES),
  }),
  response: presignedPostSchema,
  successStatus: 201,
});

export const confirmRequestItemUpload = defineContract({
  id: 'confirmRequestItemUpload',
  method: 'POST',
  path: 'api/v1/requests/upload/{uuid}/confirm/',
  access: ALL,
  statuses: [409],
  handler: 'requests/confirm-request-item-upload',
  summary:
    "Checks the uploaded object and makes it a document in the request's folder of the society, delivered on the item (a retry after a lost answer answers the same)",
  params: uuidParams,
  response: requestSchema,
  successStatus: 201,
});

export const answerRequestItemNotApplicable = defineContract({
  id: 'answerRequestItemNotApplicable',
  method: 'POST',
  path: 'api/v1/requests/request/{uuid}/item/{item}/not-applicable/',
  access: ALL,
  statuses: [409],
  handler: 'requests/answer-request-item-not-applicable',
  summary: 'The client answers that an item does not apply, with a comment the firm reads',
  params: itemParams,
  body: z.object({ comment: text(REQUEST_COMMENT_MAX) }),
  response: requestSchema,
});

export const reviewRequestItem = defineContract({
  id: 'reviewRequestItem',
  method: 'POST',
  path: 'api/v1/requests/request/{uuid}/item/{item}/review/',
  access: ADMINS,
  statuses: [409],
  handler: 'requests/review-request-item',
  summary:
    'The firm accepts an answered item, or returns it with a comment (required) that the client reads and is mailed',
  params: itemParams,
  body: z.object({ decision: z.enum(REVIEW_DECISIONS), comment: optionalText(REQUEST_COMMENT_MAX) }),
  response: requestSchema,
});

// Template files: one file per item, uploaded before the request or template that names it.

export const createRequestFileUpload = defineContract({
  id: 'createRequestFileUpload',
  method: 'POST',
  path: 'api/v1/requests/template-files/upload-url/',
  access: ADMINS,
  statuses: [404],
  handler: 'requests/create-request-file-upload',
  summary:
    "A presigned POST for an item's template file in a project the caller reaches (the documents' limits); a request or template then names the upload in an item's `template_file`",
  body: z.object({
    project: uuidSchema,
    ...uploadFileFields(MAX_DOCUMENT_BYTES),
  }),
  response: presignedPostSchema,
  successStatus: 201,
});

export const requestItemTemplateFile = defineContract({
  id: 'requestItemTemplateFile',
  method: 'GET',
  path: 'api/v1/requests/request/{uuid}/item/{item}/template-file/',
  access: ALL,
  handler: 'requests/request-item-template-file',
  summary: "A one-minute link to the firm's template file of an item, for whoever reaches the request (else 404)",
  params: itemParams,
  response: z.object({ link: z.string() }),
});

// Reminders: each person may stop them (the reminder mail's link, or Mi perfil).

export const putRequestReminderPreference = defineContract({
  id: 'putRequestReminderPreference',
  method: 'PUT',
  path: 'api/v1/requests/reminders/preference/',
  access: ALL,
  handler: 'requests/put-request-reminder-preference',
  summary: "Turns the caller's request reminder mails on or off (the mail when a request is made still goes)",
  body: z.object({ reminders: z.boolean() }),
  response: z.object({ reminders: z.boolean() }),
});

export const unsubscribeRequestReminders = defineContract({
  id: 'unsubscribeRequestReminders',
  method: 'POST',
  path: 'api/v1/requests/reminders/unsubscribe/',
  access: 'public',
  handler: 'requests/unsubscribe-request-reminders',
  summary:
    "The reminder mail's unsubscribe link, signed out: turns its person's reminders off (400 INVALID_TOKEN for an unknown or expired link; a second use answers the same)",
  body: z.object({ token: z.string().check(z.trim(), z.minLength(20), z.maxLength(200)) }),
  response: okSchema,
});
