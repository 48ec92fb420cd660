import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryKind } from '../aws/aws-client';
import { getAggregates, type LedgerPointer } from './accounting-ledger';
import { readShards } from './document-feeds';
import { putIndicatorValues } from './indicators';
import { batchGet } from './list-index';

/**
 * Batch leftovers: every BatchGet and BatchWrite of the data layer sends its unprocessed part again after a growing
 * pause, a bounded number of times, and then answers throttling (a 503) rather than a gap or an endless loop. The
 * functions' DynamoDB client talks to a stand-in (the runtime's fetch replaced) that leaves part of every request
 * unprocessed, as DynamoDB does under load; no local server can be made to.
 */
interface Sent {
  target: string;
  body: Record<string, unknown>;
}

/**
 * A DynamoDB that leaves part of each BatchGet/BatchWrite unprocessed: for its first `times` requests it processes
 * only the first key or write; with no `times`, it processes nothing, ever.
 */
function stingyDynamo(times?: number) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (_url: unknown, init: RequestInit) => {
    const target = new Headers(init.headers).get('x-amz-target') as string;
    const body = JSON.parse(String(init.body)) as { RequestItems: Record<string, unknown> };
    sent.push({ target, body });
    const [table, part] = Object.entries(body.RequestItems)[0] as [string, unknown];
    const taken = times === undefined ? 0 : sent.length <= times ? 1 : Number.POSITIVE_INFINITY;
    if (target.endsWith('BatchGetItem')) {
      const { Keys, ...rest } = part as { Keys: Array<Record<string, { S: string }>> };
      const served = Keys.slice(0, taken);
      const left = Keys.slice(served.length);
      return Response.json({
        Responses: { [table]: served.map((key) => ({ ...key, slice: key.sk, aggregate: { M: {} } })) },
        UnprocessedKeys: left.length > 0 ? { [table]: { Keys: left, ...rest } } : {},
      });
    }
    const writes = part as unknown[];
    const left = writes.slice(taken);
    return Response.json({ UnprocessedItems: left.length > 0 ? { [table]: left } : {} });
  });
  return sent;
}

/**
 * Runs `work`, recording the pauses it takes between requests and skipping them (each attempt's own 5 s time limit
 * is left as it is): its outcome, the pauses and what was sent.
 */
async function withPausesRecorded<T>(work: () => Promise<T>) {
  const pauses: number[] = [];
  const real = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number) => {
    if (ms === 5_000) return real(run, ms);
    pauses.push(ms ?? 0);
    return real(run, 0);
  }) as typeof setTimeout);
  const outcome = await work().then(
    () => ({ error: undefined as unknown }),
    (error: unknown) => ({ error }),
  );
  return { ...outcome, pauses };
}

const keys = (n: number) => Array.from({ length: n }, (_, i) => ({ pk: 'P', sk: `S${i}` }));
const pointer: LedgerPointer = {
  slices: Object.fromEntries(['2026-01', '2026-02', '2026-03'].map((s) => [s, { version: 'v1' }])) as never,
  retired: {},
  accounts: [],
  rev: 1,
};

beforeEach(() => {
  vi.stubEnv('TABLE_NAME', 'portal');
  vi.stubEnv('AWS_REGION', 'sa-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.spyOn(Math, 'random').mockReturnValue(0.999);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const reads: Array<[string, () => Promise<unknown>]> = [
  ['document feed shards', () => readShards(keys(3))],
  ['list rows', () => batchGet(keys(3))],
  ['ledger aggregates', () => getAggregates('society-1', pointer, ['2026-01', '2026-02', '2026-03'] as never)],
];
const writes: Array<[string, () => Promise<unknown>]> = [
  [
    'indicator values',
    () =>
      putIndicatorValues(
        ['2026-01-02', '2026-01-03', '2026-01-04'].map((day) => ({ code: 'dolar', day, value: 950 }) as never),
      ),
  ],
];

describe('batch leftovers are sent again with back-off, a bounded number of times', () => {
  it.each([...reads, ...writes])('%s: each leftover round waits longer than the one before', async (_, work) => {
    const sent = stingyDynamo(2);
    const { error, pauses } = await withPausesRecorded(work);
    expect(error).toBeUndefined();
    expect(sent).toHaveLength(3);
    // Full jitter from 50 ms, doubling: at most 50 ms, then at most 100 ms (Math.random is 0.999 here).
    expect(pauses).toEqual([49, 99]);
  });

  it.each([...reads, ...writes])(
    '%s: leftovers that never clear end in throttling (503), not a loop',
    async (_, work) => {
      const sent = stingyDynamo();
      const { error, pauses } = await withPausesRecorded(work);
      expect(retryKind(error)).toBe('THROTTLING');
      expect(error).toMatchObject({ name: 'ProvisionedThroughputExceededException' });
      expect(sent).toHaveLength(8);
      expect(pauses).toEqual([49, 99, 199, 399, 799, 1598, 3196]);
    },
  );
});
