import { dynamo } from '../aws/dynamo';
import { QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { batchGet, MAX_ROWS_PER_ANSWER, rowsWithinBudget } from './list-index';
import {
  BUCKET_ROWS,
  BUCKET_SHARDS,
  bucketReadKeys,
  bucketStep,
  bucketsIn,
  compareKeys,
  readBuckets,
  rowId,
  TIE,
} from './order-buckets';
import { hashShard } from './shard-hash';
import { type Directory, type Entry, strip } from './table';
import type { TxWrite } from './tx-write';

/**
 * Sorted listing indexes (docs/decisions/list-paging.md). Beside its directory, a listing partition keeps one item per
 * entry and order, `LIST#<partition>` / `<order>#<value>#<id>`, holding the entry's JSON (`v`), so a page in that order
 * is one Query with Limit and the entries whose value starts with a prefix are one key range; and its count
 * in COUNTER_SHARDS items `LIST#<partition>` / `COUNT#<nn>` (`n`), chosen by the entry's id like directory shards, so
 * concurrent writers of one partition seldom touch the same item. Writers keep both in the entity's transaction, and
 * the bucket counts of each order (order-buckets.ts), which find a page at any offset in a bounded number of calls.
 */
export const COUNTER_SHARDS = BUCKET_SHARDS;
/** A sort key holds 1,024 bytes: values are cut to this many characters (a longer prefix matches on these). */
export const VALUE_CHARS = 200;
/** Up to this many rows before the page are skipped by reading them in the page's own Query. */
const DIRECT_ROWS = 2000;

/** The partition key of a directory's sorted index (its rows, counters, layouts and bucket counts). */
export const indexPk = (directory: Directory) => `LIST#${directory.partition}`;
/** The highest code point: a range up to prefix + this holds every value that starts with the prefix. */
const LAST_CHAR = '\u{10ffff}';

type CounterKey = { pk: string; sk: string };

/** The counter items of a partition (read with a page's rows; their `n` add up to the partition's entries). */
export const counterKeys = (directory: Directory) =>
  Array.from({ length: COUNTER_SHARDS }, (_, n) => ({
    pk: indexPk(directory),
    sk: `COUNT#${String(n).padStart(2, '0')}`,
  }));

/** One order an entry is listed in: its letter and its sort value (normalised by the entity's module). */
export interface IndexedValue {
  order: string;
  value: string;
  /**
   * Pages are read in this order by value then id, as lists sort in memory: the id follows the value after TIE,
   * lower than any character a value holds, so 'grupo a' comes before 'grupo a 2' ('#' would put it after, since a
   * space sorts below '#'). Orders only searched by prefix, or of fixed-length values, keep '#'.
   */
  ordered?: boolean;
  /**
   * Rewritten only when the entry's `core` changed (or the row's key moved), not for the rest of it: a row that keeps
   * an older copy of what is outside the core (a user's membership hints) until the entry's next real change.
   */
  lazy?: boolean;
}

/** An entry as the sorted index holds it: its id, its compact JSON-able value and the orders it is listed in. */
export interface Indexed {
  id: string;
  entry: unknown;
  /** What a lazy row is rewritten for (IndexedValue.lazy); the whole entry when absent. */
  core?: unknown;
  values: IndexedValue[];
}

const rowKey = (directory: Directory, { order, value, ordered }: IndexedValue, id: string) => ({
  pk: indexPk(directory),
  sk: ordered
    ? `${order}#${value.replaceAll('\u0000', '').replaceAll(TIE, '').slice(0, VALUE_CHARS)}${TIE}${id}`
    : `${order}#${value.slice(0, VALUE_CHARS)}#${id}`,
});

/**
 * The index writes of an entry entering (no before), changing (both) or leaving (no after) a partition, for the same
 * transaction as the entity's own write: rows whose key moved are deleted, rows whose key or JSON changed are put, the
 * count moves by one on entry and exit, and each row that moved leaves its bucket and enters another (or the same).
 * An entry unchanged writes nothing.
 */
export function indexWrites(directory: Directory, before: Indexed | undefined, after: Indexed | undefined): TxWrite[] {
  const id = (after ?? before)?.id as string;
  const keysOf = (x: Indexed | undefined) => (x?.values ?? []).map((v) => rowKey(directory, v, id));
  const beforeKeys = keysOf(before);
  const afterKeys = keysOf(after);
  const json = after && JSON.stringify(after.entry);
  const sameJson = before !== undefined && json === JSON.stringify(before.entry);
  const coreOf = (x: Indexed) => JSON.stringify(x.core ?? x.entry);
  const sameCore = before !== undefined && after !== undefined && coreOf(before) === coreOf(after);
  const kept = new Set(afterKeys.map((k) => k.sk));
  const had = new Set(beforeKeys.map((k) => k.sk));
  const deletes: TxWrite[] = beforeKeys
    .filter((k) => !kept.has(k.sk))
    .map((Key) => ({ write: { Delete: { TableName: config.tableName, Key } } }));
  const unchanged = (k: { sk: string }, i: number) => had.has(k.sk) && (after?.values[i]?.lazy ? sameCore : sameJson);
  const puts: TxWrite[] = afterKeys
    .filter((k, i) => !unchanged(k, i))
    .map((key) => ({ write: { Put: { TableName: config.tableName, Item: { ...key, v: json } } } }));
  const by = before && !after ? -1 : !before && after ? 1 : 0;
  // A step of the counter its id hashes to; transactWrite sums the steps of one item (mergeEntryWrites).
  const counter: TxWrite[] =
    by === 0
      ? []
      : [{ write: {}, count: { key: counterKeys(directory)[hashShard(id, COUNTER_SHARDS)] as CounterKey, by } }];
  const pk = indexPk(directory);
  const buckets: TxWrite[] = [
    ...beforeKeys.filter((k) => !kept.has(k.sk)).map((k) => bucketStep(pk, k.sk, -1)),
    ...afterKeys.filter((k) => !had.has(k.sk)).map((k) => bucketStep(pk, k.sk, 1)),
  ];
  return [...deletes, ...puts, ...counter, ...buckets];
}

type Key = Record<string, unknown>;

const entryOf = <T>(item: Record<string, unknown>): Entry<T> => {
  return { id: rowId(item.sk as string), value: JSON.parse(item.v as string) as T };
};

/** One Query of an order's rows (or of those starting with `prefix`), from `start`, at most `limit` rows. */
function queryRows(
  directory: Directory,
  order: string,
  options: {
    descending: boolean;
    limit?: number;
    start?: Key;
    prefix?: string;
    countOnly?: boolean;
    fence?: string;
    below?: string;
    /** The last key of the range, when neither the order's end nor a fence ends it. */
    to?: string;
  },
) {
  const prefixed = `${order}#${(options.prefix ?? '').slice(0, VALUE_CHARS)}`;
  // From a bucket's fence (order-buckets.ts) to the order's end or to the next fence (`below`), or a prefix's range.
  const from = options.fence ?? prefixed;
  const to = options.to ?? (options.below === undefined ? `${prefixed}${LAST_CHAR}` : justBelow(options.below));
  return dynamo.send(
    new QueryCommand({
      TableName: config.tableName,
      // A closed range rather than begins_with, which DynamoDB Local reads past the prefix and filters afterwards:
      // hundreds of ms for one match among 150,000 rows there (docs/decisions/list-paging.md).
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': indexPk(directory), ':from': from, ':to': to },
      ScanIndexForward: !options.descending,
      Limit: options.limit,
      ExclusiveStartKey: options.start,
      ...(options.countOnly ? { Select: 'COUNT' as const } : { ProjectionExpression: 'sk, v' }),
    }),
  );
}

/**
 * The highest key below `key` that any row may have: its last character (an id's: ASCII, never the lowest) one lower,
 * then the highest code point (BETWEEN is inclusive; a fence is the first row of the next bucket).
 */
const justBelow = (key: string) =>
  `${key.slice(0, -1)}${String.fromCharCode(key.charCodeAt(key.length - 1) - 1)}${LAST_CHAR}`;

/** Up to `limit` rows in order from `start` (a Query answers at most 1 MB: it goes on from where that one stopped). */
async function takeRows<T>(
  directory: Directory,
  order: string,
  descending: boolean,
  limit: number,
  start?: Key,
  range: { fence?: string; below?: string; prefix?: string } = {},
): Promise<Array<Entry<T>>> {
  const rows: Array<Entry<T>> = [];
  let from = start;
  while (rows.length < limit) {
    const out = await queryRows(directory, order, { descending, limit: limit - rows.length, start: from, ...range });
    rows.push(...(out.Items ?? []).map((item) => entryOf<T>(item)));
    from = out.LastEvaluatedKey;
    if (!from) break;
  }
  return rows;
}

/**
 * Where the row after the first `skip` rows starts: COUNT Queries, which send no rows back but read them (a Query
 * reads at most 1 MB: about 2,000 society rows per call). Undefined when the order holds no more.
 */
async function skipRows(directory: Directory, order: string, descending: boolean, skip: number, fence?: string) {
  let left = skip;
  let start: Key | undefined;
  while (left > 0) {
    const out = await queryRows(directory, order, { descending, limit: left, start, countOnly: true, fence });
    left -= out.Count ?? 0;
    start = out.LastEvaluatedKey;
    if (!start) return { start: undefined, exhausted: left > 0 };
  }
  return { start, exhausted: false };
}

/**
 * The page of an order from `offset`: read in the page's own Query while the rows before it are few. Deeper (the caller
 * read the partition's count first), the order's bucket counts (order-buckets.ts) say which bucket holds the page's
 * first row and how many of its rows come before it: one BatchGet, then one Query from that bucket's fence, whatever
 * the offset and the partition's size. An order of one bucket (a partition that never grew past SPLIT_ROWS) is skipped
 * from its nearer end by COUNT Queries, at most one or two.
 */
export async function readOrderPage<T>(
  directory: Directory,
  order: string,
  request: {
    descending: boolean;
    offset: number;
    limit: number;
    count?: number;
    direct?: number;
    /** The order's buckets when read already (readDeepCount); else read here. */
    buckets?: Buckets;
  },
): Promise<Array<Entry<T>>> {
  const { descending, offset, limit, count, direct = DIRECT_ROWS } = request;
  if (count === undefined || offset <= direct) {
    return (await takeRows<T>(directory, order, descending, offset + limit)).slice(offset);
  }
  if (offset >= count) return [];
  const buckets = 'buckets' in request ? request.buckets : await readBuckets(indexPk(directory), order);
  if (buckets && buckets.length > 1)
    return readFromBuckets<T>(directory, order, buckets, { descending, offset, limit });
  const take = Math.min(limit, count - offset);
  const fromEnd = count - offset - take;
  if (fromEnd < offset) {
    // From the other end: skip the rows after the page, read it backwards, turn it round.
    const skipped = await skipRows(directory, order, !descending, fromEnd);
    if (skipped.exhausted) return [];
    return (await takeRows<T>(directory, order, !descending, take, skipped.start)).reverse();
  }
  const skipped = await skipRows(directory, order, descending, offset);
  if (skipped.exhausted) return [];
  return takeRows<T>(directory, order, descending, take, skipped.start);
}

/**
 * A page located by bucket counts: its rows' positions in ascending key order, the bucket holding the first, and one
 * Query that skips the rows of that bucket before the page (ascending from its fence) or after it (descending from its
 * last row), whichever are fewer: at most half a bucket. A page in descending order is located in ascending positions
 * and turned round. The positions follow the buckets' own total, read with them.
 */
async function readFromBuckets<T>(
  directory: Directory,
  order: string,
  buckets: Array<{ fence: string; rows: number }>,
  request: { descending: boolean; offset: number; limit: number },
): Promise<Array<Entry<T>>> {
  const { descending, offset, limit } = request;
  const total = buckets.reduce((sum, b) => sum + b.rows, 0);
  const first = descending ? Math.max(0, total - offset - limit) : offset;
  const end = descending ? total - offset : Math.min(total, offset + limit);
  if (end <= first) return [];
  let before = 0;
  let at = 0;
  while (at < buckets.length - 1 && before + (buckets[at]?.rows ?? 0) <= first) {
    before += buckets[at]?.rows ?? 0;
    at += 1;
  }
  const fence = buckets[at]?.fence as string;
  const next = buckets[at + 1]?.fence;
  const skip = first - before;
  // The rows of the bucket after the page, when the page ends inside it: read from its last row when they are fewer.
  const bucketEnd = before + (buckets[at]?.rows ?? 0);
  const fromBack = end <= bucketEnd ? bucketEnd - end : Number.POSITIVE_INFINITY;
  let rows: Array<Entry<T>>;
  if (fromBack < skip && fromBack <= DIRECT_ROWS) {
    const back = await takeRows<T>(directory, order, true, fromBack + end - first, undefined, { fence, below: next });
    rows = back.slice(fromBack).reverse();
  } else if (skip <= DIRECT_ROWS) {
    rows = (await takeRows<T>(directory, order, false, skip + end - first, undefined, { fence })).slice(skip);
  } else {
    // A bucket not yet split (a rebalance lost a race): skipped by COUNT Queries from its fence.
    const skipped = await skipRows(directory, order, false, skip, fence);
    rows = skipped.exhausted ? [] : await takeRows<T>(directory, order, false, end - first, skipped.start, { fence });
  }
  return descending ? rows.reverse() : rows;
}

type Buckets = Array<{ fence: string; rows: number }> | undefined;

/** Whether a deep page needs the partition's count before its rows (readOrderPage): past the rows read directly. */
export const needsCountFirst = (offset: number) => offset > DIRECT_ROWS;

/**
 * A list's page in one order with its exact count: the page's entries (readOrderPage), then their rows in waves within
 * the answer's budget. `toRows` reads a wave's rows and, when given the directory, the partition's count in the same
 * call: the first wave reads it, unless a deep page had to read it first.
 */
export async function readCountedPage<T, R>(
  directory: Directory,
  order: string,
  request: { descending: boolean; offset: number; limit: number },
  toRows: (slice: Array<Entry<T>>, counted?: Directory) => Promise<{ rows: R[]; count?: number }>,
): Promise<{ count: number; results: R[] }> {
  const deep = needsCountFirst(request.offset) ? await readDeepCount(directory, order) : undefined;
  const page = await readOrderPage<T>(directory, order, {
    ...request,
    limit: Math.min(request.limit, MAX_ROWS_PER_ANSWER),
    ...(deep && { count: deep.count, buckets: deep.buckets }),
  });
  let count = deep?.count;
  const results = await rowsWithinBudget(page, async (slice) => {
    const out = await toRows(slice, count === undefined ? directory : undefined);
    count ??= out.count;
    return out.rows;
  });
  count ??= (await toRows([], directory)).count;
  return { count: count ?? 0, results };
}

/** How many rows of an order have keys from `from` to `to` (COUNT Queries: they read rows, send none). */
async function countBetween(directory: Directory, order: string, from: string, to: string): Promise<number> {
  let count = 0;
  let start: Key | undefined;
  do {
    const out = await queryRows(directory, order, { descending: false, start, countOnly: true, fence: from, to });
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * A page of the rows of an order whose value starts with `prefix`, in order, with how many there are, whatever the
 * partition holds beside them: the order's bucket counts (one BatchGet) say how many rows come before the range and
 * before its end, the buckets the range starts and ends in are counted up to it (two COUNT Queries of at most a
 * bucket each), and a page in the first half bucket of the range is read from its start (in parallel), a deeper one
 * from its bucket (readFromBuckets). Undefined while the order's buckets are laid out again (a rebalance in flight):
 * the caller reads its directory instead.
 */
export async function readPrefixPage<T>(
  directory: Directory,
  order: string,
  prefix: string,
  /** `nearRows`: pages starting up to this far into the range are read from its start (tests set 0). */
  request: { offset: number; limit: number; nearRows?: number },
): Promise<{ count: number; rows: Array<Entry<T>> } | undefined> {
  const { offset, nearRows = BUCKET_ROWS / 2 } = request;
  const limit = Math.min(request.limit, MAX_ROWS_PER_ANSWER);
  const from = `${order}#${prefix.slice(0, VALUE_CHARS)}`;
  const to = `${from}${LAST_CHAR}`;
  const near = offset <= nearRows;
  const [counted, nearPage] = await Promise.all([
    countRange(directory, order, from, to),
    near ? takeRows<T>(directory, order, false, offset + limit, undefined, { prefix }) : undefined,
  ]);
  if (!counted) return undefined;
  const { count, first, buckets } = counted;
  if (nearPage) return { count, rows: nearPage.slice(offset) };
  const take = Math.min(limit, count - offset);
  if (take <= 0) return { count, rows: [] };
  return {
    count,
    rows: await readFromBuckets<T>(directory, order, buckets, {
      descending: false,
      offset: first + offset,
      limit: take,
    }),
  };
}

/**
 * How many rows an order holds from `from` to `to`, and how many before `from` (its position), from the order's
 * bucket counts and two COUNT Queries of at most a bucket each; undefined while its layout is being replaced.
 */
async function countRange(directory: Directory, order: string, from: string, to: string) {
  const buckets = await readBuckets(indexPk(directory), order);
  if (!buckets) return undefined;
  // The rows of the buckets wholly before `key`, and the fence of the one that holds it.
  const before = (key: string) => {
    let rows = 0;
    let at = 0;
    while (at < buckets.length - 1 && compareKeys(buckets[at + 1]?.fence as string, key) <= 0) {
      rows += buckets[at]?.rows ?? 0;
      at += 1;
    }
    return { rows, fence: buckets[at]?.fence as string };
  };
  const start = before(from);
  const end = before(to);
  // No row key equals `from` (a row's value is followed by its id), so counting up to it counts the rows before it.
  const [toStart, toEnd] = await Promise.all([
    countBetween(directory, order, start.fence, from),
    countBetween(directory, order, end.fence, to),
  ]);
  const first = start.rows + toStart;
  return { count: end.rows + toEnd - first, first, buckets };
}

/** Every row of an order whose value starts with `prefix` (cost grows with the matches, not with the partition). */
export async function readPrefix<T>(directory: Directory, order: string, prefix: string): Promise<Array<Entry<T>>> {
  const rows: Array<Entry<T>> = [];
  let start: Key | undefined;
  do {
    const out = await queryRows(directory, order, { descending: false, start, prefix });
    rows.push(...(out.Items ?? []).map((item) => entryOf<T>(item)));
    start = out.LastEvaluatedKey;
  } while (start);
  return rows;
}

/** The sum of a partition's counters in items already read (a page's BatchGet carries them). */
export function countIn(found: Map<string, Record<string, unknown>>, directory: Directory): number {
  return counterKeys(directory).reduce((sum, k) => sum + Number(found.get(`${k.pk}|${k.sk}`)?.n ?? 0), 0);
}

/** A partition's count alone (one BatchGet of its counters), for a deep page that must pick its end first. */
export async function readCount(directory: Directory): Promise<number> {
  return countIn(await batchGet(counterKeys(directory)), directory);
}

/** A deep page's first read: the partition's count and the order's buckets (order-buckets.ts) in one BatchGet. */
export async function readDeepCount(directory: Directory, order: string): Promise<{ count: number; buckets: Buckets }> {
  const pk = indexPk(directory);
  const found = await batchGet([...counterKeys(directory), ...bucketReadKeys(pk, order)]);
  return { count: countIn(found, directory), buckets: bucketsIn(found, pk, order) };
}

/**
 * Items by key with the partition's count, in one BatchGet (a page's rows and the names they show, the parent whose
 * scope decides, and the counters): the records in the keys' order (missing ones left out).
 */
export async function getItemsCounted<T>(
  keyList: Array<{ pk: string; sk: string }>,
  directory: Directory,
): Promise<{ items: T[]; count: number }> {
  const found = await batchGet([...keyList, ...counterKeys(directory)]);
  const items = keyList.flatMap((k) => {
    const item = found.get(`${k.pk}|${k.sk}`);
    return item ? [strip(item) as T] : [];
  });
  return { items, count: countIn(found, directory) };
}

/** The rows of one entry in a partition, as items (bulk loads and backfills write them outside any transaction). */
export const indexRowItems = (directory: Directory, indexed: Indexed) => {
  const v = JSON.stringify(indexed.entry);
  return indexed.values.map((x) => ({ ...rowKey(directory, x, indexed.id), v }));
};

/** How many of these entries each counter item of the partition counts (bulk loads add them; backfills set them). */
export function counterCounts(
  directory: Directory,
  ids: string[],
): Array<{ key: { pk: string; sk: string }; n: number }> {
  const counts = new Array<number>(COUNTER_SHARDS).fill(0);
  for (const id of ids) {
    const shard = hashShard(id, COUNTER_SHARDS);
    counts[shard] = (counts[shard] ?? 0) + 1;
  }
  return counterKeys(directory).map((key, shard) => ({ key, n: counts[shard] ?? 0 }));
}

/** Every item of a partition's sorted index, rows and counters (backfills compare them with the directory). */
export async function readIndexItems(directory: Directory): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let start: Key | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': indexPk(directory) },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}
