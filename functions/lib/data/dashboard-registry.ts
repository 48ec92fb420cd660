import { createHash } from 'node:crypto';
import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import type { ApiError } from '../errors';
import { putEntry, readDirectories, removeEntry } from './directory';
import { type Directory, recordOf } from './table';
import type { TxWrite } from './tx-write';
import { deleteKey, putNew, putVersioned } from './writes';

/**
 * The registry of embeddable dashboards: one record per registered QuickSight dashboard or Power BI
 * report, the projects it is bound to, a marker that keeps each dashboard (or report URL) registered once, and two
 * directories holding whole entries: every entry (the SUPER_ADMIN's list) and each bound project's (a report form's
 * choices, and nothing else a firm may read). Entries are few, so both lists are one BatchGet.
 */
export type RegistryTool = 'QUICKSIGHT' | 'POWER_BI';

export interface RegistryRecord {
  uuid: string;
  tool_type: RegistryTool;
  name: string;
  aws_id_dashboard: string | null;
  url: string | null;
  projects: string[];
  created: string;
  updated: string;
  version: number;
}

/** What a directory keeps of an entry (the whole entry: lists need no other read). */
interface RegistryEntryValue {
  t: RegistryTool;
  n: string;
  d: string | null;
  u: string | null;
  p: string[];
  c: string;
  v: number;
}

export const registryKey = (uuid: string) => ({ pk: `BI_ENTRY#${uuid}`, sk: 'BI_ENTRY' });
const allEntries = (): Directory => ({ partition: 'BI_ENTRIES', shards: 4 });
const entriesOfProject = (project: string): Directory => ({ partition: `PROJECT#${project}#BI_ENTRIES`, shards: 2 });

/** The dashboard (or report URL) an entry registers, hashed: a URL may be longer than a key may. */
const identityKey = (tool: RegistryTool, identity: string) => ({
  pk: `UNIQUE#BI_ENTRY#${tool}#${createHash('sha256').update(identity).digest('hex')}`,
  sk: 'UNIQUE',
});
const identityOf = (record: Pick<RegistryRecord, 'tool_type' | 'aws_id_dashboard' | 'url'>) =>
  identityKey(record.tool_type, (record.tool_type === 'QUICKSIGHT' ? record.aws_id_dashboard : record.url) ?? '');

const item = (record: RegistryRecord) => ({ ...registryKey(record.uuid), ...record });

const entryValue = (record: RegistryRecord): RegistryEntryValue => ({
  t: record.tool_type,
  n: record.name,
  d: record.aws_id_dashboard,
  u: record.url,
  p: record.projects,
  c: record.created,
  v: record.version,
});

function listingWrites(before: RegistryRecord | undefined, after: RegistryRecord | undefined): TxWrite[] {
  const record = (after ?? before) as RegistryRecord;
  const writes: TxWrite[] = [
    after ? putEntry(allEntries(), record.uuid, entryValue(after)) : removeEntry(allEntries(), record.uuid),
  ];
  const kept = new Set(after?.projects ?? []);
  for (const p of before?.projects ?? []) if (!kept.has(p)) writes.push(removeEntry(entriesOfProject(p), record.uuid));
  for (const p of after?.projects ?? [])
    writes.push(putEntry(entriesOfProject(p), record.uuid, entryValue(after as RegistryRecord)));
  return writes;
}

export function newRegistryWrites(record: RegistryRecord, registered: () => ApiError): TxWrite[] {
  return [
    putNew(item(record)),
    putNew({ ...identityOf(record), owner_uuid: record.uuid }, registered),
    ...listingWrites(undefined, record),
  ];
}

/** A rename or new bindings, only over the version read (409 DATA_CONFLICT otherwise). */
export function editRegistryWrites(before: RegistryRecord, after: RegistryRecord): TxWrite[] {
  return [putVersioned(item(after), before.version), ...listingWrites(before, after)];
}

export function deleteRegistryWrites(record: RegistryRecord): TxWrite[] {
  return [deleteKey(registryKey(record.uuid)), deleteKey(identityOf(record)), ...listingWrites(record, undefined)];
}

export async function getRegistryEntry(uuid: string): Promise<RegistryRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: registryKey(uuid), ConsistentRead: true }),
  );
  return recordOf<RegistryRecord>(Item);
}

/** The entry registering this dashboard id (QuickSight) or report URL (Power BI), if any. */
export async function registryEntryFor(tool: RegistryTool, identity: string): Promise<RegistryRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: identityKey(tool, identity), ConsistentRead: true }),
  );
  const owner = Item?.owner_uuid;
  return typeof owner === 'string' ? getRegistryEntry(owner) : undefined;
}

/** Every entry (no project given) or the entries bound to any of these projects, each once. */
export async function readRegistryEntries(projects?: string[]): Promise<RegistryRecord[]> {
  const list = projects ? projects.map(entriesOfProject) : [allEntries()];
  if (list.length === 0) return [];
  const { entries } = await readDirectories<RegistryEntryValue>(list);
  const unique = new Map(entries.flat().map((e) => [e.id, e.value]));
  return [...unique].map(([uuid, e]) => ({
    uuid,
    tool_type: e.t,
    name: e.n,
    aws_id_dashboard: e.d,
    url: e.u,
    projects: e.p,
    created: e.c,
    updated: e.c,
    version: e.v,
  }));
}
