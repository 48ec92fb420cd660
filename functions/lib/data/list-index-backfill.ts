import { config } from '../config';
import { batchWriteAll } from './batches';
import { readDirectories } from './directory';
import { groupIndexedOfEntry, groupPartitions } from './groups';
import { invitationIndexedOfEntry, invitationIndexSources } from './invitations';
import { bucketItems, bucketMismatches, isIndexRow } from './order-buckets';
import { projectIndexedOfEntry, projectPartitions } from './projects';
import { societyIndexedOfEntry, societyPartitions } from './societies';
import { counterCounts, type Indexed, indexRowItems, readIndexItems } from './sorted-index';
import type { Directory } from './table';
import { userIndexedOfEntry, userIndexSources } from './user-listing';

/**
 * One-off, idempotent maintenance: the sorted list indexes (sorted-index.ts) of lists written before they existed.
 * The directories stay what writers keep exactly, so each partition's index is made equal to its directory: rows
 * missing or different are put, rows of no entry deleted, and each counter item set to the entries it counts. It reads
 * directories and index partitions by key (no Scan). A society written while a partition is being compared may leave
 * that partition off by its change: running it again, once writes are quiet, puts it right (it changes nothing then).
 * `local/backfill-list-indexes.ts` runs it; lists read the indexes only once it has run (config.listIndexes).
 */
export interface ListIndexBackfill {
  partitions: number;
  entries: number;
  put: number;
  deleted: number;
}

/**
 * A partition of an index and where its entries are: its own directory, or (an index-only partition, the users a
 * PROJECT_ADMIN manages) another one's entries that pass `keep`.
 */
export interface IndexPartition {
  directory: Directory;
  source?: Directory;
  keep?: (entry: never) => boolean;
}

/** How one kind of list builds an entry's index rows from its directory entry, and where its partitions are. */
export interface IndexedList {
  /** Takes the list's own entry type (never: any entry type's function fits). */
  indexedOf: (id: string, entry: never) => Indexed;
  partitions: () => Promise<Array<Directory | IndexPartition>>;
}

/** The lists that keep sorted indexes (docs/decisions/list-paging.md, "Lists converted and not"). */
export const INDEXED_LISTS = {
  societies: { indexedOf: societyIndexedOfEntry, partitions: societyPartitions },
  groups: { indexedOf: groupIndexedOfEntry, partitions: groupPartitions },
  users: { indexedOf: userIndexedOfEntry, partitions: userIndexSources },
  invitations: { indexedOf: invitationIndexedOfEntry, partitions: invitationIndexSources },
  projects: { indexedOf: projectIndexedOfEntry, partitions: projectPartitions },
} satisfies Record<string, IndexedList>;

/** Makes one partition's index equal to its directory (societies' unless told). */
export async function backfillPartition(
  partition: Directory | IndexPartition,
  indexedOf: IndexedList['indexedOf'] = societyIndexedOfEntry,
): Promise<Omit<ListIndexBackfill, 'partitions'>> {
  const { directory, source = directory, keep } = 'directory' in partition ? partition : { directory: partition };
  const [[all = []], existing] = await Promise.all([
    readDirectories<unknown>([source]).then((out) => out.entries),
    readIndexItems(directory),
  ]);
  const entries = keep ? all.filter((e) => keep(e.value as never)) : all;
  const wanted = [
    ...entries.flatMap((e) => indexRowItems(directory, indexedOf(e.id, e.value as never))),
    ...counterCounts(
      directory,
      entries.map((e) => e.id),
    ).map(({ key, n }) => ({ ...key, n })),
  ];
  const have = new Map(existing.map((item) => [item.sk as string, item]));
  const wantedKeys = new Set(wanted.map((item) => item.sk));
  // A row holds its entry's JSON (`v`), a counter item its count (`n`).
  const puts: Array<Record<string, unknown>> = wanted.filter((item) => {
    const found = have.get(item.sk);
    return !found || ('v' in item ? found.v !== item.v : Number(found.n) !== item.n);
  });
  // Layouts and bucket counts (order-buckets.ts) stay while exact for the wanted rows, else are made again from them
  // (every count item and every order's layout replaced, so none is deleted).
  const pk = `LIST#${directory.partition}`;
  const buckets = existing.filter((item) => !isIndexRow(item.sk as string) && !String(item.sk).startsWith('COUNT#'));
  const rowKeys = wanted.map((item) => item.sk).filter(isIndexRow);
  if (bucketMismatches(pk, rowKeys, buckets).length > 0) puts.push(...bucketItems(pk, rowKeys, buckets));
  const deletes = existing
    .filter((item) => !wantedKeys.has(item.sk as string) && !buckets.includes(item))
    .map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
  const requests = [
    ...puts.map((Item) => ({ PutRequest: { Item } })),
    ...deletes.map((Key) => ({ DeleteRequest: { Key } })),
  ];
  for (let start = 0; start < requests.length; start += 25) {
    await batchWriteAll({ [config.tableName]: requests.slice(start, start + 25) });
  }
  return { entries: entries.length, put: puts.length, deleted: deletes.length };
}

/** Every partition of one list made equal to its directory. */
export async function backfillListIndexes(list: IndexedList): Promise<ListIndexBackfill> {
  const out: ListIndexBackfill = { partitions: 0, entries: 0, put: 0, deleted: 0 };
  for (const directory of await list.partitions()) {
    const one = await backfillPartition(directory, list.indexedOf);
    out.partitions += 1;
    out.entries += one.entries;
    out.put += one.put;
    out.deleted += one.deleted;
  }
  return out;
}

export const backfillSocietyIndexes = () => backfillListIndexes(INDEXED_LISTS.societies);
export const backfillGroupIndexes = () => backfillListIndexes(INDEXED_LISTS.groups);
export const backfillUserIndexes = () => backfillListIndexes(INDEXED_LISTS.users);
export const backfillInvitationIndexes = () => backfillListIndexes(INDEXED_LISTS.invitations);
export const backfillProjectIndexes = () => backfillListIndexes(INDEXED_LISTS.projects);

/** Every indexed list's partitions, list by list (what the maintenance script runs). */
export async function backfillEveryListIndex(): Promise<Record<string, ListIndexBackfill>> {
  const out: Record<string, ListIndexBackfill> = {};
  for (const [name, list] of Object.entries(INDEXED_LISTS)) out[name] = await backfillListIndexes(list);
  return out;
}
