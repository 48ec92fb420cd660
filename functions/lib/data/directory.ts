import { config } from '../config';
import { batchGet } from './list-index';
import { mergeBucketWrites } from './order-buckets';
import { hashShard } from './shard-hash';
import { type Directory, type Entry, strip } from './table';
import type { CountWrite, EntryWrite, TxWrite } from './tx-write';

export { hashShard };

/**
 * Listing directories (every list page in at most 3 DynamoDB calls, whatever the partition size).
 *
 * A listing partition (a project's societies, a group's users, every project...) keeps a directory: a fixed number of
 * shard items `DIR#<partition>` / `SHARD#<n>`, each holding one top-level attribute per entry, named by the entry's id,
 * whose value is the entry's compact JSON (only what lists filter, sort, search and show). An entry's shard is a hash
 * of its id, so writers need no read: `SET #id = :entry` and `REMOVE #id` are applied by DynamoDB atomically, without
 * read-modify-write, in the same transaction as the entity's own write (transactWrite merges the entries that fall in
 * one shard into a single Update, since a transaction touches an item once). Readers take every shard of the
 * partitions they list in one BatchGet, then filter, sort, count and cut the page in memory.
 *
 * Limits (docs/data-model.md): a shard is one item (400 KB); a BatchGet reads 100 keys and answers 16 MB.
 */
const shardKey = (directory: Directory, shard: number) => ({
  pk: `DIR#${directory.partition}`,
  sk: `SHARD#${String(shard).padStart(2, '0')}`,
});

/** The keys of every shard of a directory (what readDirectories asks for; the bench times the read alone). */
export const directoryShardKeys = (directory: Directory) =>
  Array.from({ length: directory.shards }, (_, n) => shardKey(directory, n));

const shardOf = (directory: Directory, id: string) => hashShard(id, directory.shards);

/** The shard item holding an entry (document-feeds.ts reads and guards the one shard an append touches). */
export const entryShardKey = (directory: Directory, id: string) => shardKey(directory, shardOf(directory, id));

/**
 * A shard's version, kept by the writers that guard a shard (the bounded document feeds, document-feeds.ts): an
 * attribute of the shard, not an entry (entry ids are uuids), so every reader skips it.
 */
export const SHARD_VERSION = 'feed_version';
const NOT_ENTRIES = new Set(['pk', 'sk', SHARD_VERSION]);

const entryWrite = (directory: Directory, id: string, value: string | undefined): TxWrite => ({
  write: {},
  entry: { key: shardKey(directory, shardOf(directory, id)), id, value },
});

/** Puts (or replaces) an entry: its value is any JSON-able compact record. */
export const putEntry = (directory: Directory, id: string, entry: unknown): TxWrite =>
  entryWrite(directory, id, JSON.stringify(entry));

export const removeEntry = (directory: Directory, id: string): TxWrite => entryWrite(directory, id, undefined);

/** Counter steps summed per item into one `ADD n` (a net step of 0 writes nothing). */
function mergeCountWrites(writes: TxWrite[]): TxWrite[] {
  const sums = new Map<string, CountWrite>();
  for (const w of writes) {
    if (!w.count) continue;
    const id = `${w.count.key.pk}|${w.count.key.sk}`;
    sums.set(id, { key: w.count.key, by: (sums.get(id)?.by ?? 0) + w.count.by });
  }
  return [...sums.values()]
    .filter((c) => c.by !== 0)
    .map((c) => ({
      write: {
        Update: {
          TableName: config.tableName,
          Key: c.key,
          UpdateExpression: 'ADD n :by',
          ExpressionAttributeValues: { ':by': c.by },
        },
      },
    }));
}

/**
 * Merges directory writes that fall in one shard into one Update (a transaction may touch an item once); the last
 * write of an id wins; sums the steps of one counter item, and those of one bucket count item (order-buckets.ts).
 * Other writes pass through unchanged.
 */
export function mergeEntryWrites(writes: TxWrite[]): TxWrite[] {
  const shards = new Map<string, { key: EntryWrite['key']; entries: Map<string, string | undefined> }>();
  const others: TxWrite[] = [];
  for (const w of writes) {
    if (w.count || w.bucket) continue;
    if (!w.entry) {
      others.push(w);
      continue;
    }
    const id = `${w.entry.key.pk}|${w.entry.key.sk}`;
    const shard = shards.get(id) ?? { key: w.entry.key, entries: new Map() };
    shard.entries.set(w.entry.id, w.entry.value);
    shards.set(id, shard);
  }
  const merged = [...shards.values()].map(({ key, entries }): TxWrite => {
    const names: Record<string, string> = {};
    const values: Record<string, string> = {};
    const sets: string[] = [];
    const removes: string[] = [];
    [...entries].forEach(([id, value], index) => {
      names[`#e${index}`] = id;
      if (value === undefined) removes.push(`#e${index}`);
      else {
        values[`:e${index}`] = value;
        sets.push(`#e${index} = :e${index}`);
      }
    });
    const expression = [
      sets.length > 0 && `SET ${sets.join(', ')}`,
      removes.length > 0 && `REMOVE ${removes.join(', ')}`,
    ]
      .filter(Boolean)
      .join(' ');
    return {
      write: {
        Update: {
          TableName: config.tableName,
          Key: key,
          UpdateExpression: expression,
          ExpressionAttributeNames: names,
          ...(sets.length > 0 && { ExpressionAttributeValues: values }),
        },
      },
    };
  });
  return [...others, ...merged, ...mergeCountWrites(writes), ...mergeBucketWrites(writes)];
}

/**
 * Every entry of the given directories, and any extra items wanted in the same call (the parent whose scope decides
 * whether the list may be read at all), in one BatchGet while the keys stay within 100.
 */
export async function readDirectories<T>(
  directories: Directory[],
  extra: Array<{ pk: string; sk: string }> = [],
): Promise<{ entries: Array<Array<Entry<T>>>; extra: Array<Record<string, unknown> | undefined> }> {
  const shardKeys = directories.map(directoryShardKeys);
  const found = await batchGet([...extra, ...shardKeys.flat()]);
  const entries = shardKeys.map((keysOfOne) =>
    keysOfOne.flatMap((key) => {
      const shard = found.get(`${key.pk}|${key.sk}`);
      if (!shard) return [];
      return Object.entries(shard)
        .filter(([name]) => !NOT_ENTRIES.has(name))
        .map(([id, value]) => ({ id, value: JSON.parse(value as string) as T }));
    }),
  );
  return {
    entries,
    extra: extra.map((k) => {
      const item = found.get(`${k.pk}|${k.sk}`);
      return item && (strip(item) as Record<string, unknown>);
    }),
  };
}

/**
 * Bulk loads (a bench's or an import's thousands of entries written outside any transaction): the same entries the
 * writers produce, merged per shard and cut to updates of at most `perUpdate` entries (an expression holds 4 KB).
 */
export function bulkEntryUpdates(writes: TxWrite[], perUpdate = 150): TxWrite[] {
  const byShard = new Map<string, TxWrite[]>();
  for (const w of writes) {
    if (!w.entry) continue;
    const id = `${w.entry.key.pk}|${w.entry.key.sk}`;
    const list = byShard.get(id) ?? [];
    list.push(w);
    byShard.set(id, list);
  }
  return [...byShard.values()].flatMap((shardWrites) => {
    const chunks: TxWrite[] = [];
    for (let start = 0; start < shardWrites.length; start += perUpdate) {
      chunks.push(...mergeEntryWrites(shardWrites.slice(start, start + perUpdate)));
    }
    return chunks;
  });
}
