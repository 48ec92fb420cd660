import * as z from 'zod/mini';
import type { Role } from '../roles';
import { defineContract } from './define';
import { okSchema, pageQuery, uuidSchema } from './fields';
import { TAX_FORMS } from './folders';

/**
 * Documents, downloads, share links and notifications (portal §2 "Document manager", §3 Document, share token,
 * Notification; §7 Documents, Open or download, Share, Notifications). A document lives in a society's
 * template folder (`folder`) or in one of its tax-form years (`form` + `year`).
 */
const ADMINS = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] as const;
const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;
const uuidParams = z.object({ uuid: uuidSchema });

/** Direct uploads take up to 100 MB; the multipart form keeps the API's small-file limit. */
export const MAX_DOCUMENT_BYTES = 100 * 1024 * 1024;
export const SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
export const DEFAULT_SHARE_EXPIRY_DAYS = 7;
/**
 * Who may mint how long a public link: a firm's admins up to 30 days; its clients (USER_GROUP,
 * USER_SOCIETY) a week at most, since their links reach the firm's documents without the firm choosing to publish.
 */
export const CLIENT_SHARE_EXPIRY_DAYS = [1, 7] as const;
/** The expiries each role may choose (a plain map: the SPA gets constants of contract modules, not functions). */
export const SHARE_EXPIRY_DAYS_BY_ROLE: Record<Role, readonly number[]> = {
  SUPER_ADMIN: SHARE_EXPIRY_DAYS,
  PROJECT_ADMIN: SHARE_EXPIRY_DAYS,
  GROUP_ADMIN: SHARE_EXPIRY_DAYS,
  USER_GROUP: CLIENT_SHARE_EXPIRY_DAYS,
  USER_SOCIETY: CLIENT_SHARE_EXPIRY_DAYS,
};

/**
 * Why a link that has not expired no longer opens (null while it opens): revoked by hand, or its maker no longer
 * reaches the document: disabled (for good, even if enabled again), deleted, or without access to it now.
 */
export const SHARE_LINK_END_REASONS = [
  'revoked',
  'creator_disabled',
  'creator_deleted',
  'creator_lost_access',
] as const;
export type ShareLinkEndReason = (typeof SHARE_LINK_END_REASONS)[number];

/** A file name as stored and shown: no path separators or control characters. */
export const fileNameSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(200),
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the rule refuses.
  z.regex(/^[^/\\\u0000-\u001f]+$/, { error: 'FORMAT_ERROR' }),
  z.refine((name) => name !== '.' && name !== '..', { error: 'FORMAT_ERROR' }),
);

/** What a direct upload is started with: the file's name, its size (1 byte up to `maxBytes`) and its type. */
export const uploadFileFields = (maxBytes: number) => ({
  file_name: fileNameSchema,
  file_size: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(maxBytes)),
  content_type: z.optional(z.string().check(z.trim(), z.maxLength(200))),
});

/** A presigned POST: the upload's id, where the browser sends the file with which fields, and until when. */
export const presignedPostSchema = z.object({
  upload: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expires_at: z.string(),
});

/** Where a document goes: a society and one of its folders, or one of its tax-form years. */
const placement = {
  society: uuidSchema,
  folder: z.optional(uuidSchema),
  form: z.optional(z.enum(TAX_FORMS)),
  year: z.optional(z.coerce.number().check(z.int(), z.minimum(2017), z.maximum(9999))),
};

export const documentSchema = z.object({
  uuid: z.string(),
  document_name: z.string(),
  file_name: z.string(),
  document_size: z.number().check(z.int()),
  content_type: z.string(),
  society: z.string(),
  folder: z.nullable(z.string()),
  form: z.nullable(z.enum(TAX_FORMS)),
  year: z.nullable(z.number().check(z.int())),
  modified: z.object({ date: z.string() }),
});

