import { randomUUID } from 'node:crypto';
import type { BodyOf } from '../../shared/contracts/define';
import { type createRequestItemUpload, REQUEST_ITEM_FILES_MAX } from '../../shared/contracts/requests';
import { uploadCleanup } from '../documents/direct-upload';
import { newDocument, numberedName, storeDocument, uploadExpiry } from '../documents/documents';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { cleanupWrite } from '../lib/data/cleanups';
import {
  consumePendingUploadInto,
  type DocumentRecord,
  getPendingUpload,
  isNameTaken,
  type PendingUpload,
  pendingUploadWrite,
} from '../lib/data/documents';
import { isMoved, type RequestRecord, requestUpdateWrites } from '../lib/data/requests';
import { getSociety } from '../lib/data/societies';
import { nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import { ApiError, conflict, fieldErrors, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import { OPAQUE_TYPE, storedContentType } from '../lib/storage/content-type';
import {
  copyDocumentObject,
  deleteDocumentObject,
  headDocumentObject,
  presignDocumentUpload,
  readDocumentHead,
  UPLOAD_EXPIRY_SECONDS,
  uploadPrefix,
} from '../lib/storage/documents';
import { personOf, requestAudit, requestView, requireItem, requireOpen, requireRequest, withItem } from './requests';

/**
 * Files delivered into a request's item: the documents' direct upload (a presigned POST, then a confirm that checks
 * the object), by the request's client users or its admins. The confirmed file becomes a real document of the
 * society, in the request's folder, with its notification and digest entry (documentCreateWrites), in one transaction
 * with the item's delivery and the upload's spending; a name taken in the folder is kept as 'nombre (2).pdf'.
 */

/** An item that takes files: the request open, the item not accepted, and room for one more. */
function requireUploadable(request: RequestRecord, itemUuid: string) {
  const item = requireItem(request, itemUuid);
  requireOpen(request, item);
  if (item.documents.length >= REQUEST_ITEM_FILES_MAX) throw new ApiError(409, 'REQUEST_ITEM_FULL');
  if (!request.folder) throw fieldErrors({ folder: ['REQUIRED'] });
  return item;
}

export async function startItemUpload(
  caller: Caller,
  uuid: string,
  itemUuid: string,
  body: BodyOf<typeof createRequestItemUpload>,
) {
  const request = await requireRequest(caller, uuid);
  requireUploadable(request, itemUuid);
  const upload = randomUUID();
  const prefix = uploadPrefix(request.society_uuid, upload);
  const post = await presignDocumentUpload(prefix, OPAQUE_TYPE);
  const pending: PendingUpload = {
    uuid: upload,
    society_uuid: request.society_uuid,
    folder_uuid: request.folder?.uuid ?? null,
    form: null,
    year: null,
    file_name: body.file_name,
    content_type: body.content_type || OPAQUE_TYPE,
    declared_size: body.file_size,
    key: `${prefix}file`,
    created_by: caller.user.uuid,
    expires_at: uploadExpiry(UPLOAD_EXPIRY_SECONDS),
    cleanup: true,
    request: { uuid: request.uuid, item: itemUuid },
  };
  await transactWrite([pendingUploadWrite(pending), cleanupWrite(uploadCleanup(pending))]);
  return {
    upload,
    url: post.url,
    fields: post.fields,
    expires_at: new Date(pending.expires_at * 1000).toISOString(),
  };
}

/** The upload as its starter sees it (another's, or no request's, answers 404). */
async function requireOwnUpload(caller: Caller, uploadUuid: string) {
  const pending = await getPendingUpload(uploadUuid);
  if (!pending?.request || pending.created_by !== caller.user.uuid) throw notFound();
  return pending as PendingUpload & { request: { uuid: string; item: string } };
}

/**
 * The confirm: the object must be there within the size limit; its type is read from its first bytes. The document,
 * the item's delivery (the request unchanged since read, else read again), the upload spent and its clean-up marker
 * claimed land in one transaction. A confirm sent again after that answers the request as it is.
 */
export async function confirmItemUpload(caller: Caller, uploadUuid: string) {
  const pending = await requireOwnUpload(caller, uploadUuid);
  if (pending.replaced) return requestView(await requireRequest(caller, pending.request.uuid));
  if (pending.expires_at * 1000 < nowMs()) throw fieldErrors({ file: ['UPLOAD_EXPIRED'] });
  const first = await requireRequest(caller, pending.request.uuid);
  requireUploadable(first, pending.request.item);
  const society = await getSociety(first.society_uuid);
  const folder = first.folder?.uuid;
  if (!society || !folder) throw notFound();
  const stored = await headDocumentObject(pending.key);
  if (!stored) throw fieldErrors({ file: ['UPLOAD_MISSING'] });
  if (stored.size === 0 || stored.size > 100 * 1024 * 1024) {
    await deleteDocumentObject(pending.key);
    throw fieldErrors({ file: [stored.size === 0 ? 'FORMAT_NOT_ALLOWED' : 'ERROR_LENGTH'] });
  }
  const document = newDocument(
    caller,
    { society, folder_uuid: folder, form: null, year: null },
    {
      uuid: pending.uuid,
      name: pending.file_name,
      size: stored.size,
      contentType: storedContentType(await readDocumentHead(pending.key), pending.file_name),
    },
  );
  const cleanup = uploadCleanup(pending);
  await copyDocumentObject(pending.key, document.key, document.content_type);
  let after: RequestRecord | undefined;
  try {
    after = await deliver(caller, pending, document, cleanup);
  } catch (error) {
    // Two confirms of one upload at once: the one that lost answers what the other made.
    const again = await getPendingUpload(uploadUuid).catch(() => undefined);
    if (again?.replaced) return requestView(await requireRequest(caller, pending.request.uuid));
    throw error;
  }
  await deleteDocumentObject(pending.key).catch((error: Error) =>
    logger.warn('Upload left for the lifecycle rule', { upload: pending.uuid, reason: error.name }),
  );
  countMetric('UploadedBytes', document.size);
  return requestView(after);
}

/** The document and the item's delivery in one transaction: read again while the request moves, renamed while taken. */
async function deliver(
  caller: Caller,
  pending: PendingUpload & { request: { uuid: string; item: string } },
  document: DocumentRecord,
  cleanup: ReturnType<typeof uploadCleanup>,
): Promise<RequestRecord> {
  let n = 1;
  for (let attempt = 1; ; attempt += 1) {
    const before = await requireRequest(caller, pending.request.uuid);
    requireUploadable(before, pending.request.item);
    const named = n === 1 ? document : { ...document, file_name: numberedName(document.file_name, n) };
    const at = nowIso();
    const after = withItem(before, pending.request.item, (i) => ({
      ...i,
      state: 'DELIVERED',
      documents: [
        ...i.documents,
        {
          uuid: named.uuid,
          file_name: named.file_name,
          document_size: named.size,
          uploaded: at,
          uploaded_by: personOf(caller),
        },
      ],
      history: [...i.history, { at, kind: 'DELIVERED', by: personOf(caller), comment: null }],
    }));
    try {
      await storeDocument(named, {
        extra: [
          consumePendingUploadInto(pending.uuid, named.uuid),
          ...requestUpdateWrites(before, after),
          requestAudit(caller, before.uuid, {
            [`item ${pending.request.item}`]: [null, 'DELIVERED'],
            document: [null, named.uuid],
          }),
        ],
        cleanup,
        onSwept: () => fieldErrors({ file: ['UPLOAD_EXPIRED'] }),
      });
      return after;
    } catch (error) {
      if (isNameTaken(error) && n < 50) n += 1;
      else if (!isMoved(error) || attempt >= 5) throw isMoved(error) ? conflict('DATA_CONFLICT') : error;
    }
  }
}
