import { dynamo } from '../aws/dynamo';
import { ScanCommand, UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { entryShardKey } from './directory';
import {
  FEED_SHARD_CAP,
  type FeedEntry,
  FeedMoved,
  feedEntriesOf,
  guardedShardUpdate,
  newestFirst,
  readShards,
  targetsOf,
  versionOf,
} from './document-feeds';
import { type DocumentRecord, folderKeyOf } from './documents';
import { groupDocumentStatsKey, projectDocumentStatsKey } from './folders';
import type { Entry } from './table';
import { transactWrite } from './transact';

/**
 * One-off maintenance: documents created before the group feeds existed have no entry in their group's feed
 * (and any document may lack one in its society's). `local/backfill-document-feeds.ts` runs this against a table.
 * Never on a request path: it scans.
 */

/** Every document of the table (or of one society), by a paginated Scan. */
export async function scanDocuments(society?: string): Promise<DocumentRecord[]> {
  const out: DocumentRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new ScanCommand({
        TableName: config.tableName,
        FilterExpression: `sk = :sk AND begins_with(pk, :pk)${society ? ' AND society_uuid = :s' : ''}`,
        ExpressionAttributeValues: { ':sk': 'DOCUMENT', ':pk': 'DOCUMENT#', ...(society && { ':s': society }) },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const { pk: _pk, sk: _sk, ...record } = item;
      out.push(record as DocumentRecord);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Per round and shard: how many entries one guarded Update sets or removes (its expression stays within 4 KB). */
const PER_ROUND = 100;

/**
 * Gives every document its feed entries as the appends would have, within the retention: per shard, the newest
 * FEED_SHARD_CAP of (what it holds ∪ its documents) are kept. Idempotent (a second run finds nothing to do) and safe on
 * a live table: each round is guarded by the shard's version and read again when an upload moved it. Never grows a
 * shard past max(its size, the cap).
 */
export async function backfillDocumentFeeds(documents: DocumentRecord[]): Promise<{ shards: number; added: number }> {
  const wanted = new Map<string, { key: { pk: string; sk: string }; entries: Map<string, FeedEntry> }>();
  for (const d of documents) {
    for (const t of targetsOf({ ...d, folderKey: folderKeyOf(d) })) {
      const key = entryShardKey(t.directory, d.uuid);
      const shard = wanted.get(`${key.pk}|${key.sk}`) ?? { key, entries: new Map() };
      shard.entries.set(d.uuid, t.entry);
      wanted.set(`${key.pk}|${key.sk}`, shard);
    }
  }
  let added = 0;
  for (const { key, entries } of wanted.values()) {
    for (;;) {
      const [shard] = await readShards([key]);
      const present = feedEntriesOf(shard);
      const presentIds = new Set(present.map((e) => e.id));
      const missing: Array<Entry<FeedEntry>> = [...entries]
        .filter(([id]) => !presentIds.has(id))
        .map(([id, value]) => ({ id, value }));
      const keep = new Set(
        [...present, ...missing]
          .sort(newestFirst)
          .slice(0, FEED_SHARD_CAP)
          .map((e) => e.id),
      );
      const remove = present.filter((e) => !keep.has(e.id)).slice(0, PER_ROUND);
      const room = remove.length + Math.max(0, FEED_SHARD_CAP - present.length);
      const put = missing.filter((e) => keep.has(e.id)).slice(0, Math.min(PER_ROUND, room));
      if (put.length === 0 && remove.length === 0) break;
      try {
        await transactWrite([
          guardedShardUpdate(
            key,
            versionOf(shard),
            put,
            remove.map((e) => e.id),
          ),
        ]);
        added += put.length;
      } catch (error) {
        if (!(error instanceof FeedMoved)) throw error;
      }
    }
  }
  return { shards: wanted.size, added };
}

/**
 * The size figures of project and group rows (folders.ts hierarchy stats) from every document of the table: set, not
 * added, so a second run changes nothing. Only for a scan of the whole table (a group's total needs all its
 * societies), at a quiet time: an upload landing between the scan and these writes is counted again by a second run.
 */
export async function backfillHierarchyStats(
  documents: DocumentRecord[],
): Promise<{ groups: number; projects: number }> {
  const byGroup = new Map<string, Map<string, { size: number; files: number }>>();
  const byProject = new Map<string, Map<string, { size: number; files: number }>>();
  const add = (
    into: Map<string, Map<string, { size: number; files: number }>>,
    at: string,
    part: string,
    size: number,
  ) => {
    const parts = into.get(at) ?? new Map();
    const figure = parts.get(part) ?? { size: 0, files: 0 };
    parts.set(part, { size: figure.size + size, files: figure.files + 1 });
    into.set(at, parts);
  };
  for (const d of documents) {
    add(byGroup, d.group_uuid, d.society_uuid, d.size);
    add(byProject, d.project_uuid, d.group_uuid, d.size);
  }
  // Totals first, then the parts in Updates of 60 (an expression holds 4 KB).
  const write = async (key: { pk: string; sk: string }, parts: Map<string, { size: number; files: number }>) => {
    const list = [...parts];
    const total = list.reduce((sum, [, f]) => ({ size: sum.size + f.size, files: sum.files + f.files }), {
      size: 0,
      files: 0,
    });
    const chunks: Array<Array<[string, { size: number; files: number }]>> = [[['ALL', total]]];
    for (let i = 0; i < list.length; i += 60) chunks.push(list.slice(i, i + 60));
    for (const chunk of chunks) {
      const names: Record<string, string> = {};
      const values: Record<string, number> = {};
      const sets = chunk.flatMap(([part, figure], i) => {
        names[`#s${i}`] = `s:${part}`;
        names[`#f${i}`] = `f:${part}`;
        values[`:s${i}`] = figure.size;
        values[`:f${i}`] = figure.files;
        return [`#s${i} = :s${i}`, `#f${i} = :f${i}`];
      });
      await dynamo.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: key,
          UpdateExpression: `SET ${sets.join(', ')}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    }
  };
  for (const [group, parts] of byGroup) await write(groupDocumentStatsKey(group), parts);
  for (const [project, parts] of byProject) await write(projectDocumentStatsKey(project), parts);
  return { groups: byGroup.size, projects: byProject.size };
}