/**
 * What an upload does when its name is taken in the folder (a deviation: the spec only refuses, 400 SAME_DATA, which
 * stays the answer when it is not sent): 'replace' gives that document the new content (400 REPLACED_DOCUMENT_GONE if
 * it was deleted meanwhile); 'keep_both' saves the new one as 'nombre (2).pdf'.
 */
export const ON_CONFLICT = ['replace', 'keep_both'] as const;
const onConflict = z.optional(z.enum(ON_CONFLICT));

export const uploadDocument = defineContract({
  id: 'uploadDocument',
  method: 'POST',
  path: 'api/v1/documents/document/',
  access: ADMINS,
  statuses: [404],
  handler: 'documents/upload-document',
  summary:
    'Upload a small document (multipart: file, its place, optional on_conflict); larger ones go straight to S3 (upload-url)',
  body: z.object({ ...placement, on_conflict: onConflict }),
  multipartFiles: { file: 'document' },
  response: documentSchema,
  successStatus: 201,
});

export const createDocumentUpload = defineContract({
  id: 'createDocumentUpload',
  method: 'POST',
  path: 'api/v1/documents/upload-url/',
  access: ADMINS,
  statuses: [404],
  handler: 'documents/create-document-upload',
  summary: 'A presigned POST for one file up to 100 MB (size range, key prefix, 10-minute expiry); confirm after',
  body: z.object({
    ...placement,
    ...uploadFileFields(MAX_DOCUMENT_BYTES),
    on_conflict: onConflict,
  }),
  response: presignedPostSchema,
  successStatus: 201,
});

export const confirmDocumentUpload = defineContract({
  id: 'confirmDocumentUpload',
  method: 'POST',
  path: 'api/v1/documents/upload-url/{uuid}/confirm/',
  access: ADMINS,
  handler: 'documents/confirm-document-upload',
  summary:
    'Checks the uploaded object (it exists, its size) and only then creates the document; after a 400 SAME_DATA it may be sent again with on_conflict',
  params: uuidParams,
  body: z.object({ on_conflict: onConflict }),
  response: documentSchema,
  successStatus: 201,
});

export const patchDocument = defineContract({
  id: 'patchDocument',
  method: 'PATCH',
  path: 'api/v1/documents/document/{uuid}/',
  access: ADMINS,
  handler: 'documents/patch-document',
  summary: 'Rename a document (the name without its extension; unique in its folder)',
  params: uuidParams,
  body: z.object({ document_name: fileNameSchema }),
  response: documentSchema,
});

export const deleteDocument = defineContract({
  id: 'deleteDocument',
  method: 'DELETE',
  path: 'api/v1/documents/document/{uuid}/',
  access: ADMINS,
  handler: 'documents/delete-document',
  summary: 'Delete a document: its object and its item',
  params: uuidParams,
  response: okSchema,
});

export const downloadDocument = defineContract({
  id: 'downloadDocument',
  method: 'GET',
  path: 'api/v1/documents/download/{uuid}/',
  access: ALL,
  handler: 'documents/download-document',
  summary:
    'Redirects to a one-minute presigned GET (inline or attachment); ?format=json answers the link instead. A plain ' +
    'link may carry the access token as ?token= (this route only)',
  params: uuidParams,
  query: z.object({
    type: z._default(z.enum(['inline', 'attachment']), 'attachment'),
    format: z._default(z.enum(['redirect', 'json']), 'redirect'),
    token: z.optional(z.string().check(z.maxLength(8192))),
  }),
  queryToken: true,
  response: z.object({ link: z.string() }),
});

export const shareLinkSchema = z.object({
  uuid: z.string(),
  created: z.string(),
  expires_at: z.string(),
  use_count: z.number().check(z.int()),
  last_used_at: z.nullable(z.string()),
  /** Who minted it; null once that user is deleted. */
  created_by: z.nullable(z.object({ uuid: z.string(), first_name: z.string(), last_name: z.string() })),
  end_reason: z.nullable(z.enum(SHARE_LINK_END_REASONS)),
});

