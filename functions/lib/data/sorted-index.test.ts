import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mergeEntryWrites } from './directory';
import { type SocietyRecord, societyListingWrites } from './societies';
import { counterKeys, indexWrites } from './sorted-index';
import type { TxWrite } from './tx-write';

/**
 * The writes that keep a partition's sorted index and counters (sorted-index.ts) in the entity's transaction: what a
 * create, an edit, a rename, a move and a delete put, delete and count, read off the transaction's items.
 */
beforeEach(() => {
  vi.stubEnv('TABLE_NAME', 'portal');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const directory = { partition: 'PROJECT#p#SOCIETIES', shards: 64 };
const indexed = (updated: string, name: string) => ({
  id: 'id-1',
  entry: { u: updated, n: name },
  values: [
    { order: 'U', value: updated },
    { order: 'N', value: name },
  ],
});

/** What a list of writes does to the index: keys put, keys deleted, counter moves. */
function effect(writes: TxWrite[]) {
  return {
    put: writes.flatMap((w) => (w.write.Put ? [w.write.Put.Item?.sk] : [])),
    deleted: writes.flatMap((w) => (w.write.Delete ? [w.write.Delete.Key?.sk] : [])),
    counted: writes.flatMap((w) => (w.count ? [[w.count.key.pk, w.count.by]] : [])),
  };
}

describe('indexWrites', () => {
  it('puts every row of an entry that enters and adds one to one counter of the partition', () => {
    const writes = indexWrites(directory, undefined, indexed('2026-01-01', 'alamo'));
    expect(effect(writes)).toEqual({
      put: ['U#2026-01-01#id-1', 'N#alamo#id-1'],
      deleted: [],
      counted: [['LIST#PROJECT#p#SOCIETIES', 1]],
    });
    const counter = writes.find((w) => w.count)?.count?.key;
    expect(counterKeys(directory)).toContainEqual(counter);
  });

  it('on an edit, deletes the rows whose key moved, puts the changed ones, and leaves the count alone', () => {
    expect(effect(indexWrites(directory, indexed('2026-01-01', 'alamo'), indexed('2026-02-01', 'alamo')))).toEqual({
      put: ['U#2026-02-01#id-1', 'N#alamo#id-1'],
      deleted: ['U#2026-01-01#id-1'],
      counted: [],
    });
  });

  it('steps the bucket counts of the rows that moved, on the count item the id hashes to (order-buckets.ts)', () => {
    const steps = (writes: TxWrite[]) => writes.flatMap((w) => (w.bucket ? [[w.bucket.row, w.bucket.by]] : []));
    expect(steps(indexWrites(directory, undefined, indexed('2026-01-01', 'alamo')))).toEqual([
      ['U#2026-01-01#id-1', 1],
      ['N#alamo#id-1', 1],
    ]);
    expect(steps(indexWrites(directory, indexed('2026-01-01', 'alamo'), indexed('2026-02-01', 'alamo')))).toEqual([
      ['U#2026-01-01#id-1', -1],
      ['U#2026-02-01#id-1', 1],
    ]);
    expect(steps(indexWrites(directory, indexed('2026-01-01', 'alamo'), undefined))).toEqual([
      ['U#2026-01-01#id-1', -1],
      ['N#alamo#id-1', -1],
    ]);
  });

  it('writes nothing for an entry that did not change', () => {
    expect(indexWrites(directory, indexed('2026-01-01', 'alamo'), indexed('2026-01-01', 'alamo'))).toEqual([]);
  });

  it('deletes every row of an entry that leaves and takes one from the same counter', () => {
    const added = indexWrites(directory, undefined, indexed('2026-01-01', 'alamo')).find((w) => w.count);
    const writes = indexWrites(directory, indexed('2026-01-01', 'alamo'), undefined);
    expect(effect(writes)).toEqual({
      put: [],
      deleted: ['U#2026-01-01#id-1', 'N#alamo#id-1'],
      counted: [['LIST#PROJECT#p#SOCIETIES', -1]],
    });
    expect(writes.find((w) => w.count)?.count?.key).toEqual(added?.count?.key);
  });
});

describe('societyListingWrites', () => {
  const society = (fields: Partial<SocietyRecord>): SocietyRecord =>
    ({
      uuid: 's-1',
      society_business_name: 'Compañía Álamo',
      society_rut: '12345678-5',
      company_code: 'C1',
      industry_uuid: 'i',
      group_uuid: 'g-1',
      project_uuid: 'p-1',
      enable: true,
      updated: '2026-01-01T00:00:00.000Z',
      ...fields,
    }) as SocietyRecord;
  const counted = (writes: TxWrite[]) =>
    Object.fromEntries(effect(writes).counted.map(([pk, by]) => [pk as string, by as number]));

  it('lists a new society in its three partitions, by update, accent-free name and RUT', () => {
    const writes = societyListingWrites(undefined, society({}));
    expect(effect(writes).put.filter((sk) => String(sk).startsWith('N#'))).toEqual([
      'N#compania alamo#s-1',
      'N#compania alamo#s-1',
      'N#compania alamo#s-1',
    ]);
    expect(effect(writes).put).toContain('R#12345678-5#s-1');
    expect(counted(writes)).toEqual({
      'LIST#SOCIETIES': 1,
      'LIST#PROJECT#p-1#SOCIETIES': 1,
      'LIST#GROUP#g-1#SOCIETIES': 1,
    });
  });

  it('moves the count between groups on a move, and keeps the project’s and everyone’s', () => {
    const writes = societyListingWrites(
      society({}),
      society({ group_uuid: 'g-2', updated: '2026-02-01T00:00:00.000Z' }),
    );
    expect(counted(writes)).toEqual({ 'LIST#GROUP#g-1#SOCIETIES': -1, 'LIST#GROUP#g-2#SOCIETIES': 1 });
    expect(effect(writes).deleted).toContain('U#2026-01-01T00:00:00.000Z#s-1');
  });

  it('lists a new society in the picker’s order by its whole search text, its id after a TIE', () => {
    const writes = societyListingWrites(undefined, society({}));
    expect(effect(writes).put.filter((sk) => String(sk).startsWith('P#'))).toEqual([
      'P#compania alamo 12345678-5 c1\u0001s-1',
      'P#compania alamo 12345678-5 c1\u0001s-1',
      'P#compania alamo 12345678-5 c1\u0001s-1',
    ]);
  });

  it('moves the picker’s row when the name, RUT or code changes, and not for an edit of anything else', () => {
    const renamed = effect(societyListingWrites(society({}), society({ company_code: 'C2' })));
    expect(renamed.deleted.filter((sk) => String(sk).startsWith('P#'))).toHaveLength(3);
    expect(renamed.put.filter((sk) => String(sk).startsWith('P#'))).toHaveLength(3);
    const disabled = effect(societyListingWrites(society({}), society({ enable: false })));
    expect(disabled.deleted).toEqual([]);
  });

  it('drops the RUT row of a society whose RUT is removed', () => {
    const writes = societyListingWrites(society({}), society({ society_rut: null }));
    expect(effect(writes).deleted.filter((sk) => String(sk).startsWith('R#'))).toHaveLength(3);
    expect(effect(writes).put.filter((sk) => String(sk).startsWith('R#'))).toEqual([]);
  });
});

describe('ordered rows and counter steps', () => {
  it('puts an ordered row’s id after a separator below any character, so a value sorts before its extensions', () => {
    const keyOf = (name: string) =>
      indexWrites(directory, undefined, {
        id: 'id-1',
        entry: {},
        values: [{ order: 'N', value: name, ordered: true }],
      }).flatMap((w) => (w.write.Put ? [String(w.write.Put.Item?.sk)] : []))[0] as string;
    const names = ['grupo a 2', 'grupo a', 'grupo a!', 'grupo a#b', 'grupo ab'];
    // The keys sort as the values do in memory (then by id), which '#' before the id would not give for ' ' and '!'.
    expect(names.map(keyOf).sort()).toEqual([...names].sort().map(keyOf));
    expect(keyOf('grupo a')).toBe('N#grupo a\u0001id-1');
  });

  it('sums the steps of one counter item in a transaction (two entries entering one partition), and drops a net 0', () => {
    const step = (id: string) =>
      indexWrites(directory, undefined, { ...indexed('2026-01-01', 'x'), id }).filter((w) => w.count);
    // Ids hashing to one counter item: a transaction may touch an item once.
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r'];
    const keyOf = (id: string) => step(id)[0]?.count?.key.sk;
    const first = ids.find((id) => ids.some((other) => other !== id && keyOf(other) === keyOf(id))) as string;
    const sameShard = ids
      .filter((id) => keyOf(id) === keyOf(first))
      .slice(0, 2)
      .map((id) => ({ id }));
    expect(sameShard).toHaveLength(2);
    const [one, two] = sameShard as Array<{ id: string }>;
    const merged = mergeEntryWrites([...step(one?.id as string), ...step(two?.id as string)]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.write.Update?.ExpressionAttributeValues).toEqual({ ':by': 2 });
    const leaving = indexWrites(directory, { ...indexed('2026-01-01', 'x'), id: two?.id as string }, undefined).filter(
      (w) => w.count,
    );
    expect(mergeEntryWrites([...step(one?.id as string), ...leaving])).toEqual([]);
  });
});
