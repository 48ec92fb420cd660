import { randomUUID } from 'node:crypto';
import type { SliceContent } from '../accounting/aggregate';
import type { ChartAccount, LedgerLine, MonthAggregate, SliceKey } from '../accounting/types';
import { dynamo } from '../aws/dynamo';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '../aws/dynamo-commands';
import { nowMs } from '../clock';
import { config } from '../config';
import { ApiError, conflict } from '../errors';
import { batchGetAll } from './batches';
import { type Cleanup, cleanupNotSweptCheck, IMPORT_GRACE_MS, putCleanup, removeCleanup } from './cleanups';
import { nowIso } from './table';
import { transactWrite } from './transact';
import type { TxWrite } from './tx-write';

/**
 * A society's chart and ledger (design/accounting.md "Size and layout"), under ACCOUNTING#<society>:
 *   CHART                          the chart of accounts (one item, ≤ ~2,500 accounts)
 *   LEDGER                         the pointer: for every (tag, month) slice the version readers use
 *   AGG#<tag>#<YYYY-MM>#<version>  a slice's monthly aggregate: all accounts' debits and credits, the cash flow
 * and the lines, for drill-down only, under LEDGER#<society>#<tag>#<YYYY-MM>#<version>, one item per account
 * (ACC#<cod_cta>#<part>) holding its lines of the month as compact JSON (split past ~350 KB).
 * An import writes a new version of each slice it touches, then flips the pointer with a condition on its revision:
 * readers see the old slices or the new ones, never half. The versions replaced stay one more import (a reader that
 * read the pointer just before the flip still finds them), then are deleted.
 */
const pk = (society: string) => `ACCOUNTING#${society}`;
const chartKey = (society: string) => ({ pk: pk(society), sk: 'CHART' });
const pointerKey = (society: string) => ({ pk: pk(society), sk: 'LEDGER' });
const aggregateKey = (society: string, slice: SliceKey, version: string) => ({
  pk: pk(society),
  sk: `AGG#${slice}#${version}`,
});
const linesPartition = (society: string, slice: SliceKey, version: string) => `LEDGER#${society}#${slice}#${version}`;
const linesSk = (code: string, part: number) => `ACC#${code}#${String(part).padStart(4, '0')}`;

const CHUNK_BYTES = 350_000;
const WRITE_CONCURRENCY = 24;

export interface SliceVersion {
  version: string;
  lines: number;
  imported: string;
}
export interface LedgerPointer {
  slices: Record<SliceKey, SliceVersion>;
  /** Versions replaced by the last import, deleted by the next one. */
  retired: Record<SliceKey, string>;
  /** Every account code with lines in any slice: the chart import may not drop one of them. */
  accounts: string[];
  rev: number;
}

export async function getChart(society: string): Promise<ChartAccount[] | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: chartKey(society), ConsistentRead: true }),
  );
  return Item?.accounts as ChartAccount[] | undefined;
}

export async function putChart(society: string, accounts: ChartAccount[]): Promise<void> {
  await dynamo.send(
    new PutCommand({ TableName: config.tableName, Item: { ...chartKey(society), accounts, updated: nowIso() } }),
  );
}

export async function getLedgerPointer(society: string): Promise<LedgerPointer> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: pointerKey(society), ConsistentRead: true }),
  );
  return {
    slices: (Item?.slices as LedgerPointer['slices']) ?? {},
    retired: (Item?.retired as LedgerPointer['retired']) ?? {},
    accounts: (Item?.accounts as string[]) ?? [],
    rev: (Item?.rev as number) ?? 0,
  };
}

/** The aggregates of the slices named, by slice key (missing slices left out); one BatchGet per 100 slices. */
export async function getAggregates(
  society: string,
  pointer: LedgerPointer,
  slices: SliceKey[],
): Promise<Map<SliceKey, MonthAggregate>> {
  const wanted = [...new Set(slices)].filter((slice) => pointer.slices[slice]);
  const found = new Map<SliceKey, MonthAggregate>();
  for (let start = 0; start < wanted.length; start += 100) {
    const keys = wanted
      .slice(start, start + 100)
      .map((slice) => aggregateKey(society, slice, (pointer.slices[slice] as SliceVersion).version));
    const items = await batchGetAll({ [config.tableName]: { Keys: keys, ConsistentRead: true } });
    for (const item of items[config.tableName] ?? []) {
      found.set(item.slice as SliceKey, item.aggregate as MonthAggregate);
    }
  }
  return found;
}

/**
 * A stored line: fecha, tipo_comp, nro_comp, linea, debe, haber, glosa, fec_doc, flujo (the line's own cash-flow line,
 * for the cash-flow drill-down; versions imported before it was stored have none and read as '').
 */
