import { AwsError } from '../aws/aws-client';
import { dynamo } from '../aws/dynamo';
import { QueryCommand, TransactWriteCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { batchGetAll, batchWriteAll } from './batches';
import { batchGet } from './list-index';
import { hashShard } from './shard-hash';
import type { TxWrite } from './tx-write';

/**
 * Bucket counts of a sorted index's orders (docs/decisions/list-paging.md, "Pages at any offset"): an order's rows are
 * cut into buckets, ranges of sort keys that start at a fence key, and each bucket's rows are counted, so the page at
 * any offset is found by one read of the counts and one Query from its bucket's fence with a short skip.
 *
 * - The layout `LIST#<partition>` / `BUCKETS#<order>`: the fences (`f`, JSON of [bucket id, fence key] in key order),
 *   its version (`fv`) and the next bucket id (`next`). Absent: version 0, one bucket '0' holding the whole order.
 * - The counts, in BUCKET_SHARDS items `LIST#<partition>` / `BCOUNT#<nn>` chosen by the entry's id as the partition's
 *   counters are: `n_<order>_<bucket>` rows of that bucket whose id hashes there, `fv_<order>` the layout version the
 *   counts follow, `w` a step for every change counted (what a split conditions on).
 *
 * A writer steps the counts of the buckets its rows leave and enter, in the entity's transaction, on the count item its
 * id hashes to (one Update per partition, whatever the orders), conditioned on the layout version it found them in.
 * A rebalance (a bucket past SPLIT_ROWS split, neighbours that fit in BUCKET_ROWS merged) writes the new layout and
 * every count item in one transaction conditioned on the version and on each item's `w`: a writer that raced it fails
 * its condition and finds the buckets again (transact.ts); a rebalance that raced a writer gives up.
 */
export const BUCKET_SHARDS = 16;
/** Rows of a bucket cut by a rebalance (a Query of them reads ~0.5 MB of society rows: one call). */
export const BUCKET_ROWS = 1000;
/** A bucket past this many rows is split (the page's skip into it still fits one Query of 1 MB). */
export const SPLIT_ROWS = 2000;
/** One insert in SAMPLE (by its key's hash) looks whether its order wants a rebalance afterwards. */
const SAMPLE = 32;

export interface BucketSizes {
  rows: number;
  split: number;
}
const DEFAULT_SIZES: BucketSizes = { rows: BUCKET_ROWS, split: SPLIT_ROWS };

export const LAYOUT_PREFIX = 'BUCKETS#';
export const BUCKET_COUNT_PREFIX = 'BCOUNT#';
/** The highest code point: a range up to a prefix + this holds every key that starts with it. */
const LAST_CHAR = '\u{10ffff}';
/** Separates an ordered row's value from its id (sorted-index.ts). */
export const TIE = '\u0001';

type Key = { pk: string; sk: string };
type Item = Record<string, unknown>;

export const layoutKey = (pk: string, order: string): Key => ({ pk, sk: `${LAYOUT_PREFIX}${order}` });
export const bucketCountKeys = (pk: string): Key[] =>
  Array.from({ length: BUCKET_SHARDS }, (_, n) => ({ pk, sk: `${BUCKET_COUNT_PREFIX}${String(n).padStart(2, '0')}` }));
const shardOfId = (id: string) => hashShard(id, BUCKET_SHARDS);
export const bucketCountKey = (pk: string, id: string): Key => bucketCountKeys(pk)[shardOfId(id)] as Key;

const countName = (order: string, bucket: string) => `n_${order}_${bucket}`;
const versionName = (order: string) => `fv_${order}`;
const idOf = (k: Key) => `${k.pk}|${k.sk}`;

/** The id of an index row, after its value (ids hold neither '#' nor TIE; a value may hold '#'). */
export const rowId = (sk: string) => sk.slice(Math.max(sk.lastIndexOf('#'), sk.lastIndexOf(TIE)) + 1);
/** The order of an index row: the letters before its first '#'. */
export const rowOrder = (sk: string) => sk.slice(0, sk.indexOf('#'));
/** Whether an item of a `LIST#` partition is one of its rows (not a counter, a layout or a bucket count). */
export const isIndexRow = (sk: string) =>
  !sk.startsWith('COUNT#') && !sk.startsWith(LAYOUT_PREFIX) && !sk.startsWith(BUCKET_COUNT_PREFIX);

export interface Layout {
  version: number;
  next: number;
  /** [bucket id, fence key], in key order; the first fence is the order's lowest key. */
  fences: Array<[string, string]>;
}
const emptyLayout = (order: string): Layout => ({ version: 0, next: 1, fences: [['0', `${order}#`]] });
const layoutOf = (item: Item | undefined, order: string): Layout =>
  item ? { version: Number(item.fv), next: Number(item.next), fences: JSON.parse(String(item.f)) } : emptyLayout(order);

/** DynamoDB orders sort keys by their UTF-8 bytes (JavaScript's < by UTF-16 units differs above U+FFFF). */
export const compareKeys = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The bucket holding a row: the one of the last fence at or below its key. */
export function bucketOf(layout: Layout, row: string): string {
  let low = 0;
  let high = layout.fences.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (compareKeys((layout.fences[mid] as [string, string])[1], row) <= 0) low = mid;
    else high = mid - 1;
  }
  return (layout.fences[low] as [string, string])[0];
}

