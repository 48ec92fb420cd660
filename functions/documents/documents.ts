import { randomUUID } from 'node:crypto';
import type { BodyOf } from '../../shared/contracts/define';
import type { createDocumentUpload, uploadDocument } from '../../shared/contracts/documents';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import {
  type Cleanup,
  claimCleanupWrite,
  cleanupId,
  cleanupWrite,
  putCleanup,
  REQUEST_GRACE_MS,
  settleCleanup,
} from '../lib/data/cleanups';
import {
  type DocumentRecord,
  documentCreateWrites,
  documentDeleteWrites,
  documentNameHolder,
  documentRenameWrites,
  documentReplaceWrites,
  getDocument,
  isNameTaken,
  writeDocument,
} from '../lib/data/documents';
import { getTemplate } from '../lib/data/folders';
import { epochSeconds, nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import type { TxWrite } from '../lib/data/tx-write';
import { managedDocument, managedSociety } from '../lib/document-access';
import { type ApiError, conflict, fieldErrors } from '../lib/errors';
import { countMetric } from '../lib/metrics';
import { SNIFF_BYTES, storedContentType } from '../lib/storage/content-type';
import { deleteDocumentObject, documentObjectKey, putDocumentObject } from '../lib/storage/documents';
import type { UploadedFile } from '../lib/uploaded-file';

/**
 * Documents (portal §2 "Document manager"): where one goes, the small-file upload, rename and delete, and
 * the view the API answers.
 */
type Placement = Pick<BodyOf<typeof uploadDocument>, 'society' | 'folder' | 'form' | 'year'>;

/** A folder of the society's project, or a tax-form year from 2017 to now; a clear 400 for anything else. */
export async function resolvePlacement(caller: Caller, placement: Placement) {
  const society = await managedSociety(caller, placement.society);
  if (placement.folder) {
    if (placement.form || placement.year) throw fieldErrors({ folder: ['FORMAT_ERROR'] });
    const template = await getTemplate(placement.folder);
    if (!template || template.project_uuid !== society.project_uuid) throw fieldErrors({ folder: ['FORMAT_ERROR'] });
    return { society, folder_uuid: template.uuid, form: null, year: null };
  }
  const currentYear = new Date(nowMs()).getUTCFullYear();
  if (!placement.form || !placement.year || placement.year > currentYear) {
    throw fieldErrors({ folder: ['REQUIRED'] });
  }
  return { society, folder_uuid: null, form: placement.form, year: placement.year };
}

/** A checked place for a document: the society (read) and its folder, or its tax form and year. */
export type Placed = Awaited<ReturnType<typeof resolvePlacement>>;

/** The shown name omits the extension (portal §2); the extension stays with the file. */
export function splitExtension(fileName: string): { base: string; ext: string } {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? { base: fileName.slice(0, dot), ext: fileName.slice(dot) } : { base: fileName, ext: '' };
}

export function documentView(d: DocumentRecord) {
  return {
    uuid: d.uuid,
    document_name: splitExtension(d.file_name).base,
    file_name: d.file_name,
    document_size: d.size,
    content_type: d.content_type,
    society: d.society_uuid,
    folder: d.folder_uuid,
    form: d.form,
    year: d.year,
    modified: { date: d.updated },
  };
}

/** A file name as the browser sent it: the last path segment only, never a path. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (!base || base === '.' || base === '..' || /[\u0000-\u001f]/.test(base) || base.length > 200) {
    throw fieldErrors({ file: ['FORMAT_ERROR'] });
  }
  return base;
}

export function newDocument(
  caller: Caller,
  placed: Placed,
  /** `contentType` as decided from the bytes (content-type.ts), never the browser's. */
  file: { uuid?: string; name: string; size: number; contentType: string },
): DocumentRecord {
  const uuid = file.uuid ?? randomUUID();
  const now = nowIso();
  return {
    uuid,
    society_uuid: placed.society.uuid,
    group_uuid: placed.society.group_uuid,
    project_uuid: placed.society.project_uuid,
    folder_uuid: placed.folder_uuid,
    form: placed.form,
    year: placed.year,
    file_name: file.name,
    content_type: file.contentType,
    size: file.size,
    key: documentObjectKey(placed.society.uuid, uuid),
    created_by: caller.user.uuid,
    created: now,
    updated: now,
    version: 1,
  };
}

