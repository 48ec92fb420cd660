import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import {
  type AttributeValue,
  BatchGetItemCommand,
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ScanCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';

/**
 * The restore rehearsal (docs/operations.md, Restore) on a DynamoDB the operator can reach, the local stack's in
 * practice: the table exported to a file as DynamoDB's export to S3 writes one (gzipped JSON lines, `{"Item": …}` in
 * DynamoDB JSON), imported into a new table made like the source (keys, indexes, on-demand), as an import from S3 or a
 * restore makes one, then checked: the item count against the export's, and a spread sample of items read back whole.
 * An operator tool, not a request path: the export is a Scan.
 */
type Item = Record<string, AttributeValue>;

export interface RehearsalReport {
  sourceTable: string;
  restoredTable: string;
  file: string;
  items: number;
  fileBytes: number;
  restoredItems: number;
  sampled: number;
  mismatches: string[];
  ms: { export: number; createTable: number; import: number; verify: number; total: number };
}

const since = (start: number) => Math.round(performance.now() - start);

/** Every item of the table into `file`, one `{"Item": …}` line each, gzipped. */
export async function exportTable(client: DynamoDBClient, table: string, file: string): Promise<number> {
  let items = 0;
  async function* lines() {
    let start: Item | undefined;
    do {
      const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
      for (const item of page.Items ?? []) {
        items += 1;
        yield `${JSON.stringify({ Item: item })}\n`;
      }
      start = page.LastEvaluatedKey;
    } while (start);
  }
  await pipeline(lines, createGzip(), createWriteStream(file));
  return items;
}

/** A new table made like `source`: its keys, attribute types and global indexes (with their projections), on demand. */
export async function createTableLike(client: DynamoDBClient, source: string, target: string): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: source }));
  await client.send(
    new CreateTableCommand({
      TableName: target,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: Table?.KeySchema,
      AttributeDefinitions: Table?.AttributeDefinitions,
      ...(Table?.GlobalSecondaryIndexes?.length && {
        GlobalSecondaryIndexes: Table.GlobalSecondaryIndexes.map((index) => ({
          IndexName: index.IndexName,
          KeySchema: index.KeySchema,
          Projection: index.Projection,
        })),
      }),
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 60 }, { TableName: target });
}

async function writeBatch(client: DynamoDBClient, table: string, items: Item[]): Promise<void> {
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let round = 0; pending.length > 0; round++) {
    if (round > 8) throw new Error(`${table}: items left unprocessed after ${round} rounds`);
    const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending } }));
    pending = (out.UnprocessedItems?.[table] ?? []).flatMap((r) =>
      r.PutRequest?.Item ? [{ PutRequest: { Item: r.PutRequest.Item } }] : [],
    );
  }
}

/** The export's lines. */
async function* exportedItems(file: string): AsyncGenerator<Item> {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) if (line.trim()) yield (JSON.parse(line) as { Item: Item }).Item;
}

/** The export's items into `table`, in BatchWrites of 25, `parallel` at a time. */
export async function importFile(client: DynamoDBClient, file: string, table: string, parallel = 8): Promise<number> {
  let imported = 0;
  let batch: Item[] = [];
  const running = new Set<Promise<void>>();
  const flush = async () => {
    const items = batch;
    batch = [];
    const write = writeBatch(client, table, items).finally(() => running.delete(write));
    running.add(write);
    imported += items.length;
    if (running.size >= parallel) await Promise.race(running);
  };
  for await (const item of exportedItems(file)) {
    batch.push(item);
    if (batch.length === 25) await flush();
  }
  if (batch.length > 0) await flush();
  await Promise.all(running);
  return imported;
}

export async function countItems(client: DynamoDBClient, table: string): Promise<number> {
  let count = 0;
  let start: Item | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/** An item in one canonical form: attributes and map keys sorted, sets in order (DynamoDB keeps no set order). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(
      entries.map(([k, v]) => [k, ['SS', 'NS'].includes(k) && Array.isArray(v) ? [...v].sort() : canonical(v)]),
    );
  }
  return value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value;
}
const same = (a: Item | undefined, b: Item | undefined) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * Up to `sample` items of the export, spread evenly over it, read back from `table` (BatchGets of 100) and compared
 * whole; answers the keys of those missing or different.
 */
export async function compareSample(
  client: DynamoDBClient,
  file: string,
  table: string,
  keyNames: string[],
  total: number,
  sample: number,
): Promise<{ sampled: number; mismatches: string[] }> {
  const every = Math.max(1, Math.ceil(total / Math.max(1, sample)));
  const picked: Item[] = [];
  let at = 0;
  for await (const item of exportedItems(file)) if (at++ % every === 0) picked.push(item);
  const keyOf = (item: Item) => Object.fromEntries(keyNames.map((k) => [k, item[k] as AttributeValue]));
  const label = (item: Item) => keyNames.map((k) => JSON.stringify(item[k])).join(' ');
  const mismatches: string[] = [];
  for (let start = 0; start < picked.length; start += 100) {
    const chunk = picked.slice(start, start + 100);
    const found = new Map<string, Item>();
    let keys: Array<Record<string, AttributeValue>> = chunk.map(keyOf);
    for (let round = 0; keys.length > 0; round++) {
      if (round > 8) throw new Error(`${table}: keys left unprocessed after ${round} rounds`);
      const out = await client.send(new BatchGetItemCommand({ RequestItems: { [table]: { Keys: keys } } }));
      for (const item of out.Responses?.[table] ?? []) found.set(label(item), item);
      keys = out.UnprocessedKeys?.[table]?.Keys ?? [];
    }
    for (const item of chunk) if (!same(item, found.get(label(item)))) mismatches.push(label(item));
  }
  return { sampled: picked.length, mismatches };
}

/**
 * The rehearsal: export, a new table like the source, import, count and sample; timed. The restored table is deleted
 * at the end unless `keep`.
 */
export async function rehearseRestore(options: {
  client: DynamoDBClient;
  table: string;
  dir: string;
  sample?: number;
  keep?: boolean;
  restoredTable?: string;
}): Promise<RehearsalReport> {
  const { client, table, dir, sample = 500 } = options;
  const stamp = new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15);
  const restoredTable = options.restoredTable ?? `${table}-restored-${stamp}`;
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${table}-${stamp}.json.gz`);
  const begin = performance.now();

  let start = performance.now();
  const items = await exportTable(client, table, file);
  const exportMs = since(start);

  start = performance.now();
  await createTableLike(client, table, restoredTable);
  const createMs = since(start);
  try {
    start = performance.now();
    const imported = await importFile(client, file, restoredTable);
    if (imported !== items) throw new Error(`imported ${imported} items of the export's ${items}`);
    const importMs = since(start);

    start = performance.now();
    const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
    const keyNames = (Table?.KeySchema ?? []).map((k) => k.AttributeName as string);
    const restoredItems = await countItems(client, restoredTable);
    const { sampled, mismatches } = await compareSample(client, file, restoredTable, keyNames, items, sample);
    const verifyMs = since(start);
    return {
      sourceTable: table,
      restoredTable,
      file,
      items,
      fileBytes: (await stat(file)).size,
      restoredItems,
      sampled,
      mismatches,
      ms: { export: exportMs, createTable: createMs, import: importMs, verify: verifyMs, total: since(begin) },
    };
  } finally {
    if (!options.keep) await client.send(new DeleteTableCommand({ TableName: restoredTable }));
  }
}