/** The steps of a row leaving (-1) or entering (+1) its order's buckets, for the entity's transaction. */
export const bucketStep = (pk: string, row: string, by: number): TxWrite => ({
  write: {},
  bucket: { key: bucketCountKey(pk, rowId(row)), order: rowOrder(row), row, by },
});

/** Layouts this container has read, by table, partition and order; a stale one fails its condition and is read again. */
const layouts = new Map<string, Layout>();
const cacheId = (pk: string, order: string) => `${config.tableName}|${pk}|${order}`;

async function consistentGet(keys: Key[]): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  for (let start = 0; start < keys.length; start += 100) {
    const out = await batchGetAll({
      [config.tableName]: { Keys: keys.slice(start, start + 100), ConsistentRead: true },
    });
    for (const item of out[config.tableName] ?? []) found.set(idOf(item as Key), item);
  }
  return found;
}

/**
 * Finds the bucket of every step's row from its order's layout: the one this container last read, else read now
 * (`fresh`: read again, after a transaction's condition said a layout moved).
 */
export async function resolveBucketSteps(writes: TxWrite[], fresh = false): Promise<void> {
  const steps = writes.flatMap((w) => (w.bucket ? [w.bucket] : []));
  const wanted = new Map<string, Key & { order: string }>();
  for (const step of steps) {
    const id = cacheId(step.key.pk, step.order);
    if (fresh || !layouts.has(id)) wanted.set(id, { ...layoutKey(step.key.pk, step.order), order: step.order });
  }
  if (wanted.size > 0) {
    const found = await consistentGet([...wanted.values()].map(({ pk, sk }) => ({ pk, sk })));
    for (const [id, key] of wanted) layouts.set(id, layoutOf(found.get(idOf(key)), key.order));
  }
  for (const step of steps) {
    const layout = layouts.get(cacheId(step.key.pk, step.order)) as Layout;
    step.bucket = bucketOf(layout, step.row);
    step.layout = layout.version;
  }
}

/**
 * The steps of one count item summed into one Update (a transaction touches an item once): `ADD` on each bucket's
 * count and on `w`, conditioned on each order's layout version (steps not yet resolved count in bucket '0').
 */
