import { beforeAll, describe, expect, test } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import { call } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { buildDocumentsWorld, uploadSmall } from './documents-fixture';

/**
 * Feed retention: a feed shard keeps its newest FEED_SHARD_CAP entries, trimmed in the append's own
 * transaction, so no upload fails because of a feed's history (unbounded, a group feed shard reached DynamoDB's 400 KB
 * after ~50,000 documents and every upload of the group failed). Thousands of documents spread over 16 shards would be
 * slow to write here, so the documents are given ids that all land in shard 0 of both feeds: the cap is reached after
 * FEED_SHARD_CAP documents, written through the data layer's own create (the same transaction as an upload's).
 */
const PDF = new TextEncoder().encode('%PDF-1.4\n% retención\n%%EOF\n');
const ITEM_LIMIT = 400 * 1024;

type World = Awaited<ReturnType<typeof buildDocumentsWorld>>;
let w: World;
let data: typeof import('../../functions/lib/data/documents');
let feeds: typeof import('../../functions/lib/data/document-feeds');
let directory: typeof import('../../functions/lib/data/directory');
let backfill: typeof import('../../functions/lib/data/documents-backfill');
let db: Awaited<ReturnType<typeof tableAccess>>;

beforeAll(async () => {
  w = await buildDocumentsWorld();
  db = await tableAccess();
  [data, feeds, directory, backfill] = await Promise.all([
    import('../../functions/lib/data/documents'),
    import('../../functions/lib/data/document-feeds'),
    import('../../functions/lib/data/directory'),
    import('../../functions/lib/data/documents-backfill'),
  ]);
}, 120_000);

/** Ids landing in shard 0 of both the society's feed (8 shards) and the group's (16). */
function idsInShardZero(count: number, society: string, group: string): string[] {
  const out: string[] = [];
  while (out.length < count) {
    const id = crypto.randomUUID();
    const inSociety = directory.entryShardKey(feeds.documentFeedOf(society), id).sk === 'SHARD#00';
    const inGroup = directory.entryShardKey(feeds.groupDocumentFeedOf(group), id).sk === 'SHARD#00';
    if (inSociety && inGroup) out.push(id);
  }
  return out;
}

/** The longest name an upload accepts (200 characters), in three-byte characters: the largest entry there is. */
const longName = (i: number) => `${'€'.repeat(190)} ${String(i).padStart(4, '0')}.pdf`;

function record(uuid: string, society: string, group: string, project: string, name: string, created: string) {
  return {
    uuid,
    society_uuid: society,
    group_uuid: group,
    project_uuid: project,
    folder_uuid: null,
    form: 'F29' as const,
    year: 2024,
    file_name: name,
    content_type: 'application/pdf',
    size: 1000,
    key: `documents/${society}/${uuid}`,
    created_by: 'test',
    created,
    updated: created,
    version: 1,
  };
}

const create = (d: ReturnType<typeof record>) => data.writeDocument(() => data.documentCreateWrites(d));

/** A shard item as stored, and its size as DynamoDB counts it (names and UTF-8 values; numbers at most 21 bytes). */
async function shard(partition: string) {
  const { Item } = await db.dynamo.send(
    new db.lib.GetCommand({
      TableName: db.tableName,
      Key: { pk: `DIR#${partition}`, sk: 'SHARD#00' },
      ConsistentRead: true,
    }),
  );
  const item = Item ?? {};
  const bytes = Object.entries(item).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(name) + (typeof value === 'string' ? Buffer.byteLength(value) : 21),
    0,
  );
  return { ids: feeds.feedEntriesOf(item).map((e) => e.id), bytes };
}

async function allNotifications(token: string) {
  const results: Array<{ uuid: string; read: boolean }> = [];
  let first: { count: number; unread: number } | undefined;
  for (let offset = 0; ; offset += 100) {
    const answer = await call(documents.listNotifications, { token, query: { limit: 100, offset } });
    expect(answer.status).toBe(200);
    first ??= answer.body;
    results.push(...answer.body.results);
    if (answer.body.results.length < 100) break;
  }
  return { count: first?.count ?? 0, unread: first?.unread ?? 0, ids: results.map((r) => r.uuid) };
}

