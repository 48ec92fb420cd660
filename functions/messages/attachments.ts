import type { BodyOf } from '../../shared/contracts/define';
import type { createMessageAttachmentUpload } from '../../shared/contracts/messages';
import { beginUpload, landUpload } from '../documents/direct-upload';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { type DocumentRecord, getDocument, getPendingUpload } from '../lib/data/documents';
import { templatesOf } from '../lib/data/folders';
import { normalizeSearch } from '../lib/data/list-index';
import { getAttachmentClaim, type MessageAttachment } from '../lib/data/messages';
import type { SocietyRecord } from '../lib/data/societies';
import { fieldErrors, notFound } from '../lib/errors';
import { documentDownloadUrl } from '../lib/storage/documents';
import { requireThread } from './messages';

/**
 * Attachments of the conversation: each file becomes a document of the thread's society, so the document manager,
 * its notifications, the day's digest and share links work on it. The upload is the documents' direct upload
 * (presigned POST up to 100 MB, then the object checked and copied into place), started here by anyone who takes part
 * in the society's conversation, client users included, who cannot choose document folders.
 *
 * Where: the project's top-level folder named 'Mensajes' if the firm made one, else its first top-level folder in
 * alphabetical order (as the folder tree lists them); a firm without folders cannot take attachments (400 NO_FOLDER).
 *
 * Order (docs/decisions/multi-step-writes.md): the pending uploads and their markers first (garbage the sweeper
 * removes if nothing follows); then each document, in its own transaction that consumes its upload and claims its
 * marker; then the message, in one transaction with a claim per document (so a document is carried by one message
 * only). A stop between the documents and the message leaves documents of the society the sender uploaded, and no
 * message: sent again with the same uploads, the message finds them (each upload's document, made by the caller) and
 * lands; sent again after it landed (its answer lost), it answers the message that carries them.
 */
export const MESSAGES_FOLDER = 'mensajes';

async function attachmentFolder(project: string): Promise<string> {
  const top = (await templatesOf(project)).filter((t) => !t.main_folder);
  const named = top.find((t) => normalizeSearch(t.folder_name) === MESSAGES_FOLDER);
  const first = [...top].sort((a, b) => a.folder_name.localeCompare(b.folder_name, 'es'))[0];
  const folder = named ?? first;
  if (!folder) throw fieldErrors({ file_name: ['NO_FOLDER'] });
  return folder.uuid;
}

/** POST api/v1/messages/society/{uuid}/attachments/: a presigned POST for one file of a message (caller checked). */
export async function startAttachmentUpload(
  caller: Caller,
  society: SocietyRecord,
  body: BodyOf<typeof createMessageAttachmentUpload>,
) {
  const folder = await attachmentFolder(society.project_uuid);
  return beginUpload(caller, { society, folder_uuid: folder, form: null, year: null }, body, 'MESSAGE');
}

const attachmentOf = (d: DocumentRecord): MessageAttachment => ({
  uuid: d.uuid,
  file_name: d.file_name,
  size: d.size,
  content_type: d.content_type,
});

const missing = () => fieldErrors({ attachments: ['UPLOAD_MISSING'] });

/**
 * The caller's uploads a message names, each made a document of the society (checked first, one after another). An
 * upload already made a document by an earlier try of this message answers that document. Another person's upload,
 * another society's, or one started for the document manager answers as missing.
 */
export async function landAttachments(
  caller: Caller,
  society: SocietyRecord,
  uploads: readonly string[] = [],
): Promise<MessageAttachment[]> {
  const pendings = await Promise.all(uploads.map(getPendingUpload));
  for (const [index, pending] of pendings.entries()) {
    if (!pending) {
      const made = await getDocument(uploads[index] as string);
      if (!made || made.created_by !== caller.user.uuid || made.society_uuid !== society.uuid) throw missing();
      continue;
    }
    if (
      pending.created_by !== caller.user.uuid ||
      pending.society_uuid !== society.uuid ||
      pending.purpose !== 'MESSAGE'
    )
      throw missing();
    if (pending.expires_at * 1000 < nowMs()) throw fieldErrors({ attachments: ['UPLOAD_EXPIRED'] });
  }
  const attachments: MessageAttachment[] = [];
  for (const [index, pending] of pendings.entries()) {
    if (!pending) {
      attachments.push(attachmentOf((await getDocument(uploads[index] as string)) as DocumentRecord));
      continue;
    }
    if (!pending.folder_uuid) throw missing();
    const placed = { society, folder_uuid: pending.folder_uuid, form: null, year: null };
    // A name the folder holds is kept beside it as 'nombre (2).pdf': a message never replaces a document.
    attachments.push(attachmentOf(await landUpload(caller, pending, placed, 'keep_both', 'attachments')));
  }
  return attachments;
}

/**
 * GET api/v1/messages/attachment/{uuid}/: a one-minute link to the document a message carries, for whoever takes
 * part in its thread, whether or not the firm opened its documents to the caller: the sender shared it in the
 * conversation. A document deleted from the document manager since answers 404.
 */
export async function attachmentLink(caller: Caller, document: string, type: 'inline' | 'attachment') {
  const claim = await getAttachmentClaim(document);
  if (!claim) throw notFound();
  await requireThread(caller, claim.thread);
  const stored = await getDocument(document);
  if (!stored || stored.society_uuid !== claim.society_uuid) throw notFound();
  return { link: await documentDownloadUrl(stored.key, stored.file_name, type, stored.content_type) };
}
