import type { BodyOf } from '../../shared/contracts/define';
import type { createRequestFileUpload } from '../../shared/contracts/requests';
import { openUpload, uploadCleanup } from '../documents/direct-upload';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { getPendingUpload, type PendingUpload } from '../lib/data/documents';
import { getProject } from '../lib/data/projects';
import { getRequestFile, type RequestFileRecord, requestFileLandWrites } from '../lib/data/request-files';
import { nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import { fieldErrors, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { projectInScope } from '../lib/scope';
import { storedContentType } from '../lib/storage/content-type';
import {
  copyDocumentObject,
  deleteDocumentObject,
  headDocumentObject,
  readDocumentHead,
  requestFileObjectKey,
} from '../lib/storage/documents';

/**
 * Template files of request items (a form to fill, an example): the documents' direct upload (a presigned POST, its
 * pending upload and clean-up marker), started for a project the caller makes requests in; the request or template
 * that names the upload in an item's `template_file` lands it. Landing checks every named file before anything is
 * written (the caller's upload, of that project, not expired, its object there), then copies each upload to its
 * immutable key and makes its record in the transaction that spends the upload and claims its marker. A stop between
 * the files and the request leaves files nobody names; sent again with the same uploads, the request finds them.
 */

/** A project whose requests and templates the caller reads: an admin of it, or a GROUP_ADMIN of one of its groups. */
export function readsProject(caller: Caller, project: string) {
  return (
    projectInScope(caller, project) || (caller.role === 'GROUP_ADMIN' && caller.user.project_uuids.includes(project))
  );
}

/** What an item keeps of its file: the rest (its key, its type) stays on the file's record. */
export interface ItemFile {
  uuid: string;
  file_name: string;
  size: number;
}

const itemFileOf = (f: RequestFileRecord): ItemFile => ({ uuid: f.uuid, file_name: f.file_name, size: f.size });

/** POST api/v1/requests/template-files/upload-url/: the presigned POST of one template file (404 outside scope). */
export async function startRequestFileUpload(caller: Caller, body: BodyOf<typeof createRequestFileUpload>) {
  if (!readsProject(caller, body.project) || !(await getProject(body.project))) throw notFound();
  const { project, ...file } = body;
  return openUpload(
    caller,
    { society_uuid: project, folder_uuid: null, form: null, year: null, purpose: 'REQUEST_FILE' },
    file,
    (upload) => requestFileObjectKey(project, upload),
  );
}

const refused = (code: string) => fieldErrors({ template_file: [code] });

type Landing = PendingUpload & { place_key: string };
type Named = { uuid: string; pending: Landing; size: number } | { uuid: string; file: RequestFileRecord };

/**
 * Checks one named file, writing nothing: an upload of the caller's for this project, not expired, uploaded; or a
 * file already landed that the caller made (a retry) or that `kept` lists (the template's own files). Anything else
 * answers 400 UPLOAD_MISSING, as if there were no such upload.
 */
async function check(caller: Caller, project: string, uuid: string, kept: ReadonlySet<string>): Promise<Named> {
  const pending = await getPendingUpload(uuid);
  if (!pending) {
    const file = await getRequestFile(uuid);
    if (!file || file.project_uuid !== project) throw refused('UPLOAD_MISSING');
    if (file.created_by !== caller.user.uuid && !kept.has(uuid)) throw refused('UPLOAD_MISSING');
    return { uuid, file };
  }
  if (
    pending.purpose !== 'REQUEST_FILE' ||
    pending.created_by !== caller.user.uuid ||
    pending.society_uuid !== project ||
    !pending.place_key
  )
    throw refused('UPLOAD_MISSING');
  if (pending.expires_at * 1000 < nowMs()) throw refused('UPLOAD_EXPIRED');
  const stored = await headDocumentObject(pending.key);
  if (!stored) throw refused('UPLOAD_MISSING');
  if (stored.size === 0) throw refused('FORMAT_NOT_ALLOWED');
  if (stored.size > 100 * 1024 * 1024) throw refused('ERROR_LENGTH');
  return { uuid, pending: pending as Landing, size: stored.size };
}

/** One checked upload made a file: copied to its key, then its record, the upload spent and its marker claimed. */
async function land(caller: Caller, project: string, pending: Landing, size: number) {
  const file: RequestFileRecord = {
    uuid: pending.uuid,
    project_uuid: project,
    key: pending.place_key,
    file_name: pending.file_name,
    size,
    content_type: storedContentType(await readDocumentHead(pending.key), pending.file_name),
    created_by: caller.user.uuid,
    created: nowIso(),
  };
  await copyDocumentObject(pending.key, file.key, file.content_type);
  try {
    await transactWrite(requestFileLandWrites(file, uploadCleanup(pending), () => refused('UPLOAD_EXPIRED')));
  } catch (error) {
    // Two landings of one upload at once (a request sent twice): the one that lost uses what the other made.
    const made = await getRequestFile(pending.uuid).catch(() => undefined);
    if (made && made.created_by === caller.user.uuid) return made;
    throw error;
  }
  // The upload itself is no longer needed; if this fails, the bucket's lifecycle rule empties uploads/ after a day.
  await deleteDocumentObject(pending.key).catch((error: Error) =>
    logger.warn('Upload left for the lifecycle rule', { upload: pending.uuid, reason: error.name }),
  );
  return file;
}

/**
 * The files a request's or template's items name, by uuid, landed: every one checked first (a refusal writes
 * nothing), then each upload landed in turn. `kept`: files already landed that may be named again whoever made them
 * (the template's own, when it is saved again or a request is made from it).
 */
export async function landRequestFiles(
  caller: Caller,
  project: string,
  items: ReadonlyArray<{ template_file?: string | null | undefined }>,
  kept: ReadonlySet<string> = new Set(),
): Promise<Map<string, ItemFile>> {
  const uuids = [...new Set(items.flatMap((i) => (i.template_file ? [i.template_file] : [])))];
  const checked: Named[] = [];
  for (const uuid of uuids) checked.push(await check(caller, project, uuid, kept));
  const files = new Map<string, ItemFile>();
  for (const named of checked) {
    const file = 'file' in named ? named.file : await land(caller, project, named.pending, named.size);
    files.set(named.uuid, itemFileOf(file));
  }
  return files;
}

/** The files of a template's items, to keep when it is saved again or a request is made from it. */
export const keptFiles = (items: ReadonlyArray<{ template_file?: ItemFile | null }>) =>
  new Set(items.flatMap((i) => (i.template_file ? [i.template_file.uuid] : [])));
