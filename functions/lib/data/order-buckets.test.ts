import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUCKET_SHARDS,
  bucketItems,
  bucketMismatches,
  bucketOf,
  bucketStep,
  type Layout,
  mergeBucketWrites,
} from './order-buckets';

/**
 * Bucket counts (order-buckets.ts) without a table: which bucket a row falls in, what one transaction's steps send,
 * and that the items a backfill makes from rows are exact for them and stop being so when a row is missing.
 */
beforeEach(() => {
  vi.stubEnv('TABLE_NAME', 'portal');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const pk = 'LIST#PROJECT#p#GROUPS';
const layout: Layout = {
  version: 3,
  next: 3,
  fences: [
    ['0', 'N#'],
    ['2', 'N#grupo b\u0001id'],
    ['1', 'N#ñandú\u0001id'],
  ],
};

describe('bucketOf', () => {
  it('finds the bucket of the last fence at or below a key, comparing UTF-8 bytes as DynamoDB does', () => {
    expect(bucketOf(layout, 'N#alamo\u0001x')).toBe('0');
    expect(bucketOf(layout, 'N#grupo b\u0001id')).toBe('2');
    expect(bucketOf(layout, 'N#grupo c\u0001x')).toBe('2');
    expect(bucketOf(layout, 'N#zorzal\u0001x')).toBe('2');
    // 'ñ' (two bytes in UTF-8) sorts after 'z'.
    expect(bucketOf(layout, 'N#ñu\u0001x')).toBe('1');
  });
});

describe('mergeBucketWrites', () => {
  it('sums the steps of one count item into one ADD, conditioned on the layout version each order was found in', () => {
    const steps = [bucketStep(pk, 'N#alamo\u0001id-1', -1), bucketStep(pk, 'N#zorzal\u0001id-1', 1)];
    for (const [i, w] of steps.entries()) Object.assign(w.bucket ?? {}, { bucket: ['0', '2'][i], layout: 3 });
    const [update, ...rest] = mergeBucketWrites(steps);
    expect(rest).toEqual([]);
    expect(update?.staleLayout).toBe(true);
    const u = update?.write.Update;
    expect(u?.UpdateExpression).toBe('ADD #w :one, #c0 :c0, #c1 :c1');
    expect(u?.ExpressionAttributeNames).toMatchObject({ '#c0': 'n_N_0', '#c1': 'n_N_2', '#v0': 'fv_N' });
    expect(u?.ExpressionAttributeValues).toMatchObject({ ':c0': -1, ':c1': 1, ':v0': 3 });
    expect(u?.ConditionExpression).toBe('#v0 = :v0');
  });

  it('still steps `w` when a row moves within its bucket (a split must see it), and asks an order without layout to have none', () => {
    const steps = [bucketStep(pk, 'U#2026-01\u0001id-1', -1), bucketStep(pk, 'U#2026-02\u0001id-1', 1)];
    const [update] = mergeBucketWrites(steps);
    expect(update?.write.Update?.UpdateExpression).toBe('ADD #w :one');
    expect(update?.write.Update?.ConditionExpression).toBe('attribute_not_exists(#v0)');
  });

  it('writes one item per count item the ids hash to', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `id-${i}`);
    const items = mergeBucketWrites(ids.map((id) => bucketStep(pk, `U#2026\u0001${id}`, 1)));
    expect(items.length).toBeLessThanOrEqual(BUCKET_SHARDS);
    expect(new Set(items.map((w) => w.write.Update?.Key?.sk)).size).toBe(items.length);
  });
});

describe('bucketItems and bucketMismatches', () => {
  const rows = Array.from({ length: 23 }, (_, i) => [
    `U#2026-01-${String(i).padStart(2, '0')}\u0001id-${i}`,
    `N#nombre ${String(i % 7)}\u0001id-${i}`,
  ]).flat();

  it('cuts each order into buckets of the size asked, whose counts are exact for the rows they came from', () => {
    const items = bucketItems(pk, rows, [], { rows: 5, split: 10 });
    const layouts = items.filter((item) => String(item.sk).startsWith('BUCKETS#'));
    expect(layouts.map((item) => [item.sk, JSON.parse(String(item.f)).length, item.fv])).toEqual([
      ['BUCKETS#U', 5, 1],
      ['BUCKETS#N', 5, 1],
    ]);
    expect(items.filter((item) => String(item.sk).startsWith('BCOUNT#'))).toHaveLength(BUCKET_SHARDS);
    expect(bucketMismatches(pk, rows, items)).toEqual([]);
    // A row the counts do not know, or one they count that is gone, is a mismatch.
    expect(bucketMismatches(pk, [...rows, 'N#otro\u0001id-99'], items)).not.toEqual([]);
    expect(bucketMismatches(pk, rows.slice(1), items)).not.toEqual([]);
  });

  it('makes each layout one version past the one it replaces', () => {
    const first = bucketItems(pk, rows, [], { rows: 5, split: 10 });
    const again = bucketItems(pk, rows, first, { rows: 5, split: 10 });
    expect(again.find((item) => item.sk === 'BUCKETS#U')?.fv).toBe(2);
    expect(again.find((item) => item.sk === 'BCOUNT#00')?.fv_U).toBe(2);
    expect(bucketMismatches(pk, rows, again)).toEqual([]);
  });
});