type StoredLine = [string, string, string, number, number, number, string, string, string?];
export interface DrillLine {
  fecha: string;
  tipo_comp: string;
  nro_comp: string;
  linea: number;
  debe: number;
  haber: number;
  glosa: string;
  fec_doc: string;
  flujo: string;
}

const drillLines = (json: string): DrillLine[] =>
  (JSON.parse(json) as StoredLine[]).map(([fecha, tipo_comp, nro_comp, linea, debe, haber, glosa, fec_doc, flujo]) => ({
    fecha,
    tipo_comp,
    nro_comp,
    linea,
    debe,
    haber,
    glosa,
    fec_doc,
    flujo: flujo ?? '',
  }));

/** Every item of a partition whose sort key starts with the prefix (one Query, paged). */
async function queryAll(partition: string, prefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

const versionOf = (pointer: LedgerPointer, slice: SliceKey) => (pointer.slices[slice] as SliceVersion).version;

/**
 * Every line of the slices named, with its account (the cash-flow drill-down of one month needs whole vouchers): one
 * paged Query per slice, in parallel. A month's lines are what its import wrote, ~100 bytes each.
 */
export async function getSliceLines(
  society: string,
  pointer: LedgerPointer,
  slices: SliceKey[],
): Promise<Array<{ slice: SliceKey; lines: Array<DrillLine & { cod_cta: string }> }>> {
  return Promise.all(
    slices
      .filter((slice) => pointer.slices[slice])
      .map(async (slice) => {
        const items = await queryAll(linesPartition(society, slice, versionOf(pointer, slice)), 'ACC#');
        const lines = items.flatMap((item) => {
          // ACC#<cod_cta>#<part>: the code is what lies between the prefix and the last '#'.
          const sk = item.sk as string;
          const cod_cta = sk.slice(4, sk.lastIndexOf('#'));
          return drillLines(item.lines as string).map((line) => ({ ...line, cod_cta }));
        });
        return { slice, lines };
      }),
  );
}

/** One account's lines in the slices named (one Query per slice, in parallel). */
export async function getAccountLines(
  society: string,
  pointer: LedgerPointer,
  slices: SliceKey[],
  code: string,
): Promise<DrillLine[]> {
  const parts = await Promise.all(
    slices
      .filter((slice) => pointer.slices[slice])
      .map(async (slice) => {
        const items = await queryAll(linesPartition(society, slice, versionOf(pointer, slice)), `ACC#${code}#`);
        return items.flatMap((item) => drillLines(item.lines as string));
      }),
  );
  return parts.flat();
}

/** Runs tasks with at most `limit` in flight. */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

function lineChunks(lines: LedgerLine[]): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const l of lines) {
    const stored: StoredLine = [l.fecha, l.tipo_comp, l.nro_comp, l.linea, l.debe, l.haber, l.glosa, l.fec_doc];
    if (l.flujo) stored.push(l.flujo);
    const text = JSON.stringify(stored);
    if (bytes + text.length > CHUNK_BYTES && current.length > 0) {
      chunks.push(`[${current.join(',')}]`);
      current = [];
      bytes = 0;
    }
    current.push(text);
    bytes += Buffer.byteLength(text) + 1;
  }
  if (current.length > 0) chunks.push(`[${current.join(',')}]`);
  return chunks;
}

/** The items of one new slice version: its aggregate and its lines by account. */
function sliceItems(society: string, slice: SliceKey, version: string, content: SliceContent) {
  const items: Record<string, unknown>[] = [
    { ...aggregateKey(society, slice, version), slice, aggregate: content.aggregate },
  ];
  for (const [code, lines] of content.lines) {
    lineChunks(lines).forEach((chunk, part) => {
      items.push({ pk: linesPartition(society, slice, version), sk: linesSk(code, part), lines: chunk });
    });
  }
  return items;
}

/**
 * Replaces the slices given, all at once: writes their new versions (invisible until the flip), then the pointer with
 * a condition on the revision read. Another import of the same society in between answers 409 DATA_CONFLICT and its
 * new items are removed. Returns the number of items written.
 */
