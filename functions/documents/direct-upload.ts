import { randomUUID } from 'node:crypto';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { consumePendingUpload, getPendingUpload, type PendingUpload, pendingUploadWrite } from '../lib/data/documents';
import { transactWrite } from '../lib/data/transact';
import { fieldErrors, notFound } from '../lib/errors';
import {
  deleteDocumentObject,
  headDocumentObject,
  moveDocumentObject,
  presignDocumentUpload,
  UPLOAD_EXPIRY_SECONDS,
  uploadPrefix,
} from '../lib/storage/documents';
import { isAdmin } from './access';
import {
  documentView,
  newDocument,
  resolvePlacement,
  storeDocument,
  type UploadRequest,
  uploadExpiry,
} from './documents';

/**
 * Direct uploads up to 100 MB (issue 10; design/documents.md): a presigned POST whose policy caps the size, fixes the
 * key prefix and the content type and expires in 10 minutes, then a confirm call that HEADs the object before the
 * document exists. The file is copied from `uploads/` into place, so nothing unconfirmed ever sits with documents.
 */
export async function startDirectUpload(caller: Caller, body: UploadRequest) {
  const placed = await resolvePlacement(caller, body);
  const uuid = randomUUID();
  const contentType = body.content_type || 'application/octet-stream';
  const prefix = uploadPrefix(placed.society.uuid, uuid);
  const post = await presignDocumentUpload(prefix, contentType);
  const pending: PendingUpload = {
    uuid,
    society_uuid: placed.society.uuid,
    folder_uuid: placed.folder_uuid,
    form: placed.form,
    year: placed.year,
    file_name: body.file_name,
    content_type: contentType,
    declared_size: body.file_size,
    key: `${prefix}file`,
    created_by: caller.user.uuid,
    expires_at: uploadExpiry(UPLOAD_EXPIRY_SECONDS),
  };
  await transactWrite([pendingUploadWrite(pending)]);
  return {
    upload: uuid,
    url: post.url,
    fields: post.fields,
    expires_at: new Date(pending.expires_at * 1000).toISOString(),
  };
}

/**
 * The confirm call: only the admin who started the upload, before it expires, and only if the object is there with
 * a size within the limit. The pending upload is consumed in the document's own transaction.
 */
export async function confirmDirectUpload(caller: Caller, uploadUuid: string) {
  const pending = await getPendingUpload(uploadUuid);
  if (!pending || !isAdmin(caller) || pending.created_by !== caller.user.uuid) throw notFound();
  if (pending.expires_at * 1000 < nowMs()) throw fieldErrors({ file: ['UPLOAD_EXPIRED'] });
  const placed = await resolvePlacement(caller, {
    society: pending.society_uuid,
    folder: pending.folder_uuid ?? undefined,
    form: pending.form ?? undefined,
    year: pending.year ?? undefined,
  });
  const stored = await headDocumentObject(pending.key);
  if (!stored) throw fieldErrors({ file: ['UPLOAD_MISSING'] });
  if (stored.size === 0 || stored.size > 100 * 1024 * 1024) {
    await deleteDocumentObject(pending.key);
    throw fieldErrors({ file: [stored.size === 0 ? 'FORMAT_NOT_ALLOWED' : 'ERROR_LENGTH'] });
  }
  const document = newDocument(caller, placed, {
    name: pending.file_name,
    size: stored.size,
    contentType: pending.content_type,
  });
  await moveDocumentObject(pending.key, document.key, document.content_type);
  await storeDocument(document, [consumePendingUpload(pending.uuid)]);
  return documentView(document);
}
