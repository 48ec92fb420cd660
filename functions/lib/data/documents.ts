import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { ApiError, conflict, fieldErrors } from '../errors';
import { putEntry, readDirectories, removeEntry } from './directory';
import { digestQueueWrite } from './document-digests';
import {
  type FeedSource,
  feedAppendWrites,
  feedBulkWrites,
  feedRemoveWrites,
  feedRenameWrites,
  writeWithFeeds,
} from './document-feeds';
import { documentStatsWrite, hierarchyStatsWrites, templateFileCount } from './folders';
import { getItems, normalizeSearch, searchText } from './list-index';
import { type Directory, type Entry, recordOf } from './table';
import type { TxWrite } from './tx-write';
import { checkWhen, deleteKey, deleteWhen, putNew } from './writes';

/**
 * Documents (portal §3 "Document"). A document sits in a society's template folder (`folder_uuid`) or in a
 * tax-form year (`form` + `year`); its object is in the documents bucket under `key`. The item exists only once its
 * object does (the upload writes the object first; a direct upload is confirmed by a HEAD before this write).
 */
export interface DocumentRecord {
  uuid: string;
  society_uuid: string;
  group_uuid: string;
  project_uuid: string;
  folder_uuid: string | null;
  form: 'F22' | 'F29' | 'F50' | null;
  year: number | null;
  /** The file's name with its extension, as downloaded (unique in its folder, without case and accents). */
  file_name: string;
  content_type: string;
  size: number;
  key: string;
  created_by: string;
  created: string;
  updated: string;
  version: number;
}

/** Where a document is: a template uuid, or the tax folder `TAX#F22#2021`. */
export const folderKeyOf = (d: Pick<DocumentRecord, 'folder_uuid' | 'form' | 'year'>): string =>
  d.folder_uuid ?? `TAX#${d.form}#${d.year}`;

const documentKey = (uuid: string) => ({ pk: `DOCUMENT#${uuid}`, sk: 'DOCUMENT' });
/**
 * A folder's documents: up to ~50,000 entries of ~150 bytes in 16 shards (a shard item holds 400 KB). The bench
 * lists 10,000 (bench/documents.ts).
 */
export const documentsOfFolder = (society: string, folderKey: string): Directory => ({
  partition: `SOCIETY#${society}#FOLDER#${folderKey}#DOCS`,
  shards: 16,
});
const documentNameKey = (
  d: Pick<DocumentRecord, 'society_uuid' | 'file_name'> & Parameters<typeof folderKeyOf>[0],
) => ({
  pk: `UNIQUE#DOCUMENT_NAME#${d.society_uuid}#${folderKeyOf(d)}#${normalizeSearch(d.file_name)}`,
  sk: 'UNIQUE',
});

/** A document's entry in its folder's directory: name, size, updated, search text. */
export interface DocumentEntry {
  n: string;
  z: number;
  u: string;
  s: string;
}

/** What the feeds record of a document (document-feeds.ts). */
const feedSourceOf = (d: DocumentRecord): FeedSource => ({ ...d, folderKey: folderKeyOf(d) });

const entryOf = (d: DocumentRecord): DocumentEntry => ({
  n: d.file_name,
  z: d.size,
  u: d.updated,
  s: searchText(d.file_name),
});

export async function getDocument(uuid: string): Promise<DocumentRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: documentKey(uuid), ConsistentRead: true }),
  );
  return recordOf<DocumentRecord>(Item);
}

export const getDocuments = (uuids: string[]) => getItems<DocumentRecord>(uuids.map(documentKey));

/** Every document entry of a folder, in one BatchGet. */
export async function documentEntriesOf(society: string, folderKey: string): Promise<Array<Entry<DocumentEntry>>> {
  const { entries } = await readDirectories<DocumentEntry>([documentsOfFolder(society, folderKey)]);
  return entries.flat();
}

const sameName = (field: string) => () => fieldErrors({ [field]: ['SAME_DATA'] });

/**
 * Writes a document's create or rename transaction (their feed writes are guarded and read again when another upload
 * moved the same feed shard meanwhile; document-feeds.ts).
 */
export const writeDocument = writeWithFeeds;