export async function replaceSlices(
  society: string,
  slices: Map<SliceKey, SliceContent>,
  /** Told the share of items written (0–1) about every 10 %, for a job's progress. */
  progress?: (done: number) => Promise<void> | undefined,
): Promise<number> {
  const before = await getLedgerPointer(society);
  const version = `${Date.now().toString(36)}${randomUUID().slice(0, 8)}`;
  // Before the first item: a marker naming the new version and the versions this import will retire for good. Whatever
  // step this import stops after, the sweeper deletes those of them the pointer does not read (cleanups.ts).
  const cleanup: Cleanup = {
    id: `LEDGER#${society}#${version}`,
    due: nowMs() + IMPORT_GRACE_MS,
    ledger: {
      society,
      versions: [
        ...[...slices.keys()].map((slice) => ({ slice, version })),
        ...Object.entries(before.retired).map(([slice, old]) => ({ slice, version: old })),
      ],
    },
  };
  await putCleanup(cleanup);
  const items = [...slices].flatMap(([slice, content]) => sliceItems(society, slice, version, content));
  const step = Math.max(1, Math.ceil(items.length / 10));
  let written = 0;
  await inParallel(items, WRITE_CONCURRENCY, async (Item) => {
    await dynamo.send(new PutCommand({ TableName: config.tableName, Item }));
    written += 1;
    if (progress && written % step === 0) await progress(written / items.length);
  });
  const imported = nowIso();
  const next: LedgerPointer = {
    slices: { ...before.slices },
    retired: {},
    accounts: [...new Set([...before.accounts, ...[...slices.values()].flatMap((s) => [...s.lines.keys()])])],
    rev: before.rev + 1,
  };
  for (const [slice, content] of slices) {
    const old = before.slices[slice];
    if (old) next.retired[slice] = old.version;
    const lines = [...content.lines.values()].reduce((sum, l) => sum + l.length, 0);
    next.slices[slice] = { version, lines, imported };
  }
  const flip: TxWrite = {
    write: {
      Put: {
        TableName: config.tableName,
        Item: { ...pointerKey(society), ...next, updated: imported },
        ConditionExpression: before.rev === 0 ? 'attribute_not_exists(pk)' : 'rev = :rev',
        ...(before.rev === 0 ? {} : { ExpressionAttributeValues: { ':rev': before.rev } }),
      },
    },
    onConditionFail: () => conflict('DATA_CONFLICT'),
  };
  try {
    // The flip holds only while the marker is not swept: an import the sweeper gave up on never goes live.
    await transactWrite([flip, cleanupNotSweptCheck(cleanup)]);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'DATA_CONFLICT') throw error;
    await deleteVersions(society, Object.fromEntries([...slices.keys()].map((slice) => [slice, version])));
    await removeCleanup(cleanup);
    throw error;
  }
  // Versions retired by the previous import are two generations old now: no reader can still be on them.
  await deleteVersions(society, before.retired);
  await removeCleanup(cleanup);
  return items.length + 1;
}

/** Deletes slice versions (their aggregate and every line item). */
async function deleteVersions(society: string, versions: Record<SliceKey, string>): Promise<void> {
  const keys: Array<{ pk: string; sk: string }> = [];
  for (const [slice, version] of Object.entries(versions)) {
    keys.push(aggregateKey(society, slice, version));
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamo.send(
        new QueryCommand({
          TableName: config.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': linesPartition(society, slice, version) },
          ProjectionExpression: 'pk, sk',
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) keys.push({ pk: item.pk as string, sk: item.sk as string });
      start = out.LastEvaluatedKey;
    } while (start);
  }
  await inParallel(keys, WRITE_CONCURRENCY, async (Key) => {
    await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key }));
  });
}

/**
 * The sweeper's part (cleanups.ts): deletes the versions named that the society's pointer does not read (as current or
 * as retired), at most `budget` items; the aggregate of a version goes last, with its last lines. Returns the items
 * deleted and whether every version named is gone; a version left half-deleted is finished by the next run.
 */
export async function sweepLedgerVersions(
  society: string,
  versions: Array<{ slice: SliceKey; version: string }>,
  budget: number,
): Promise<{ deleted: number; done: boolean }> {
  const pointer = await getLedgerPointer(society);
  const inUse = (v: { slice: SliceKey; version: string }) =>
    pointer.slices[v.slice]?.version === v.version || pointer.retired[v.slice] === v.version;
  let deleted = 0;
  for (const v of versions.filter((v) => !inUse(v))) {
    for (;;) {
      const left = budget - deleted;
      if (left <= 0) return { deleted, done: false };
      const out = await dynamo.send(
        new QueryCommand({
          TableName: config.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': linesPartition(society, v.slice, v.version) },
          ProjectionExpression: 'pk, sk',
          Limit: Math.min(left, 100),
        }),
      );
      const keys = (out.Items ?? []).map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
      if (keys.length === 0) {
        await dynamo.send(
          new DeleteCommand({ TableName: config.tableName, Key: aggregateKey(society, v.slice, v.version) }),
        );
        deleted += 1;
        break;
      }
      // Item by item, as the imports delete: the sweeper's role grants DeleteItem by key prefix, no batch writes.
      await inParallel(keys, WRITE_CONCURRENCY, async (Key) => {
        await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key }));
      });
      deleted += keys.length;
    }
  }
  return { deleted, done: true };
}
