import { config } from '../config';
import { batchGetExtra } from './batch-get-extras';
import { batchGetAll } from './batches';
import { type Entry, strip } from './table';

/**
 * Lists (count, search, ordering, limit/offset) page the entries of listing directories (directory.ts) in memory:
 * exact counts, accent- and case-free substring search, any offset, then the page's items in one batch.
 */

/** Lower case without accents, so 'Peñalolén' is found by 'penalolen'. */
export function normalizeSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

export function searchText(...parts: Array<string | null | undefined>): string {
  return normalizeSearch(parts.filter(Boolean).join(' '));
}

/** How a list orders its entries: a comparable key per entry (ties fall back to the id, so pages never overlap). */
export interface Ordering<T> {
  key: (value: T) => string | number;
  descending: boolean;
}

export interface PageRequest<T> {
  /** Already normalised search text, matched against `text` of each entry. */
  search?: string;
  text?: (value: T) => string;
  filter?: (entry: Entry<T>) => boolean;
  ordering: Ordering<T>;
  offset: number;
  limit: number;
}

/** Unique entries by id (a user listed in two of the directories read counts once). */
export function uniqueEntries<T>(entries: Array<Entry<T>>, idOf: (id: string) => string = (id) => id): Array<Entry<T>> {
  const seen = new Set<string>();
  return entries.filter((e) => {
    const id = idOf(e.id);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Filters, searches, sorts, counts and cuts the page. */
export function pageEntries<T>(
  entries: Array<Entry<T>>,
  request: PageRequest<T>,
): { count: number; page: Array<Entry<T>> } {
  const needle = request.search ? normalizeSearch(request.search) : '';
  const { filter, text } = request;
  const matching = entries.filter(
    (e) => (!filter || filter(e)) && (!needle || !text || text(e.value).includes(needle)),
  );
  const { key, descending } = request.ordering;
  const keyed = matching.map((e) => ({ e, k: key(e.value) }));
  keyed.sort((a, b) => {
    const order =
      (typeof a.k === 'number' && typeof b.k === 'number' ? a.k - b.k : a.k < b.k ? -1 : a.k > b.k ? 1 : 0) ||
      (a.e.id < b.e.id ? -1 : a.e.id > b.e.id ? 1 : 0);
    return descending ? -order : order;
  });
  return { count: matching.length, page: keyed.slice(request.offset, request.offset + request.limit).map((x) => x.e) };
}

/**
 * The answer's byte budget (any limit up to 100,000; Lambda answers at most 6 MB): rows are added while the
 * page's JSON stays within 5 MB; `count` stays exact, so a client that gets fewer rows than it asked asks again from
 * offset + results.length. Rows are built in waves of 1,000 (ten parallel BatchGets), so a huge limit does not read
 * more than the answer can carry.
 */
export const RESPONSE_BUDGET_BYTES = 5_000_000;
/**
 * Rows a sorted index (sorted-index.ts) reads for one answer, whatever the limit: more than 5 MB holds (a society row
 * is ~740 bytes of JSON: 6,738 fit), so a huge limit reads what the answer can carry, not the whole partition.
 */
export const MAX_ROWS_PER_ANSWER = 10_000;
const WAVE = 1000;

export async function rowsWithinBudget<E, R>(page: E[], toRows: (slice: E[]) => Promise<R[]> | R[]): Promise<R[]> {
  const rows: R[] = [];
  let bytes = 0;
  for (let start = 0; start < page.length; start += WAVE) {
    for (const row of await toRows(page.slice(start, start + WAVE))) {
      bytes += JSON.stringify(row).length + 1;
      if (bytes > RESPONSE_BUDGET_BYTES) return rows;
      rows.push(row);
    }
  }
  return rows;
}

/**
 * Items by key, read in parallel BatchGets of 100 keys (unprocessed keys retried). The request's extra keys
 * (batch-get-extras.ts) join the first of them, and are settled with what it found.
 */
export async function batchGet(
  keyList: Array<{ pk: string; sk: string }>,
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const extra = keyList.length > 0 ? batchGetExtra() : undefined;
  const extraKeys = extra?.take() ?? [];
  const unique = [...new Map([...keyList, ...extraKeys].map((k) => [`${k.pk}|${k.sk}`, k])).values()];
  const chunks: Array<typeof unique> = [];
  for (let start = 0; start < unique.length; start += 100) chunks.push(unique.slice(start, start + 100));
  await Promise.all(
    chunks.map(async (chunk) => {
      const items = await batchGetAll({ [config.tableName]: { Keys: chunk } });
      for (const item of items[config.tableName] ?? []) found.set(`${item.pk}|${item.sk}`, item);
    }),
  );
  if (extraKeys.length > 0) extra?.settle(found);
  return found;
}

/** Full items for keys, in the keys' order (BatchGet answers in any order); missing items are left out. */
export async function getItems<T>(keyList: Array<{ pk: string; sk: string }>): Promise<T[]> {
  const found = await batchGet(keyList);
  return keyList.flatMap((k) => {
    const item = found.get(`${k.pk}|${k.sk}`);
    return item ? [strip(item) as T] : [];
  });
}