/**
 * A new document, all or nothing: the item, its name marker (unique in the folder), its entries (folder, feeds, each
 * feed shard trimmed to its retention), the
 * folder's and the society's sizes, the template's file count (which fails if the folder was deleted meanwhile), and
 * a check that the society is still in the group the document records (a move and an upload cannot cross).
 */
export async function documentCreateWrites(d: DocumentRecord): Promise<TxWrite[]> {
  const folderKey = folderKeyOf(d);
  return [
    putNew({ ...documentKey(d.uuid), ...d }),
    putNew({ ...documentNameKey(d), owner_uuid: d.uuid }, sameName('file')),
    putEntry(documentsOfFolder(d.society_uuid, folderKey), d.uuid, entryOf(d)),
    ...(await feedAppendWrites(feedSourceOf(d))),
    // Its society is queued for the day's digest mail (document-digests.ts), so the job finds it by key.
    digestQueueWrite(d),
    documentStatsWrite(d.society_uuid, folderKey, d.size, 1),
    ...hierarchyStatsWrites(d, d.size, 1),
    ...(d.folder_uuid ? [templateFileCount(d.folder_uuid, 1)] : []),
    checkWhen(
      { pk: `SOCIETY#${d.society_uuid}`, sk: 'SOCIETY' },
      { expression: 'group_uuid = :g', values: { ':g': d.group_uuid } },
      () => conflict('DATA_CONFLICT'),
    ),
  ];
}

/** The document that holds a name in a folder, if any (its uniqueness marker, read strongly consistent). */
export async function documentNameHolder(
  d: Pick<DocumentRecord, 'society_uuid' | 'file_name'> & Parameters<typeof folderKeyOf>[0],
): Promise<string | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: documentNameKey(d), ConsistentRead: true }),
  );
  return Item?.owner_uuid as string | undefined;
}

/** Whether a refusal is the folder's name marker: the name is taken. */
export const isNameTaken = (error: unknown): boolean =>
  error instanceof ApiError &&
  ((error.extra.errors as Record<string, string[]> | undefined)?.file ?? []).includes('SAME_DATA');

/**
 * A document's content replaced (an upload with the same name, 'Reemplazar'): the item points to the new object, only
 * if nobody changed or deleted it since it was read (`onChanged`); its folder entry, sizes and feeds follow (the feeds
 * and the day's digest name it again: its clients see a new version). The name and its marker stay as they are.
 */
export async function documentReplaceWrites(
  before: DocumentRecord,
  after: DocumentRecord,
  onChanged: () => ApiError,
): Promise<TxWrite[]> {
  const folderKey = folderKeyOf(after);
  const delta = after.size - before.size;
  return [
    {
      write: {
        Put: {
          TableName: config.tableName,
          Item: { ...documentKey(after.uuid), ...after },
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': before.version },
        },
      },
      onConditionFail: onChanged,
    },
    putEntry(documentsOfFolder(after.society_uuid, folderKey), after.uuid, entryOf(after)),
    ...(await feedAppendWrites({ ...feedSourceOf(after), created: after.updated })),
    digestQueueWrite({ ...after, created: after.updated }),
    documentStatsWrite(after.society_uuid, folderKey, delta, 0),
    ...hierarchyStatsWrites(after, delta, 0),
  ];
}

export async function documentRenameWrites(before: DocumentRecord, after: DocumentRecord): Promise<TxWrite[]> {
  const renamed = normalizeSearch(before.file_name) !== normalizeSearch(after.file_name);
  return [
    {
      write: {
        Put: {
          TableName: config.tableName,
          Item: { ...documentKey(after.uuid), ...after },
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': before.version },
        },
      },
      onConditionFail: () => conflict('DATA_CONFLICT'),
    },
    ...(renamed
      ? [
          deleteKey(documentNameKey(before)),
          putNew({ ...documentNameKey(after), owner_uuid: after.uuid }, sameName('document_name')),
        ]
      : []),
    putEntry(documentsOfFolder(after.society_uuid, folderKeyOf(after)), after.uuid, entryOf(after)),
    ...(await feedRenameWrites(feedSourceOf(after))),
  ];
}

