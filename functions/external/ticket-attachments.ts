import { randomUUID } from 'node:crypto';
import { TICKET_ATTACHMENT_MAX_BYTES, ticketAttachmentAllowed } from '../../shared/contracts/external';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { type Cleanup, claimCleanupWrite, cleanupId, cleanupWrite, REQUEST_GRACE_MS } from '../lib/data/cleanups';
import { epochSeconds } from '../lib/data/table';
import { getTicketFile, type PendingTicketUpload, type TicketAttachment, ticketFileWrite } from '../lib/data/tickets';
import { transactWrite } from '../lib/data/transact';
import type { TxWrite } from '../lib/data/tx-write';
import { fieldErrors } from '../lib/errors';
import { OPAQUE_TYPE, storedContentType } from '../lib/storage/content-type';
import {
  documentDownloadUrl,
  headDocumentObject,
  presignDocumentUpload,
  readDocumentHead,
  UPLOAD_EXPIRY_SECONDS,
} from '../lib/storage/documents';

/**
 * Attachments of ticket messages: a presigned POST like a document's direct upload, into the documents
 * bucket under `ticket-files/<user>/<upload>/`, where the file stays. The pending upload is written with a clean-up
 * marker naming the object (docs/decisions/multi-step-writes.md); the message's own transaction consumes the pending
 * upload and removes the marker (not if the sweeper took it), so a message never names a file that is not there, and a
 * file no message names is garbage the sweeper removes once its upload has expired.
 */
const uploadCleanup = (pending: { uuid: string; key: string; expires_at?: number }): Cleanup => ({
  id: cleanupId('UPLOAD', pending.uuid, 'TICKET'),
  due: (pending.expires_at ?? 0) * 1000 + REQUEST_GRACE_MS,
  objects: [{ bucket: 'documents', key: pending.key }],
});

export async function startTicketAttachmentUpload(
  caller: Caller,
  body: { file_name: string; file_size: number; content_type?: string },
) {
  if (!ticketAttachmentAllowed(body.file_name)) throw fieldErrors({ file_name: ['FORMAT_NOT_ALLOWED'] });
  const uuid = randomUUID();
  const prefix = `ticket-files/${caller.user.uuid}/${uuid}/`;
  // The upload is opaque, as a document's: what it is served as is decided from its bytes when a message names it.
  const post = await presignDocumentUpload(prefix, OPAQUE_TYPE, TICKET_ATTACHMENT_MAX_BYTES);
  const expires = epochSeconds(nowMs() + UPLOAD_EXPIRY_SECONDS * 1000);
  const pending: PendingTicketUpload = {
    uuid,
    created_by: caller.user.uuid,
    file_name: body.file_name,
    declared_size: body.file_size,
    key: `${prefix}file`,
    expires_at: expires,
  };
  await transactWrite([ticketFileWrite(pending), cleanupWrite(uploadCleanup(pending))]);
  return {
    upload: uuid,
    url: post.url,
    fields: post.fields,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/**
 * The caller's uploads a message names, checked before anything is written: each its own, not expired, in the bucket
 * within the cap. Answers the attachments and the writes that attach them (their markers' removal); the pending
 * uploads are consumed by the message's write (data/tickets.ts). Another's upload answers as a missing one.
 */
export async function resolveAttachments(
  caller: Caller,
  uploads: readonly string[] = [],
): Promise<{ attachments: TicketAttachment[]; writes: TxWrite[] }> {
  const attachments: TicketAttachment[] = [];
  const writes: TxWrite[] = [];
  for (const uuid of uploads) {
    const pending = await getTicketFile(uuid);
    if (!pending || pending.ticket || pending.created_by !== caller.user.uuid)
      throw fieldErrors({ attachments: ['UPLOAD_MISSING'] });
    if ((pending.expires_at ?? 0) * 1000 < nowMs()) throw fieldErrors({ attachments: ['UPLOAD_EXPIRED'] });
    const stored = await headDocumentObject(pending.key);
    if (!stored) throw fieldErrors({ attachments: ['UPLOAD_MISSING'] });
    // S3 refuses a body over the policy's range; s3rver does not, so the cap is checked here too.
    if (stored.size === 0 || stored.size > TICKET_ATTACHMENT_MAX_BYTES)
      throw fieldErrors({ attachments: ['ERROR_LENGTH'] });
    attachments.push({
      uuid,
      file_name: pending.file_name,
      size: stored.size,
      content_type: storedContentType(await readDocumentHead(pending.key), pending.file_name),
      key: pending.key,
    });
    writes.push(claimCleanupWrite(uploadCleanup(pending), () => fieldErrors({ attachments: ['UPLOAD_EXPIRED'] })));
  }
  return { attachments, writes };
}

/** A one-minute presigned GET of an attachment (the caller has checked the ticket may be read). */
export async function attachmentLink(
  attachment: Pick<TicketAttachment, 'key' | 'file_name' | 'content_type'>,
  type: 'inline' | 'attachment',
): Promise<{ link: string }> {
  return { link: await documentDownloadUrl(attachment.key, attachment.file_name, type, attachment.content_type) };
}
