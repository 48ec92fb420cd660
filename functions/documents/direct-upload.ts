import { randomUUID } from 'node:crypto';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { type Cleanup, cleanupId, cleanupWrite, putCleanup, REQUEST_GRACE_MS } from '../lib/data/cleanups';
import {
  consumePendingUpload,
  consumePendingUploadInto,
  type DocumentRecord,
  getDocument,
  getPendingUpload,
  type PendingUpload,
  pendingUploadWrite,
} from '../lib/data/documents';
import { transactWrite } from '../lib/data/transact';
import { isAdmin, managedDocument } from '../lib/document-access';
import { fieldErrors, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import { OPAQUE_TYPE, storedContentType } from '../lib/storage/content-type';
import {
  copyDocumentObject,
  deleteDocumentObject,
  documentObjectKey,
  headDocumentObject,
  presignDocumentUpload,
  readDocumentHead,
  UPLOAD_EXPIRY_SECONDS,
  uploadPrefix,
} from '../lib/storage/documents';
import {
  documentView,
  newDocument,
  type OnConflict,
  type Placed,
  resolvePlacement,
  storeUpload,
  type UploadRequest,
  uploadExpiry,
} from './documents';

/**
 * Direct uploads up to 100 MB (design/documents.md): a presigned POST whose policy caps the size, fixes the
 * key prefix and the content type and expires in 10 minutes, then a confirm call that HEADs the object before the
 * document exists. The file is copied from `uploads/` into place, so nothing unconfirmed ever sits with documents.
 * The browser's declared type is kept on the pending upload only; the upload itself is opaque, and the confirm call
 * decides the document's type from its bytes (content-type.ts).
 *
 * Every step is safe to stop after (docs/decisions/multi-step-writes.md): the pending upload is written with a
 * clean-up marker naming both the upload and its place under `documents/`; the document takes the upload's uuid, so
 * the copy lands on one key whatever the number of attempts; the transaction that creates the document consumes the
 * upload and removes the marker. Until then the marker's objects are garbage the sweeper removes once the upload has
 * expired; after it, a confirm sent again answers the document it made.
 */
/** The garbage a direct upload may leave: its upload and its copy, due once the upload can no longer be confirmed. */
export const uploadCleanup = (pending: PendingUpload): Cleanup => ({
  id: cleanupId('UPLOAD', pending.uuid),
  due: pending.expires_at * 1000 + REQUEST_GRACE_MS,
  objects: [
    { bucket: 'documents', key: pending.key },
    { bucket: 'documents', key: pending.place_key ?? documentObjectKey(pending.society_uuid, pending.uuid) },
  ],
});

export async function startDirectUpload(caller: Caller, body: UploadRequest) {
  return beginUpload(caller, await resolvePlacement(caller, body), body);
}

/**
 * The pending upload of a file for a place already checked, with its marker, and its presigned POST. Message
 * attachments (functions/messages/attachments.ts) start theirs here too, marked with their `purpose`.
 */
export async function beginUpload(
  caller: Caller,
  placed: Placed,
  body: Pick<UploadRequest, 'file_name' | 'file_size' | 'content_type' | 'on_conflict'>,
  purpose?: PendingUpload['purpose'],
) {
  return openUpload(
    caller,
    {
      society_uuid: placed.society.uuid,
      folder_uuid: placed.folder_uuid,
      form: placed.form,
      year: placed.year,
      ...(purpose && { purpose }),
    },
    body,
  );
}

/**
 * A pending upload with its marker and its presigned POST, for any place (`where`, checked by the caller). `placeKey`
 * names where an upload that is no document will be kept once landed (derived from the upload's uuid), so its marker
 * covers that copy too.
 */
export async function openUpload(
  caller: Caller,
  where: Pick<PendingUpload, 'society_uuid' | 'folder_uuid' | 'form' | 'year' | 'purpose'>,
  body: Pick<UploadRequest, 'file_name' | 'file_size' | 'content_type' | 'on_conflict'>,
  placeKey?: (upload: string) => string,
) {
  const uuid = randomUUID();
  const contentType = body.content_type || OPAQUE_TYPE;
  const prefix = uploadPrefix(where.society_uuid, uuid);
  const post = await presignDocumentUpload(prefix, OPAQUE_TYPE);
  const pending: PendingUpload = {
    ...where,
    uuid,
    file_name: body.file_name,
    content_type: contentType,
    declared_size: body.file_size,
    key: `${prefix}file`,
    created_by: caller.user.uuid,
    expires_at: uploadExpiry(UPLOAD_EXPIRY_SECONDS),
    cleanup: true,
    ...(body.on_conflict && { on_conflict: body.on_conflict }),
    ...(placeKey && { place_key: placeKey(uuid) }),
  };
  await transactWrite([pendingUploadWrite(pending), cleanupWrite(uploadCleanup(pending))]);
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
 * consumed, and its marker removed, in the document's own transaction. A confirm sent again after that (its answer
 * was lost) answers the same document.
 */
export async function confirmDirectUpload(caller: Caller, uploadUuid: string, onConflict?: OnConflict) {
  const pending = await getPendingUpload(uploadUuid);
  if (!pending) return confirmedBefore(caller, uploadUuid);
  // A message's attachment becomes a document only with its message (functions/messages/attachments.ts).
  // A document request's upload is confirmed on its request (functions/requests), never here.
  if (!isAdmin(caller) || pending.created_by !== caller.user.uuid || pending.purpose || pending.request) {
    throw notFound();
  }
  if (pending.replaced) return documentView(await managedDocument(caller, pending.replaced));
  if (pending.expires_at * 1000 < nowMs()) throw fieldErrors({ file: ['UPLOAD_EXPIRED'] });
  const placed = await resolvePlacement(caller, {
    society: pending.society_uuid,
    folder: pending.folder_uuid ?? undefined,
    form: pending.form ?? undefined,
    year: pending.year ?? undefined,
  });
  return documentView(await landUpload(caller, pending, placed, onConflict ?? pending.on_conflict, 'file'));
}

/**
 * A pending upload (checked: the caller's, not expired) becomes a document in `placed`, if its object is there within
 * the size limit: its type read from its first bytes, the object copied into place, the document stored in the
 * transaction that consumes the upload and claims its marker, then the upload's object removed. `field` names the
 * request's field in its 400s.
 */
export async function landUpload(
  caller: Caller,
  pending: PendingUpload,
  placed: Placed,
  onConflict: OnConflict,
  field: string,
): Promise<DocumentRecord> {
  const stored = await headDocumentObject(pending.key);
  if (!stored) throw fieldErrors({ [field]: ['UPLOAD_MISSING'] });
  if (stored.size === 0 || stored.size > 100 * 1024 * 1024) {
    await deleteDocumentObject(pending.key);
    throw fieldErrors({ [field]: [stored.size === 0 ? 'FORMAT_NOT_ALLOWED' : 'ERROR_LENGTH'] });
  }
  const document = newDocument(caller, placed, {
    uuid: pending.uuid,
    name: pending.file_name,
    size: stored.size,
    contentType: storedContentType(await readDocumentHead(pending.key), pending.file_name),
  });
  const cleanup = uploadCleanup(pending);
  // Pending uploads started before markers existed get theirs now, before the copy.
  if (!pending.cleanup) await putCleanup(cleanup);
  await copyDocumentObject(pending.key, document.key, document.content_type);
  let made: DocumentRecord;
  try {
    made = await storeUpload(document, onConflict, {
      extra: [consumePendingUpload(pending.uuid)],
      replaceExtra: (replaced) => [consumePendingUploadInto(pending.uuid, replaced.uuid)],
      cleanup,
      onSwept: () => fieldErrors({ [field]: ['UPLOAD_EXPIRED'] }),
    });
  } catch (error) {
    // Two confirms of one upload at once: the one that lost answers what the other made. Otherwise the upload and
    // its marker stay as they were (a retry can succeed), and the copy is the marker's to remove: it may be the
    // object of a document another attempt is creating at this moment, so this attempt does not delete it.
    const made = await getDocument(pending.uuid).catch(() => undefined);
    if (made && made.created_by === caller.user.uuid) return made;
    throw error;
  }
  // The upload itself is no longer needed; if this fails, the bucket's lifecycle rule empties uploads/ after a day.
  await deleteDocumentObject(pending.key).catch((error: Error) =>
    logger.warn('Upload left for the lifecycle rule', { upload: pending.uuid, reason: error.name }),
  );
  countMetric('UploadedBytes', made.size);
  return made;
}

/** A confirm whose upload is consumed: the document it made, to the admin who made it (still in scope); else 404. */
async function confirmedBefore(caller: Caller, uploadUuid: string) {
  const document = await managedDocument(caller, uploadUuid);
  if (document.created_by !== caller.user.uuid) throw notFound();
  return documentView(document);
}
