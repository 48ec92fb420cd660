import { config } from '../config';
import { ApiError, conflict } from '../errors';
import { batchGetAll } from './batches';
import { entryShardKey, putEntry, removeEntry, SHARD_VERSION } from './directory';
import type { Directory, Entry } from './table';
import { conflictPauseMs, transactWrite } from './transact';
import type { TxWrite } from './tx-write';

/**
 * The feeds of new documents that notifications read (portal §7 Notifications): a society's feed and its
 * group's feed, listing directories whose entries are 'Archivo añadido' notifications.
 *
 * Retention (docs/data-model.md): a feed is bounded by design, so an upload never fails because of its feed's history.
 * Each shard keeps its newest FEED_SHARD_CAP entries: the append that adds an entry removes the shard's oldest in the
 * same Update of the document's own transaction, guarded by the shard's version (`feed_version`), so two appends that
 * read the same shard cannot both add past the cap (the loser reads again; `writeWithFeeds`). A feed therefore holds
 * at least its newest FEED_SHARD_CAP entries and at most shards × FEED_SHARD_CAP; older notifications age out.
 */
export const FEED_SHARD_CAP = 256;
/**
 * What one append may remove: a shard filled before feeds were bounded (~50,000 entries, up to 400 KB) shrinks by this
 * many per append instead of in one Update whose expression would pass DynamoDB's 4 KB.
 */
const MAX_EVICTIONS_PER_APPEND = 200;
/** The shard's version attribute, which directory readers skip. */
export const FEED_VERSION = SHARD_VERSION;

/** A society's new documents, read by its users' notifications (notifications.ts). */
export const documentFeedOf = (society: string): Directory => ({ partition: `SOCIETY#${society}#DOC_FEED`, shards: 8 });
/**
 * A group's new documents, every society of it at once: what group-level roles read, so a group of any size is one
 * BatchGet. True because a society holding documents cannot change group (documentCreateWrites checks it).
 * Twice the society feed's shards: a group gathers many societies' documents.
 */
export const groupDocumentFeedOf = (group: string): Directory => ({ partition: `GROUP#${group}#DOC_FEED`, shards: 16 });

/** A document's entry in its society's and its group's feeds: file name, folder key, created; society (group feed). */
export interface FeedEntry {
  n: string;
  f: string;
  c: string;
  s?: string;
}

/** What a feed entry is made of: the document's name, place, creation, society and group. */
export interface FeedSource {
  uuid: string;
  society_uuid: string;
  group_uuid: string;
  file_name: string;
  folderKey: string;
  created: string;
}

export const targetsOf = (d: FeedSource) => {
  const entry: FeedEntry = { n: d.file_name, f: d.folderKey, c: d.created };
  return [
    { directory: documentFeedOf(d.society_uuid), entry },
    { directory: groupDocumentFeedOf(d.group_uuid), entry: { ...entry, s: d.society_uuid } },
  ];
};

/** Newest first: created, then id (the order notifications are shown in). */
export const newestFirst = (a: Entry<FeedEntry>, b: Entry<FeedEntry>) =>
  a.value.c < b.value.c ? 1 : a.value.c > b.value.c ? -1 : a.id < b.id ? 1 : -1;

/** The entries of a feed shard item (its version and keys left out). */
export function feedEntriesOf(item: Record<string, unknown> | undefined): Array<Entry<FeedEntry>> {
  return Object.entries(item ?? {})
    .filter(([name]) => name !== 'pk' && name !== 'sk' && name !== FEED_VERSION)
    .map(([id, value]) => ({ id, value: JSON.parse(value as string) as FeedEntry }));
}

/** The shard items an append or a rename touches, read strongly consistent in one BatchGet. */
export async function readShards(
  keys: Array<{ pk: string; sk: string }>,
): Promise<Array<Record<string, unknown> | undefined>> {
  const items = await batchGetAll({ [config.tableName]: { Keys: keys, ConsistentRead: true } });
  const found = new Map((items[config.tableName] ?? []).map((item) => [`${item.pk}|${item.sk}`, item]));
  return keys.map((k) => found.get(`${k.pk}|${k.sk}`));
}

/** A guard failed: another writer changed the shard since it was read. `writeWithFeeds` reads again. */
export class FeedMoved extends ApiError {
  constructor() {
    super(409, 'DATA_CONFLICT');
  }
}

/**
 * One guarded Update of a feed shard: sets the given entries, removes `evict`, and bumps the version, only if the
 * version is still the one read.
 */