export const createShareToken = defineContract({
  id: 'createShareToken',
  method: 'GET',
  path: 'api/v1/documents/share/token/{uuid}/',
  access: ALL,
  handler: 'documents/create-share-token',
  summary:
    'Mints a share link token (256 random bits, shown once, stored hashed) valid for 1, 7 or 30 days; 30 days for ' +
    'admins only (403 ACTION_NOT_ALLOWED for a client user)',
  params: uuidParams,
  query: z.object({
    days: z.optional(z.pipe(z.coerce.number(), z.union(SHARE_EXPIRY_DAYS.map((d) => z.literal(d))))),
  }),
  response: z.extend(shareLinkSchema, { token: z.string() }),
});

export const listShareLinks = defineContract({
  id: 'listShareLinks',
  method: 'GET',
  path: 'api/v1/documents/share/links/{uuid}/',
  access: ALL,
  handler: 'documents/list-share-links',
  summary:
    "A document's unexpired share links (an admin's: all of them; a client user's: its own) with their use count, " +
    'last use, maker and why each no longer opens (revoked, or its maker disabled, deleted or without access now)',
  params: uuidParams,
  response: z.array(shareLinkSchema),
});

export const revokeShareLink = defineContract({
  id: 'revokeShareLink',
  method: 'DELETE',
  path: 'api/v1/documents/share/link/{uuid}/',
  access: ALL,
  handler: 'documents/revoke-share-link',
  summary: 'Revokes one share link of a document the caller may share (a client user: only its own links)',
  params: uuidParams,
  response: okSchema,
});

export const downloadSharedDocument = defineContract({
  id: 'downloadSharedDocument',
  method: 'GET',
  path: 'api/v1/documents/share/download/',
  access: 'public',
  statuses: [404],
  handler: 'documents/download-shared-document',
  summary:
    'Checks a share token (expiry on every read, revocation, and that its maker is enabled and still sees the ' +
    'document) and redirects to the attachment; ?format=json answers the link, ?format=info only describes the ' +
    'document (name, size, expiry) without counting a use. Every use and refusal is logged',
  query: z.object({
    token: z.string().check(z.maxLength(200)),
    format: z._default(z.enum(['redirect', 'json', 'info']), 'redirect'),
  }),
  response: z.object({
    link: z.string(),
    document_name: z.string(),
    /** format=info only: what the share page shows before the download (no use counted, no file link). */
    file_name: z.optional(z.string()),
    size: z.optional(z.number()),
    expires_at: z.optional(z.string()),
  }),
});

export const notificationSchema = z.object({
  uuid: z.string(),
  title: z.string(),
  document_name: z.string(),
  folder: z.object({
    uuid: z.nullable(z.string()),
    society: z.string(),
    form: z.nullable(z.string()),
    year: z.nullable(z.number()),
  }),
  created: z.string(),
  read: z.boolean(),
});

export const listNotifications = defineContract({
  id: 'listNotifications',
  method: 'GET',
  path: 'api/v1/documents/notification/',
  access: ALL,
  handler: 'documents/list-notifications',
  summary:
    "'Archivo añadido' for new documents in the caller's societies, newest first, paged, with the unread count; each feed keeps its newest notifications (at least 256), older ones age out",
  query: z.object({
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 10),
    offset: pageQuery.offset,
  }),
  response: z.object({
    count: z.number().check(z.int()),
    unread: z.number().check(z.int()),
    results: z.array(notificationSchema),
  }),
});

export const markNotificationsRead = defineContract({
  id: 'markNotificationsRead',
  method: 'POST',
  path: 'api/v1/documents/notification/read/',
  access: ALL,
  handler: 'documents/mark-notifications-read',
  summary: 'Marks one notification (its document uuid) or all of them read',
  body: z.object({ notification: z.optional(uuidSchema) }),
  response: okSchema,
});