/**
 * Writes the item after its object exists, in one transaction with the removal of the marker that names the object as
 * garbage (cleanups.ts): until that transaction lands, the object is the marker's, whoever stops halfway.
 */
export async function storeDocument(
  document: DocumentRecord,
  options: { extra?: TxWrite[]; cleanup: Cleanup; onSwept: () => ApiError },
): Promise<void> {
  await writeDocument(async () => [
    ...(await documentCreateWrites(document)),
    ...(options.extra ?? []),
    claimCleanupWrite(options.cleanup, options.onSwept),
  ]);
}

/**
 * What an upload does when its name is taken in the folder (a deviation from the spec, which only refuses: README):
 * nothing said, 400 `SAME_DATA` as before; 'replace', the document that holds the name gets the new content;
 * 'keep_both', the new one is saved as 'nombre (2).pdf' (the first free number).
 */
export type OnConflict = 'replace' | 'keep_both' | undefined;

/** 'nombre.pdf' → 'nombre (2).pdf'. */
export const numberedName = (fileName: string, n: number) => {
  const { base, ext } = splitExtension(fileName);
  return `${base} (${n})${ext}`;
};
/** 'Conservar ambos' tries up to this number; past it the name answers SAME_DATA. */
const KEEP_BOTH_MAX = 50;

/** The document a 'Reemplazar' meant was deleted (or renamed away) before the upload landed. */
const replacedGone = () => fieldErrors({ file: ['REPLACED_DOCUMENT_GONE'] });

/**
 * Stores an upload whose object exists, as its conflict mode says; answers the document it made or replaced. Each
 * attempt is one transaction whose name marker (new documents) or version check (a replace) decides: two uploads of
 * one name at once never both take it, and two replaces of one document never both land (the loser: 409).
 */
export async function storeUpload(
  document: DocumentRecord,
  onConflict: OnConflict,
  options: {
    extra?: TxWrite[];
    /** For a replace, instead of `extra`: the writes that spend the upload, given the replaced document. */
    replaceExtra?: (replaced: DocumentRecord) => TxWrite[];
    cleanup: Cleanup;
    onSwept: () => ApiError;
  },
): Promise<DocumentRecord> {
  if (onConflict === 'replace') {
    const holder = await documentNameHolder(document);
    if (!holder) throw replacedGone();
    return replaceContent(holder, document, options);
  }
  for (let n = 1; ; n += 1) {
    const named = n === 1 ? document : { ...document, file_name: numberedName(document.file_name, n) };
    try {
      await storeDocument(named, options);
      return named;
    } catch (error) {
      if (onConflict !== 'keep_both' || !isNameTaken(error) || n >= KEEP_BOTH_MAX) throw error;
    }
  }
}

/**
 * The holder's content becomes the upload's: one transaction moves the item to the new object (if its version is
 * still the one read) and names the old object as garbage, which goes next. The bucket is versioned: the old content
 * stays a noncurrent version for its lifecycle's 90 days.
 */