export function mergeBucketWrites(writes: TxWrite[]): TxWrite[] {
  const items = new Map<string, { key: Key; counts: Map<string, number>; versions: Map<string, number> }>();
  for (const { bucket: step } of writes) {
    if (!step) continue;
    const item = items.get(idOf(step.key)) ?? { key: step.key, counts: new Map(), versions: new Map() };
    const name = countName(step.order, step.bucket ?? '0');
    item.counts.set(name, (item.counts.get(name) ?? 0) + step.by);
    item.versions.set(step.order, step.layout ?? 0);
    items.set(idOf(step.key), item);
  }
  return [...items.values()].map(({ key, counts, versions }): TxWrite => {
    const names: Record<string, string> = { '#w': 'w' };
    const values: Record<string, number> = { ':one': 1 };
    const adds = ['#w :one'];
    [...counts]
      .filter(([, by]) => by !== 0)
      .forEach(([name, by], i) => {
        names[`#c${i}`] = name;
        values[`:c${i}`] = by;
        adds.push(`#c${i} :c${i}`);
      });
    const conditions = [...versions].map(([order, version], i) => {
      names[`#v${i}`] = versionName(order);
      if (version === 0) return `attribute_not_exists(#v${i})`;
      values[`:v${i}`] = version;
      return `#v${i} = :v${i}`;
    });
    return {
      write: {
        Update: {
          TableName: config.tableName,
          Key: key,
          UpdateExpression: `ADD ${adds.join(', ')}`,
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
      staleLayout: true,
    };
  });
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** What an order's buckets are read from: its layout and the partition's count items. */
export const bucketReadKeys = (pk: string, order: string): Key[] => [layoutKey(pk, order), ...bucketCountKeys(pk)];

/**
 * An order's buckets with their row counts, in key order, from the items of bucketReadKeys (read in one BatchGet with
 * whatever else the page reads); undefined when they belong to two layouts (a rebalance landed between them).
 */
export function bucketsIn(
  found: Map<string, Item>,
  pk: string,
  order: string,
): Array<{ fence: string; rows: number }> | undefined {
  const layout = layoutOf(found.get(idOf(layoutKey(pk, order))), order);
  const counts = bucketCountKeys(pk).map((k) => found.get(idOf(k)));
  if (counts.some((c) => Number(c?.[versionName(order)] ?? 0) !== layout.version)) return undefined;
  return layout.fences.map(([bucket, fence]) => ({
    fence,
    rows: sum(counts.map((c) => Number(c?.[countName(order, bucket)] ?? 0))),
  }));
}

/** An order's buckets with their row counts (bucketsIn), read alone. */
export async function readBuckets(pk: string, order: string) {
  return bucketsIn(await batchGet(bucketReadKeys(pk, order)), pk, order);
}

/** The keys of an order's rows from `from` on, at most `limit`, read strongly (what a split cuts). */
async function rowKeysFrom(pk: string, order: string, from: string, limit: number): Promise<string[]> {
  const keys: string[] = [];
  let start: Item | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': `${order}#${LAST_CHAR}` },
        ProjectionExpression: 'sk',
        ConsistentRead: true,
        Limit: limit - keys.length,
        ExclusiveStartKey: start,
      }),
    );
    keys.push(...(out.Items ?? []).map((item) => String(item.sk)));
    start = out.LastEvaluatedKey;
  } while (start && keys.length < limit);
  return keys;
}

const shardCounts = (rows: string[]) => {
  const counts = new Array<number>(BUCKET_SHARDS).fill(0);
  for (const row of rows) counts[shardOfId(rowId(row))] = (counts[shardOfId(rowId(row))] ?? 0) + 1;
  return counts;
};

/** Sorted rows cut into pieces of at most `rows`, as even as they go. */
function pieces(sorted: string[], rows: number): string[][] {
  const count = Math.max(1, Math.ceil(sorted.length / rows));
  const size = Math.ceil(sorted.length / count);
  return Array.from({ length: count }, (_, i) => sorted.slice(i * size, (i + 1) * size)).filter((p) => p.length > 0);
}

interface Bucket {
  bucket: string;
  fence: string;
  shards: number[];
}

/**
 * Rebalances one order's buckets: neighbours whose rows fit in `rows` merged, a bucket past `split` cut into pieces of
 * `rows` (its rows read strongly and checked against its counts). One transaction writes the new layout and every
 * count item, conditioned on the layout's version and each item's `w`, so it lands only if no writer counted anything
 * since it read them. Answers whether it changed the layout (false when there was nothing to do or it lost a race).
 */