export function documentDeleteWrites(d: DocumentRecord): TxWrite[] {
  const folderKey = folderKeyOf(d);
  return [
    deleteWhen(documentKey(d.uuid), { expression: 'version = :v', values: { ':v': d.version } }, () =>
      conflict('DATA_CONFLICT'),
    ),
    deleteKey(documentNameKey(d)),
    removeEntry(documentsOfFolder(d.society_uuid, folderKey), d.uuid),
    ...feedRemoveWrites(d),
    documentStatsWrite(d.society_uuid, folderKey, -d.size, -1),
    ...hierarchyStatsWrites(d, -d.size, -1),
    ...(d.folder_uuid ? [templateFileCount(d.folder_uuid, -1)] : []),
  ];
}

/** Bulk loads (bench): the folder directory writes of a document, for bulkEntryUpdates. */
export function documentEntryWrites(d: DocumentRecord): TxWrite[] {
  return [putEntry(documentsOfFolder(d.society_uuid, folderKeyOf(d)), d.uuid, entryOf(d))];
}

/** Bulk loads (bench, backfill): the feed entries of many documents, each feed shard cut to its retention. */
export const documentFeedBulkWrites = (documents: DocumentRecord[]): TxWrite[] =>
  feedBulkWrites(documents.map(feedSourceOf));
export const documentItem = (d: DocumentRecord) => ({ ...documentKey(d.uuid), ...d });

/** A direct upload waiting for its confirm call (it expires with its presigned POST). */
export interface PendingUpload {
  uuid: string;
  /** The society whose `uploads/` prefix holds it; a request's template file (purpose REQUEST_FILE): the project. */
  society_uuid: string;
  folder_uuid: string | null;
  form: DocumentRecord['form'];
  year: number | null;
  file_name: string;
  content_type: string;
  declared_size: number;
  key: string;
  created_by: string;
  /** Epoch seconds (TTL); confirm checks it itself. */
  expires_at: number;
  /** Written with its clean-up marker (direct-upload.ts); uploads started before markers existed have none. */
  cleanup?: true;
  /** What the start asked for when the name is taken (documents.ts OnConflict); the confirm may say otherwise. */
  on_conflict?: 'replace' | 'keep_both';
  /** Set by a confirm that replaced this document's content ('Reemplazar'): the upload is spent. */
  replaced?: string;
  /**
   * An upload for something other than the document manager, which its own call lands: a message's attachment (made a
   * document with its message), a request item's template file (kept as a request file, no document).
   */
  purpose?: 'MESSAGE' | 'REQUEST_FILE';
  /** Where the confirmed object goes when it is no document's (a request file): the clean-up marker names it. */
  place_key?: string;
  /** A file delivered into a document request's item (functions/requests): confirmed there, never as a document. */
  request?: { uuid: string; item: string };
}

const uploadKey = (uuid: string) => ({ pk: `UPLOAD#${uuid}`, sk: 'UPLOAD' });

export const pendingUploadWrite = (upload: PendingUpload): TxWrite => putNew({ ...uploadKey(upload.uuid), ...upload });

export async function getPendingUpload(uuid: string): Promise<PendingUpload | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: uploadKey(uuid), ConsistentRead: true }),
  );
  return recordOf<PendingUpload>(Item);
}

/**
 * A confirm that replaced another document's content keeps its pending upload, marked with that document, until it
 * expires: a confirm sent again (its answer lost) answers that document.
 */
export const consumePendingUploadInto = (uuid: string, documentUuid: string): TxWrite => ({
  write: {
    Update: {
      TableName: config.tableName,
      Key: uploadKey(uuid),
      UpdateExpression: 'SET replaced = :d',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(replaced)',
      ExpressionAttributeValues: { ':d': documentUuid },
    },
  },
  onConditionFail: () => conflict('DATA_CONFLICT'),
});

/** Consumes the pending upload in the document's transaction: a second confirm finds nothing. */
export const consumePendingUpload = (uuid: string): TxWrite =>
  deleteWhen(uploadKey(uuid), { expression: 'attribute_exists(pk)' }, () => conflict('DATA_CONFLICT'));
