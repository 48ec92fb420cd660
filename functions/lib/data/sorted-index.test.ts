import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SocietyRecord, societyListingWrites } from './societies';
import { counterKeys, indexWrites } from './sorted-index';
import type { TxWrite } from './transact';

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
    counted: writes.flatMap((w) =>
      w.write.Update ? [[w.write.Update.Key?.pk, w.write.Update.ExpressionAttributeValues?.[':by']]] : [],
    ),
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
    const counter = writes.find((w) => w.write.Update)?.write.Update?.Key;
    expect(counterKeys(directory)).toContainEqual(counter);
  });

  it('on an edit, deletes the rows whose key moved, puts the changed ones, and leaves the count alone', () => {
    expect(effect(indexWrites(directory, indexed('2026-01-01', 'alamo'), indexed('2026-02-01', 'alamo')))).toEqual({
      put: ['U#2026-02-01#id-1', 'N#alamo#id-1'],
      deleted: ['U#2026-01-01#id-1'],
      counted: [],
    });
  });

  it('writes nothing for an entry that did not change', () => {
    expect(indexWrites(directory, indexed('2026-01-01', 'alamo'), indexed('2026-01-01', 'alamo'))).toEqual([]);
  });

  it('deletes every row of an entry that leaves and takes one from the same counter', () => {
    const added = indexWrites(directory, undefined, indexed('2026-01-01', 'alamo')).find((w) => w.write.Update);
    const writes = indexWrites(directory, indexed('2026-01-01', 'alamo'), undefined);
    expect(effect(writes)).toEqual({
      put: [],
      deleted: ['U#2026-01-01#id-1', 'N#alamo#id-1'],
      counted: [['LIST#PROJECT#p#SOCIETIES', -1]],
    });
    expect(writes.find((w) => w.write.Update)?.write.Update?.Key).toEqual(added?.write.Update?.Key);
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

  it('drops the RUT row of a society whose RUT is removed', () => {
    const writes = societyListingWrites(society({}), society({ society_rut: null }));
    expect(effect(writes).deleted.filter((sk) => String(sk).startsWith('R#'))).toHaveLength(3);
    expect(effect(writes).put.filter((sk) => String(sk).startsWith('R#'))).toEqual([]);
  });
});
