import { randomUUID } from 'node:crypto';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { consumePendingUpload, getPendingUpload, type PendingUpload, pendingUploadWrite } from '../lib/data/documents';
import { transactWrite } from '../lib/data/transact';
import { fieldErrors, notFound } from '../lib/errors';
import { OPAQUE_TYPE, storedContentType } from '../lib/storage/content-type';
import {
  deleteDocumentObject,
  headDocumentObject,
  moveDocumentObject,
  presignDocumentUpload,
  readDocumentHead,
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
 * The browser's declared type is kept on the pending upload only; the upload itself is opaque, and the confirm call
 * decides the document's type from its bytes (content-type.ts).
 */
export async function startDirectUpload(caller: Caller, body: UploadRequest) {
  const placed = await resolvePlacement(caller, body);
  const uuid = randomUUID();
  const contentType = body.content_type || OPAQUE_TYPE;
  const prefix = uploadPrefix(placed.society.uuid, uuid);
  const post = await presignDocumentUpload(prefix, OPAQUE_TYPE);
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
 * a size within the limit. Its type is read from its first bytes (a ranged GET) and its name. The pending upload is
 * consumed in the document's own transaction.
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
    contentType: storedContentType(await readDocumentHead(pending.key), pending.file_name),
  });
  await moveDocumentObject(pending.key, document.key, document.content_type);
  await storeDocument(document, [consumePendingUpload(pending.uuid)]);
  return documentView(document);
}