async function replaceContent(
  holderUuid: string,
  incoming: DocumentRecord,
  options: Parameters<typeof storeUpload>[2],
): Promise<DocumentRecord> {
  const before = await getDocument(holderUuid);
  if (!before) throw replacedGone();
  const after: DocumentRecord = {
    ...before,
    key: incoming.key,
    size: incoming.size,
    content_type: incoming.content_type,
    updated: nowIso(),
    version: before.version + 1,
  };
  const retired: Cleanup = {
    id: cleanupId('DOCUMENT', before.uuid, `REPLACED#${incoming.uuid}`),
    due: nowMs() + REQUEST_GRACE_MS,
    objects: [{ bucket: 'documents', key: before.key }],
  };
  const changed = conflict('DATA_CONFLICT');
  try {
    await writeDocument(async () => [
      ...(await documentReplaceWrites(before, after, () => changed)),
      ...(options.replaceExtra?.(after) ?? options.extra ?? []),
      claimCleanupWrite(options.cleanup, options.onSwept),
      cleanupWrite(retired),
    ]);
  } catch (error) {
    if (error === changed && !(await getDocument(before.uuid))) throw replacedGone();
    throw error;
  }
  await settleCleanup(retired, () => deleteDocumentObject(before.key));
  return after;
}

/**
 * POST api/v1/documents/document/ (multipart, small files). `extra` writes land in the document's own transaction
 * (the tax calendar's filing of the form it holds), built from the document as stored.
 */
export async function uploadSmallDocument(
  caller: Caller,
  body: Placement & { on_conflict?: OnConflict },
  files: UploadedFile[],
  extra?: (document: DocumentRecord) => TxWrite[],
) {
  const file = files.find((f) => f.field === 'file');
  if (!file) throw fieldErrors({ file: ['REQUIRED'] });
  const placed = await resolvePlacement(caller, body);
  const name = cleanFileName(file.filename);
  const document = newDocument(caller, placed, {
    name,
    size: file.data.length,
    contentType: storedContentType(file.data.subarray(0, SNIFF_BYTES), name),
  });
  // The marker first: an object stored without its item is garbage the sweeper finds.
  const cleanup: Cleanup = {
    id: cleanupId('DOCUMENT', document.uuid, 'PUT'),
    due: nowMs() + REQUEST_GRACE_MS,
    objects: [{ bucket: 'documents', key: document.key }],
  };
  await putCleanup(cleanup);
  await putDocumentObject(document.key, file.data, document.content_type);
  try {
    const stored = await storeUpload(document, body.on_conflict, {
      extra: extra?.(document),
      cleanup,
      onSwept: () => conflict('DATA_CONFLICT'),
    });
    countMetric('UploadedBytes', stored.size);
    return documentView(stored);
  } catch (error) {
    // Nobody else writes this key: the object goes now (or, failing that, with the marker's sweep).
    await settleCleanup(cleanup, () => deleteDocumentObject(document.key));
    throw error;
  }
}

export type UploadRequest = BodyOf<typeof createDocumentUpload>;

export async function renameDocument(caller: Caller, uuid: string, documentName: string) {
  const before = await managedDocument(caller, uuid);
  const { ext } = splitExtension(before.file_name);
  const after: DocumentRecord = {
    ...before,
    file_name: `${documentName}${ext}`,
    updated: nowIso(),
    version: before.version + 1,
  };
  if (after.file_name.length > 200) throw fieldErrors({ document_name: ['ERROR_LENGTH'] });
  await writeDocument(() => documentRenameWrites(before, after));
  return documentView(after);
}

/**
 * The item goes first, in one transaction with its sizes and a marker naming its object; then the object, then the
 * marker. An object delete that fails is the sweeper's to finish: the document is deleted, and the answer says so.
 */
export async function removeDocument(caller: Caller, uuid: string) {
  const document = await managedDocument(caller, uuid);
  const cleanup: Cleanup = {
    id: cleanupId('DOCUMENT', document.uuid, 'DELETE'),
    due: nowMs() + REQUEST_GRACE_MS,
    objects: [{ bucket: 'documents', key: document.key }],
  };
  await transactWrite([...documentDeleteWrites(document), cleanupWrite(cleanup)]);
  await settleCleanup(cleanup, () => deleteDocumentObject(document.key));
  return { detail: 'Documento eliminado' };
}

export const uploadExpiry = (seconds: number) => epochSeconds(nowMs() + seconds * 1000);