export async function rebalanceOrder(pk: string, order: string, sizes: BucketSizes = DEFAULT_SIZES): Promise<boolean> {
  const countKeys = bucketCountKeys(pk);
  const found = await consistentGet([layoutKey(pk, order), ...countKeys]);
  const layout = layoutOf(found.get(idOf(layoutKey(pk, order))), order);
  const counts = countKeys.map((k) => found.get(idOf(k)));
  if (counts.some((c) => Number(c?.[versionName(order)] ?? 0) !== layout.version)) return false;
  const buckets: Bucket[] = layout.fences.map(([bucket, fence]) => ({
    bucket,
    fence,
    shards: counts.map((c) => Number(c?.[countName(order, bucket)] ?? 0)),
  }));
  const merged: Bucket[] = [];
  for (const b of buckets) {
    const last = merged.at(-1);
    if (last && sum(last.shards) + sum(b.shards) <= sizes.rows) {
      last.shards = last.shards.map((n, h) => n + (b.shards[h] ?? 0));
    } else merged.push({ ...b });
  }
  let next = layout.next;
  const cut: Bucket[] = [];
  for (const [i, b] of merged.entries()) {
    const rows = sum(b.shards);
    if (rows <= sizes.split) {
      cut.push(b);
      continue;
    }
    const nextFence = merged[i + 1]?.fence;
    const keys = (await rowKeysFrom(pk, order, b.fence, rows + 1)).filter(
      (k) => nextFence === undefined || compareKeys(k, nextFence) < 0,
    );
    // A writer counted a change since the counts were read: leave it to a later rebalance.
    if (shardCounts(keys).some((n, h) => n !== b.shards[h])) return false;
    for (const [p, piece] of pieces(keys, sizes.rows).entries()) {
      cut.push({
        bucket: p === 0 ? b.bucket : (next++).toString(36),
        fence: p === 0 ? b.fence : (piece[0] as string),
        shards: shardCounts(piece),
      });
    }
  }
  const same = cut.length === buckets.length && cut.every((b, i) => b.bucket === buckets[i]?.bucket);
  if (same) return false;
  const after: Layout = { version: layout.version + 1, next, fences: cut.map((b) => [b.bucket, b.fence]) };
  const dropped = buckets.map((b) => b.bucket).filter((id) => !cut.some((b) => b.bucket === id));
  const countWrites = countKeys.map((key, h) => {
    const names: Record<string, string> = { '#v': versionName(order), '#w': 'w' };
    const values: Record<string, unknown> = { ':v': after.version };
    const sets = ['#v = :v'];
    cut.forEach((b, i) => {
      names[`#c${i}`] = countName(order, b.bucket);
      values[`:c${i}`] = b.shards[h] ?? 0;
      sets.push(`#c${i} = :c${i}`);
    });
    const removes = dropped.map((id, i) => {
      names[`#d${i}`] = countName(order, id);
      return `#d${i}`;
    });
    const w = counts[h]?.w;
    if (w !== undefined) values[':w'] = w;
    return {
      Update: {
        TableName: config.tableName,
        Key: key,
        UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: w === undefined ? 'attribute_not_exists(#w)' : '#w = :w',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  });
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: config.tableName,
              Item: { ...layoutKey(pk, order), ...layoutItem(after) },
              ConditionExpression: layout.version === 0 ? 'attribute_not_exists(pk)' : 'fv = :fv',
              ...(layout.version > 0 && { ExpressionAttributeValues: { ':fv': layout.version } }),
            },
          },
          ...countWrites,
        ],
      }),
    );
  } catch (error) {
    // A writer or another rebalance got there first: the buckets stay exact, only less even.
    if (error instanceof AwsError && error.name === 'TransactionCanceledException') return false;
    throw error;
  }
  layouts.set(cacheId(pk, order), after);
  return true;
}

const layoutItem = (layout: Layout) => ({ f: JSON.stringify(layout.fences), fv: layout.version, next: layout.next });

/**
 * After a transaction landed: the orders that one of its inserts samples (one in SAMPLE, by the row's key) are
 * rebalanced if they want it. Best effort: the counts are exact whatever happens here; an uneven layout only costs a
 * deep page a longer skip.
 */
export async function rebalanceSampled(writes: TxWrite[], sizes: BucketSizes = DEFAULT_SIZES): Promise<void> {
  const orders = new Map<string, { pk: string; order: string }>();
  for (const { bucket: step } of writes) {
    if (step && step.by > 0 && hashShard(step.row, SAMPLE) === 0)
      orders.set(`${step.key.pk}|${step.order}`, { pk: step.key.pk, order: step.order });
  }
  for (const { pk, order } of orders.values()) {
    try {
      await rebalanceOrder(pk, order, sizes);
    } catch {
      // Maintenance only: the write it follows has landed and answers as such.
    }
  }
}

/** The count of each bucket per shard that `rows` make under a layout, by order (what the items should hold). */
function expectedCounts(rows: string[], layoutFor: (order: string) => Layout): Map<string, number[]> {
  const expected = new Map<string, number[]>();
  for (const row of rows) {
    const order = rowOrder(row);
    const name = countName(order, bucketOf(layoutFor(order), row));
    const shards = expected.get(name) ?? new Array<number>(BUCKET_SHARDS).fill(0);
    shards[shardOfId(rowId(row))] = (shards[shardOfId(rowId(row))] ?? 0) + 1;
    expected.set(name, shards);
  }
  return expected;
}