describe('feed retention', () => {
  test('past the cap an upload still works, each shard keeps its newest entries, unread counts follow', async () => {
    const cap = feeds.FEED_SHARD_CAP;
    const extra = 40;
    const ids = idsInShardZero(cap + extra + 3, w.S, w.G);
    const base = Date.now() - 24 * 3600 * 1000;
    const at = (i: number) => new Date(base + i * 1000).toISOString();
    const docs = ids.map((id, i) => record(id, w.S, w.G, w.P, longName(i), at(i)));
    // Sequential past the cap, then three at once on the same full shard: the version guard keeps them within it.
    for (const d of docs.slice(0, cap + extra)) await create(d);
    await Promise.all(docs.slice(cap + extra).map(create));

    for (const partition of [`SOCIETY#${w.S}#DOC_FEED`, `GROUP#${w.G}#DOC_FEED`]) {
      const stored = await shard(partition);
      expect(stored.ids).toHaveLength(cap);
      // The newest `cap` of the documents written, the oldest aged out.
      expect(stored.ids.sort()).toEqual(
        docs
          .slice(-cap)
          .map((d) => d.uuid)
          .sort(),
      );
      // Entries this large are the worst case: the full shard stays well under DynamoDB's item limit.
      expect(stored.bytes).toBeGreaterThan(150_000);
      expect(stored.bytes).toBeLessThan(ITEM_LIMIT / 2);
    }

    // A real upload to the same society and group still works, and is the newest notification.
    const uploaded = await uploadSmall(w.tokens.paP, { society: w.S, form: 'F29', year: '2024' }, 'Retención.pdf', PDF);
    expect(uploaded.status).toBe(201);
    const newUuid = uploaded.body.uuid as string;
    // Where it landed decides whether it pushed one more of ours out of each feed's shard 0.
    const keptOfOurs = (feed: typeof feeds.documentFeedOf, scope: string) => {
      const inShardZero = directory.entryShardKey(feed(scope), newUuid).sk === 'SHARD#00';
      return docs.slice(inShardZero ? -(cap - 1) : -cap).map((d) => d.uuid);
    };

    const user = await allNotifications(w.tokens.user);
    const userKept = keptOfOurs(feeds.documentFeedOf, w.S);
    expect(user.ids[0]).toBe(newUuid);
    expect(user.count).toBe(userKept.length + 1);
    expect(user.ids.slice(1)).toEqual([...userKept].reverse());
    expect(user.unread).toBe(user.count);
    // The group's admin reads the group feed, trimmed the same way.
    const admin = await allNotifications(w.tokens.gaG);
    expect(admin.ids).toEqual([newUuid, ...keptOfOurs(feeds.groupDocumentFeedOf, w.G).reverse()]);
    expect(admin.unread).toBe(admin.count);

    // Read marks still count right: one, then all, then a new document is the one unread.
    await call(documents.markNotificationsRead, { token: w.tokens.user, body: { notification: newUuid } });
    expect((await allNotifications(w.tokens.user)).unread).toBe(user.count - 1);
    await call(documents.markNotificationsRead, { token: w.tokens.user, body: {} });
    expect((await allNotifications(w.tokens.user)).unread).toBe(0);
    const [later] = idsInShardZero(1, w.S, w.G);
    await create(record(later as string, w.S, w.G, w.P, 'Posterior.pdf', new Date(Date.now() + 1000).toISOString()));
    const after = await allNotifications(w.tokens.user);
    expect(after.unread).toBe(1);
    expect(after.ids[0]).toBe(later);
    expect((await shard(`SOCIETY#${w.S}#DOC_FEED`)).ids).toHaveLength(cap);
  }, 240_000);

  test('a shard filled before feeds were bounded (near 400 KB) takes uploads again and shrinks to the cap', async () => {
    const partition = `GROUP#${w.G2}#DOC_FEED`;
    const groupFeed = feeds.groupDocumentFeedOf(w.G2);
    // Legacy entries written as the unbounded feed did (blind SETs), until the shard is a few entries from the limit.
    const legacy = idsInShardZero(600, w.S2, w.G2).map((id, i) => ({
      id,
      value: { n: longName(i), f: 'TAX#F29#2024', c: new Date(Date.UTC(2020, 0, 1, 0, 0, i)).toISOString(), s: w.S2 },
    }));
    const filled: typeof legacy = [];
    let bytes = 200; // pk, sk
    for (const entry of legacy) {
      const size = Buffer.byteLength(entry.id) + Buffer.byteLength(JSON.stringify(entry.value));
      if (bytes + size > ITEM_LIMIT - 1_000) break;
      filled.push(entry);
      bytes += size;
    }
    const updates = directory.bulkEntryUpdates(
      filled.map((e) => directory.putEntry(groupFeed, e.id, e.value)),
      50,
    );
    for (const u of updates) await db.dynamo.send(new db.lib.UpdateCommand(u.write.Update as never));
    const before = await shard(partition);
    expect(before.ids).toHaveLength(filled.length);
    expect(before.bytes).toBeGreaterThan(ITEM_LIMIT - 2_000);
    console.log(`legacy shard: ${filled.length} entries, ${before.bytes} bytes`);

    // Two documents landing in that shard: each upload works and trims the shard back towards the cap.
    const [first, second] = idsInShardZero(2, w.S2, w.G2);
    await create(record(first as string, w.S2, w.G2, w.P, longName(9001), new Date().toISOString()));
    const once = await shard(partition);
    expect(once.ids).toContain(first);
    expect(once.ids.length).toBe(Math.max(feeds.FEED_SHARD_CAP, filled.length + 1 - 200));
    expect(once.bytes).toBeLessThan(before.bytes);
    await create(record(second as string, w.S2, w.G2, w.P, longName(9002), new Date().toISOString()));
    const twice = await shard(partition);
    expect(twice.ids).toHaveLength(feeds.FEED_SHARD_CAP);
    expect(twice.ids).toEqual(expect.arrayContaining([first, second]));
    // The oldest legacy entries went first.
    expect(twice.ids).not.toContain(filled[0]?.id);
    expect(twice.ids).toContain(filled.at(-1)?.id);
  }, 240_000);
});

