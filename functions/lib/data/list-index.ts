import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/dynamo';
import { config } from '../config';
import { strip } from './table';

/**
 * Admin lists (count, search, ordering, limit/offset) read a listing index partition: items carry small list
 * attributes (uuid, search_text, name_sort, enable, updated, ...), and the indexes project only those, so one Query
 * page (1 MB) holds about 8,000 entries: a project of 5,000 societies is listed in one Query plus one BatchGet of the
 * page, whatever the offset, with an exact count. docs/data-model.md has the figures; bench/ measures them.
 */
export interface IndexEntry {
  pk: string;
  sk: string;
  uuid: string;
  search_text?: string;
  name_sort?: string;
  last_name_sort?: string;
  email?: string;
  enable?: boolean;
  updated?: string;
  created?: string;
  project_uuid?: string;
  group_uuid?: string;
  user_role?: string;
}

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

/** Every entry of one listing partition (paged through, though one page holds thousands). */
export async function readIndex(index: 'gsi1' | 'gsi2' | 'gsi3', partition: string): Promise<IndexEntry[]> {
  const entries: IndexEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': `${index}pk` },
        ExpressionAttributeValues: { ':pk': partition },
        ExclusiveStartKey: startKey,
      }),
    );
    entries.push(...((out.Items ?? []) as IndexEntry[]));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return entries;
}

export type Ordering = {
  field: 'updated' | 'created' | 'name_sort' | 'last_name_sort' | 'email' | 'enable';
  descending: boolean;
};

export interface PageRequest {
  search?: string;
  offset: number;
  limit: number;
  ordering: Ordering;
}

/** Filters by search, sorts, counts and cuts the page; ties fall back to uuid so pages never overlap. */
export function pageEntries(entries: IndexEntry[], request: PageRequest): { count: number; page: IndexEntry[] } {
  const needle = request.search ? normalizeSearch(request.search) : '';
  const matching = needle ? entries.filter((e) => e.search_text?.includes(needle)) : entries;
  const { field, descending } = request.ordering;
  const value = (e: IndexEntry) => String(e[field] ?? '');
  const sorted = [...matching].sort((a, b) => {
    const order = value(a).localeCompare(value(b)) || a.uuid.localeCompare(b.uuid);
    return descending ? -order : order;
  });
  return { count: matching.length, page: sorted.slice(request.offset, request.offset + request.limit) };
}

/** Full items for keys, in the keys' order (BatchGet answers in any order); missing items are left out. */
export async function getItems<T>(keyList: Array<{ pk: string; sk: string }>): Promise<T[]> {
  const found = new Map<string, Record<string, unknown>>();
  for (let start = 0; start < keyList.length; start += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [config.tableName]: { Keys: dedupe(keyList.slice(start, start + 100)) },
    };
    while (request && Object.keys(request).length > 0) {
      const out = await dynamo.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of out.Responses?.[config.tableName] ?? []) found.set(`${item.pk}|${item.sk}`, item);
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return keyList.flatMap((k) => {
    const item = found.get(`${k.pk}|${k.sk}`);
    return item ? [strip(item) as T] : [];
  });
}

function dedupe(keyList: Array<{ pk: string; sk: string }>) {
  const seen = new Set<string>();
  return keyList.filter((k) => {
    const id = `${k.pk}|${k.sk}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** One page of a list: index entries filtered, sorted and cut, then the page's full items in one batch. */
export async function listPage<T>(
  entries: IndexEntry[],
  request: PageRequest,
  keyOf: (uuid: string) => { pk: string; sk: string },
): Promise<{ count: number; items: T[] }> {
  const { count, page } = pageEntries(entries, request);
  return { count, items: await getItems<T>(page.map((e) => keyOf(e.uuid))) };
}