/**
 * Where a partition's layouts and bucket counts (among `items`, its index items) disagree with its rows (`rows`, the
 * rows' keys): empty when they are exact. The backfill rewrites a partition that has any; tests assert none.
 */
export function bucketMismatches(pk: string, rows: string[], items: Item[]): string[] {
  const bySk = new Map(items.map((item) => [String(item.sk), item]));
  const layoutFor = (order: string) => layoutOf(bySk.get(layoutKey(pk, order).sk), order);
  const expected = expectedCounts(rows, layoutFor);
  const problems: string[] = [];
  bucketCountKeys(pk).forEach((key, h) => {
    const item = bySk.get(key.sk) ?? {};
    for (const [name, value] of Object.entries(item)) {
      if (name.startsWith('fv_') && Number(value) !== layoutFor(name.slice(3)).version)
        problems.push(`${key.sk} ${name} ${value}`);
      if (name.startsWith('n_') && Number(value) !== (expected.get(name)?.[h] ?? 0))
        problems.push(`${key.sk} ${name} ${value} != ${expected.get(name)?.[h] ?? 0}`);
    }
    for (const [name, shards] of expected) {
      if ((shards[h] ?? 0) !== 0 && item[name] === undefined) problems.push(`${key.sk} ${name} missing`);
    }
    for (const order of new Set(rows.map(rowOrder))) {
      if (Number(item[versionName(order)] ?? 0) !== layoutFor(order).version) problems.push(`${key.sk} fv_${order}`);
    }
  });
  return problems;
}

/**
 * A partition's layouts and bucket counts made from its rows' keys (buckets of `sizes.rows` in each order), as items
 * that replace the ones `items` holds: each layout's version one past the one it replaces, so a writer that found the
 * old one fails its condition. The backfill and bulk loads write them, outside any transaction.
 */
export function bucketItems(pk: string, rows: string[], items: Item[], sizes: BucketSizes = DEFAULT_SIZES): Item[] {
  const bySk = new Map(items.map((item) => [String(item.sk), item]));
  const byOrder = new Map<string, string[]>();
  for (const row of rows) byOrder.set(rowOrder(row), [...(byOrder.get(rowOrder(row)) ?? []), row]);
  for (const item of items) {
    const sk = String(item.sk);
    if (sk.startsWith(LAYOUT_PREFIX) && !byOrder.has(sk.slice(LAYOUT_PREFIX.length)))
      byOrder.set(sk.slice(LAYOUT_PREFIX.length), []);
  }
  const made = new Map<string, Layout>();
  for (const [order, orderRows] of byOrder) {
    const sorted = [...orderRows].sort(compareKeys);
    const fences = pieces(sorted, sizes.rows).map((piece, i): [string, string] => [
      i.toString(36),
      i === 0 ? `${order}#` : (piece[0] as string),
    ]);
    const previous = layoutOf(bySk.get(layoutKey(pk, order).sk), order);
    made.set(order, {
      version: previous.version + 1,
      next: Math.max(fences.length, 1),
      fences: fences.length > 0 ? fences : emptyLayout(order).fences,
    });
  }
  const expected = expectedCounts(rows, (order) => made.get(order) as Layout);
  const counts = bucketCountKeys(pk).map((key, h) => {
    const item: Item = { ...key, w: 0 };
    for (const [order, layout] of made) item[versionName(order)] = layout.version;
    for (const [name, shards] of expected) if ((shards[h] ?? 0) > 0) item[name] = shards[h];
    return item;
  });
  return [...[...made].map(([order, layout]) => ({ ...layoutKey(pk, order), ...layoutItem(layout) })), ...counts];
}

/**
 * Rebuilds a partition's layouts and bucket counts from its rows (read strongly, one Query per MB): bulk loads, which
 * write rows outside the writers' transactions, call it once they are done, as writes are quiet.
 */
export async function relayoutPartition(pk: string, sizes: BucketSizes = DEFAULT_SIZES): Promise<void> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  const rows = items.map((item) => String(item.sk)).filter(isIndexRow);
  const puts = bucketItems(pk, rows, items, sizes).map((Item) => ({ PutRequest: { Item } }));
  for (let i = 0; i < puts.length; i += 25) await batchWriteAll({ [config.tableName]: puts.slice(i, i + 25) });
  for (const order of new Set(rows.map(rowOrder))) layouts.delete(cacheId(pk, order));
}