describe('backfill (documents older than the group feeds and the project and group sizes)', () => {
  test('adds the missing entries once, within the retention; a second run changes nothing', async () => {
    const created = (i: number) => new Date(Date.UTC(2023, 5, 1, 12, 0, i)).toISOString();
    const docs = [1, 2, 3].map((i) => record(crypto.randomUUID(), w.SQ, w.GQ, w.Q, `Antiguo ${i}.pdf`, created(i)));
    for (const d of docs) await create(d);
    // As before the group feeds: no group entry for any of them; the third lacks its society entry too.
    const remove = (directoryOf: typeof feeds.documentFeedOf, scope: string, id: string) => {
      const write = directory.removeEntry(directoryOf(scope), id);
      const shardKey = write.entry?.key as { pk: string; sk: string };
      return db.dynamo.send(
        new db.lib.UpdateCommand({
          TableName: db.tableName,
          Key: shardKey,
          UpdateExpression: 'REMOVE #id',
          ExpressionAttributeNames: { '#id': id },
        }),
      );
    };
    for (const d of docs) await remove(feeds.groupDocumentFeedOf, w.GQ, d.uuid);
    await remove(feeds.documentFeedOf, w.SQ, docs[2]?.uuid as string);
    const notified = async () =>
      (await call(documents.listNotifications, { token: w.tokens.userQ, query: { limit: 100 } })).body.results.map(
        (n) => n.uuid,
      );
    expect(await notified()).toEqual([docs[1]?.uuid, docs[0]?.uuid]);

    const scanned = await backfill.scanDocuments(w.SQ);
    expect(scanned.map((d) => d.uuid).sort()).toEqual(docs.map((d) => d.uuid).sort());
    expect(await backfill.backfillDocumentFeeds(scanned)).toMatchObject({ added: 4 });

    expect(await notified()).toEqual([docs[2]?.uuid, docs[1]?.uuid, docs[0]?.uuid]);
    const groupFeed = await db.dynamo.send(
      new db.lib.BatchGetCommand({
        RequestItems: {
          [db.tableName]: { Keys: directory.directoryShardKeys(feeds.groupDocumentFeedOf(w.GQ)), ConsistentRead: true },
        },
      }),
    );
    const groupEntries = (groupFeed.Responses?.[db.tableName] ?? []).flatMap((item) => feeds.feedEntriesOf(item));
    expect(groupEntries.map((e) => e.id).sort()).toEqual(docs.map((d) => d.uuid).sort());
    expect(groupEntries.every((e) => e.value.s === w.SQ && e.value.f === 'TAX#F29#2024')).toBe(true);

    // Idempotent: nothing left to add.
    expect(await backfill.backfillDocumentFeeds(await backfill.scanDocuments(w.SQ))).toMatchObject({ added: 0 });
    expect(await notified()).toEqual([docs[2]?.uuid, docs[1]?.uuid, docs[0]?.uuid]);

    // Project and group sizes of a table from before those figures (the world of Q holds only these documents).
    const { groupDocumentStatsKey, projectDocumentStatsKey } = await import('../../functions/lib/data/folders');
    for (const key of [groupDocumentStatsKey(w.GQ), projectDocumentStatsKey(w.Q)]) {
      await db.dynamo.send(new db.lib.DeleteCommand({ TableName: db.tableName, Key: key }));
    }
    const rowSize = async (query: Record<string, string>, uuid: string) =>
      (await call(folders.listFolders, { token: w.tokens.paQ, query })).body.results.find((r) => r.uuid === uuid)?.size;
    expect(await rowSize({}, w.Q)).toBe(0);
    for (let run = 0; run < 2; run++) {
      expect(await backfill.backfillHierarchyStats(scanned)).toEqual({ groups: 1, projects: 1 });
      expect(await rowSize({}, w.Q)).toBe(3000);
      expect(await rowSize({ project: w.Q }, w.GQ)).toBe(3000);
      expect(await rowSize({ project: w.Q, group: w.GQ }, w.SQ)).toBe(3000);
    }
  }, 120_000);
});
