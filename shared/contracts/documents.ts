import * as z from 'zod';
import { defineContract } from './define';
import { okSchema, pageQuery, uuidSchema } from './fields';
import { TAX_FORMS } from './folders';

/**
 * Documents, downloads, share links and notifications (portal §2 "Document manager", §3 Document, share token,
 * Notification; §7 Documents, Open or download, Share, Notifications; issue 10). A document lives in a society's
 * template folder (`folder`) or in one of its tax-form years (`form` + `year`).
 */
const ADMINS = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] as const;
const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;
const uuidParams = z.object({ uuid: uuidSchema });

/** Direct uploads take up to 100 MB (issue 10); the multipart form keeps the API's small-file limit. */
export const MAX_DOCUMENT_BYTES = 100 * 1024 * 1024;
export const SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
export const DEFAULT_SHARE_EXPIRY_DAYS = 7;

/** A file name as stored and shown: no path separators or control characters. */
export const fileNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the rule refuses.
  .regex(/^[^/\\\u0000-\u001f]+$/, { error: 'FORMAT_ERROR' })
  .refine((name) => name !== '.' && name !== '..', { error: 'FORMAT_ERROR' });

/** Where a document goes: a society and one of its folders, or one of its tax-form years. */
const placement = {
  society: uuidSchema,
  folder: uuidSchema.optional(),
  form: z.enum(TAX_FORMS).optional(),
  year: z.coerce.number().int().min(2017).max(9999).optional(),
};

export const documentSchema = z.object({
  uuid: z.string(),
  document_name: z.string(),
  file_name: z.string(),
  document_size: z.number().int(),
  content_type: z.string(),
  society: z.string(),
  folder: z.string().nullable(),
  form: z.enum(TAX_FORMS).nullable(),
  year: z.number().int().nullable(),
  modified: z.object({ date: z.string() }),
});

export const uploadDocument = defineContract({
  id: 'uploadDocument',
  method: 'POST',
  path: 'api/v1/documents/document/',
  access: ADMINS,
  statuses: [404],
  handler: 'documents/upload-document',
  summary: 'Upload a small document (multipart: file and its place); larger ones go straight to S3 (upload-url)',
  body: z.object(placement),
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
    file_name: fileNameSchema,
    file_size: z.coerce.number().int().min(1).max(MAX_DOCUMENT_BYTES),
    content_type: z.string().trim().max(200).optional(),
  }),
  response: z.object({
    upload: z.string(),
    url: z.string(),
    fields: z.record(z.string(), z.string()),
    expires_at: z.string(),
  }),
  successStatus: 201,
});

export const confirmDocumentUpload = defineContract({
  id: 'confirmDocumentUpload',
  method: 'POST',
  path: 'api/v1/documents/upload-url/{uuid}/confirm/',
  access: ADMINS,
  handler: 'documents/confirm-document-upload',
  summary: 'Checks the uploaded object (it exists, its size) and only then creates the document',
  params: uuidParams,
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
    type: z.enum(['inline', 'attachment']).default('attachment'),
    format: z.enum(['redirect', 'json']).default('redirect'),
    token: z.string().max(8192).optional(),
  }),
  queryToken: true,
  response: z.object({ link: z.string() }),
});

export const shareLinkSchema = z.object({
  uuid: z.string(),
  created: z.string(),
  expires_at: z.string(),
  use_count: z.number().int(),
  last_used_at: z.string().nullable(),
});

export const createShareToken = defineContract({
  id: 'createShareToken',
  method: 'GET',
  path: 'api/v1/documents/share/token/{uuid}/',
  access: ALL,
  handler: 'documents/create-share-token',
  summary: 'Mints a share link token (256 random bits, shown once, stored hashed) valid for 1, 7 or 30 days',
  params: uuidParams,
  query: z.object({
    days: z.coerce
      .number()
      .pipe(z.union(SHARE_EXPIRY_DAYS.map((d) => z.literal(d))))
      .optional(),
  }),
  response: shareLinkSchema.extend({ token: z.string() }),
});

export const listShareLinks = defineContract({
  id: 'listShareLinks',
  method: 'GET',
  path: 'api/v1/documents/share/links/{uuid}/',
  access: ALL,
  handler: 'documents/list-share-links',
  summary: "A document's live share links with their use count and last use",
  params: uuidParams,
  response: z.array(shareLinkSchema),
});

export const revokeShareLink = defineContract({
  id: 'revokeShareLink',
  method: 'DELETE',
  path: 'api/v1/documents/share/link/{uuid}/',
  access: ALL,
  handler: 'documents/revoke-share-link',
  summary: 'Revokes one share link of a document the caller may share',
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
    'Checks a share token (expiry on every read, revocation) and redirects to the attachment; ?format=json answers ' +
    'the link. Every use and refusal is logged',
  query: z.object({ token: z.string().max(200), format: z.enum(['redirect', 'json']).default('redirect') }),
  response: z.object({ link: z.string(), document_name: z.string() }),
});

export const notificationSchema = z.object({
  uuid: z.string(),
  title: z.string(),
  document_name: z.string(),
  folder: z.object({
    uuid: z.string().nullable(),
    society: z.string(),
    form: z.string().nullable(),
    year: z.number().nullable(),
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
    limit: z.coerce.number().int().min(1).max(100).default(10),
    offset: pageQuery.offset,
  }),
  response: z.object({ count: z.number().int(), unread: z.number().int(), results: z.array(notificationSchema) }),
});

export const markNotificationsRead = defineContract({
  id: 'markNotificationsRead',
  method: 'POST',
  path: 'api/v1/documents/notification/read/',
  access: ALL,
  handler: 'documents/mark-notifications-read',
  summary: 'Marks one notification (its document uuid) or all of them read',
  body: z.object({ notification: uuidSchema.optional() }),
  response: okSchema,
});