export function guardedShardUpdate(
  key: { pk: string; sk: string },
  seenVersion: number | undefined,
  put: Array<Entry<FeedEntry>>,
  evict: string[],
): TxWrite {
  const names: Record<string, string> = { '#v': FEED_VERSION };
  const values: Record<string, unknown> = { ':next': (seenVersion ?? 0) + 1 };
  const sets = ['#v = :next'];
  put.forEach((e, i) => {
    names[`#p${i}`] = e.id;
    values[`:p${i}`] = JSON.stringify(e.value);
    sets.push(`#p${i} = :p${i}`);
  });
  const removes = evict.map((evicted, i) => {
    names[`#r${i}`] = evicted;
    return `#r${i}`;
  });
  if (seenVersion !== undefined) values[':seen'] = seenVersion;
  return {
    write: {
      Update: {
        TableName: config.tableName,
        Key: key,
        UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: seenVersion === undefined ? 'attribute_not_exists(#v)' : '#v = :seen',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
    onConditionFail: () => new FeedMoved(),
  };
}

export const versionOf = (shard: Record<string, unknown> | undefined) => shard?.[FEED_VERSION] as number | undefined;

/**
 * A new document's entry in both feeds, each shard trimmed to its newest FEED_SHARD_CAP entries (the new one
 * included) in the same guarded Update. One consistent BatchGet of the two shards it lands in.
 */
export async function feedAppendWrites(d: FeedSource): Promise<TxWrite[]> {
  const targets = targetsOf(d);
  const keys = targets.map((t) => entryShardKey(t.directory, d.uuid));
  const shards = await readShards(keys);
  return targets.map((t, i) => {
    const shard = shards[i];
    const older = feedEntriesOf(shard)
      .filter((e) => e.id !== d.uuid)
      .sort(newestFirst);
    const evict = older
      .slice(FEED_SHARD_CAP - 1)
      .slice(-MAX_EVICTIONS_PER_APPEND)
      .map((e) => e.id);
    return guardedShardUpdate(
      keys[i] as { pk: string; sk: string },
      versionOf(shard),
      [{ id: d.uuid, value: t.entry }],
      evict,
    );
  });
}

/**
 * A renamed document's entries, rewritten only where they are still kept: an entry that aged out stays out (a blind
 * write would bring it back past the cap). Guarded like an append.
 */
export async function feedRenameWrites(d: FeedSource): Promise<TxWrite[]> {
  const targets = targetsOf(d);
  const keys = targets.map((t) => entryShardKey(t.directory, d.uuid));
  const shards = await readShards(keys);
  return targets.flatMap((t, i) => {
    const shard = shards[i];
    const kept = feedEntriesOf(shard).find((e) => e.id === d.uuid);
    if (!kept) return [];
    // The notification keeps its place (created) and takes the new name.
    const value: FeedEntry = { ...t.entry, c: kept.value.c };
    return [guardedShardUpdate(keys[i] as { pk: string; sk: string }, versionOf(shard), [{ id: d.uuid, value }], [])];
  });
}

/** A deleted document's entries: removing never grows a shard, so no guard and no read. */
export const feedRemoveWrites = (d: Pick<FeedSource, 'uuid' | 'society_uuid' | 'group_uuid'>): TxWrite[] => [
  removeEntry(documentFeedOf(d.society_uuid), d.uuid),
  removeEntry(groupDocumentFeedOf(d.group_uuid), d.uuid),
];

/**
 * Bulk loads (bench, backfill): the feed entries of many documents as the appends would have left them, each shard cut
 * to its newest FEED_SHARD_CAP, for bulkEntryUpdates (blind SETs: only for shards nothing else writes meanwhile).
 */
export function feedBulkWrites(sources: FeedSource[]): TxWrite[] {
  const byShard = new Map<string, Array<{ directory: Directory; id: string; entry: FeedEntry }>>();
  for (const d of sources) {
    for (const t of targetsOf(d)) {
      const key = entryShardKey(t.directory, d.uuid);
      const list = byShard.get(`${key.pk}|${key.sk}`) ?? [];
      list.push({ directory: t.directory, id: d.uuid, entry: t.entry });
      byShard.set(`${key.pk}|${key.sk}`, list);
    }
  }
  return [...byShard.values()].flatMap((list) =>
    list
      .map((e) => ({ ...e, value: e.entry }))
      .sort(newestFirst)
      .slice(0, FEED_SHARD_CAP)
      .map((e) => putEntry(e.directory, e.id, e.entry)),
  );
}

/**
 * Writes a transaction that carries guarded feed writes: built again from fresh reads when another writer moved a
 * shard in between (two uploads landing in the same shard at once: a client's files sent together), as often and after
 * the same growing pauses as a transaction's clash (transact.ts), then 409.
 */
export async function writeWithFeeds(build: () => Promise<TxWrite[]>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await transactWrite(await build());
      return;
    } catch (error) {
      if (!(error instanceof FeedMoved)) throw error;
      const pause = conflictPauseMs(attempt);
      if (pause === undefined) throw conflict('DATA_CONFLICT');
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
