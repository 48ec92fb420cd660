import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as societies from '../../shared/contracts/societies';
import { call, signIn } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { freshRut } from '../helpers/fresh';
import {
  expectPagesAlike,
  expectPrefixSearch,
  offsetsUpTo,
  projectWithTwoGroups,
  readerBothWays,
} from '../helpers/list-paging';
import { societyBody } from '../helpers/societies';

/**
 * Societies' lists read sorted index items and counters (docs/decisions/list-paging.md) instead of the whole directory.
 * The directory is still what every writer keeps exactly, so it is the yardstick: each page, count and prefix search
 * the index answers must be the one the directory answers (LIST_INDEXES=off reads it), through create, rename, move
 * and delete; a deep page read from either end is the slice of the whole order; and the backfill rebuilds an index from
 * its directory.
 */
const SOCIETIES = 45;
const WORDS = ['Álamo', 'Alameda', 'Roble', 'Raulí', 'Ñandú'];
let superAdmin: string;
let projectAdmin: string;
const fixture = {
  project: '',
  groupA: '',
  groupB: '',
  industry: '',
  societies: [] as Array<{ uuid: string; name: string; rut: string | null }>,
};
const pagingSociety = (name: string, group: string, rut: string | null) =>
  societyBody(group, { society_business_name: name, society_rut: rut }) as never;
const system = { user: { uuid: 'paging-test', email: 'paging@prueba.cl' }, role: 'SUPER_ADMIN' } as never;

beforeAll(async () => {
  [superAdmin, projectAdmin] = await Promise.all([
    signIn('superadmin@demo.cl').then((t) => t.access),
    signIn('proyecto@demo.cl').then((t) => t.access),
  ]);
  await tableAccess();
  fixture.industry = inject('portal').demo.industries[0] as string;
  const { createSociety } = await import('../../functions/societies/societies');
  Object.assign(fixture, await projectWithTwoGroups(system, 'Páginas'));
  // Five at a time: concurrent writers of a partition share its counter items and retry (transact.ts).
  for (let start = 0; start < SOCIETIES; start += 5) {
    const made = await Promise.all(
      Array.from({ length: 5 }, (_, k) => {
        const i = start + k;
        const name = `${WORDS[i % WORDS.length]} ${i % 2 ? 'Norte' : 'Sur'} ${String(i).padStart(3, '0')}`;
        // Every seventh without a RUT: it is listed, never found by a RUT prefix.
        const rut = i % 7 === 0 ? null : freshRut();
        return createSociety(system, pagingSociety(name, i % 3 ? fixture.groupA : fixture.groupB, rut));
      }),
    );
    fixture.societies.push(...made.map((s) => ({ uuid: s.uuid, name: s.society_business_name, rut: s.society_rut })));
  }
}, 180_000);

/** A page of societies, read both ways. */
const societiesBothWays = readerBothWays(
  async () => (await import('../../functions/societies/society-lists')).pageSocieties,
  (society) => society.uuid,
);
const FILTERS = () => [{ project: fixture.project }, { group: fixture.groupA }, { group: fixture.groupB }];

describe('the sorted index answers what the directory answers', () => {
  test('every page of a project and of each group, at every offset, with its count', async () => {
    // The index path queries the index; the directory path reads shards and never queries.
    for (const filter of FILTERS()) {
      await expectPagesAlike(societiesBothWays, filter, {
        label: filter,
        offsets: offsetsUpTo(SOCIETIES, 7),
        limit: 7,
      });
    }
    const { indexed } = await societiesBothWays({ project: fixture.project, offset: 0, limit: 1000 });
    expect(indexed.result.count).toBe(SOCIETIES);
    expect(new Set(indexed.result.rows)).toEqual(new Set(fixture.societies.map((s) => s.uuid)));
  });

  test('a deep page, read from the nearer end past the rows read directly, is the slice of the whole order', async () => {
    const { readOrderPage, readCount } = await import('../../functions/lib/data/sorted-index');
    const { societiesOfProject, SOCIETY_ORDERS } = await import('../../functions/lib/data/societies');
    const directory = societiesOfProject(fixture.project);
    const count = await readCount(directory);
    expect(count).toBe(SOCIETIES);
    const whole = (
      await readOrderPage(directory, SOCIETY_ORDERS.updated, { descending: true, offset: 0, limit: 1000 })
    ).map((e) => e.id);
    expect(whole).toHaveLength(SOCIETIES);
    for (let offset = 0; offset <= SOCIETIES + 1; offset += 1) {
      const page = await readOrderPage(directory, SOCIETY_ORDERS.updated, {
        descending: true,
        offset,
        limit: 4,
        count,
        direct: 0,
      });
      expect({ offset, ids: page.map((e) => e.id) }).toEqual({ offset, ids: whole.slice(offset, offset + 4) });
    }
  });

  test('a prefix search finds exactly the names (accent- and case-free) or RUTs (typed with dots) that start with it, newest first', async () => {
    const { normalizeSearch } = await import('../../functions/lib/data/list-index');
    const withRut = fixture.societies.filter((s) => s.rut);
    const rut = (withRut[12] as { rut: string }).rut;
    const body = rut.split('-')[0] as string;
    const typedRut = `${body.slice(0, -6)}.${body.slice(-6, -3)}.${body.slice(-3, -1)}`;
    const cases = [
      { search: 'ALAMO', expect: (s: { name: string }) => normalizeSearch(s.name).startsWith('alamo') },
      { search: 'ala', expect: (s: { name: string }) => normalizeSearch(s.name).startsWith('ala') },
      { search: 'nandu sur 0', expect: (s: { name: string }) => normalizeSearch(s.name).startsWith('nandu sur 0') },
      { search: typedRut, expect: (s: { rut: string | null }) => !!s.rut?.startsWith(body.slice(0, -1)) },
      { search: 'sur 0', expect: () => false },
    ];
    for (const c of cases) {
      const answer = await call(societies.listSocieties, {
        token: superAdmin,
        query: { project: fixture.project, search: c.search, match: 'prefix', limit: 100 },
      });
      const wanted = fixture.societies.filter(c.expect).map((s) => s.uuid);
      // The same prefix search read from the directory (LIST_INDEXES=off) answers the same.
      await expectPrefixSearch({ search: c.search, answer, wanted }, societiesBothWays, { project: fixture.project });
      const updated = answer.body.results.map((s) => s.updated);
      expect(updated).toEqual([...updated].sort().reverse());
    }
    // 'contains' (the default) still finds text in the middle of the name, from the directory.
    const inside = await call(societies.listSocieties, {
      token: superAdmin,
      query: { project: fixture.project, search: 'sur 0', limit: 100 },
    });
    expect(inside.body.count).toBe(fixture.societies.filter((s) => / Sur 0/.test(s.name)).length);
    expect(inside.body.count).toBeGreaterThan(0);
  });
});

describe('writers keep rows and counts in the society’s transaction', () => {
  test('create, rename, move and delete keep every page and count exact', async () => {
    const { createSociety, patchSociety, deleteSociety } = await import('../../functions/societies/societies');
    const compare = async (label: string) => {
      for (const filter of FILTERS()) {
        await expectPagesAlike(societiesBothWays, filter, { label: { label, filter }, limit: 100 });
      }
      return (await societiesBothWays({ group: fixture.groupA, offset: 0, limit: 1 })).indexed.result.count;
    };
    const inA = await compare('before');
    const made = await createSociety(
      system,
      pagingSociety(`Temporal ${randomUUID().slice(0, 6)}`, fixture.groupA, freshRut()),
    );
    expect(await compare('created')).toBe(inA + 1);
    const renamed = `Renombrada ${randomUUID().slice(0, 6)}`;
    const moved = await patchSociety(
      system,
      made.uuid,
      { society_business_name: renamed, group: fixture.groupB, version: made.version } as never,
      undefined,
    );
    expect(await compare('renamed and moved')).toBe(inA);
    const byNewName = await call(societies.listSocieties, {
      token: superAdmin,
      query: { project: fixture.project, search: renamed, match: 'prefix' },
    });
    expect(byNewName.body.results.map((s) => s.uuid)).toEqual([made.uuid]);
    const byOldName = await call(societies.listSocieties, {
      token: superAdmin,
      query: { project: fixture.project, search: 'temporal', match: 'prefix' },
    });
    expect(byOldName.body.count).toBe(0);
    await deleteSociety(system, moved.uuid);
    expect(await compare('deleted')).toBe(inA);
    const project = await call(societies.listSocieties, { token: superAdmin, query: { project: fixture.project } });
    expect(project.body.count).toBe(SOCIETIES);
  });

  test('the index path keeps tenancy: a PROJECT_ADMIN of another project asking for these groups gets 404', async () => {
    for (const group of [fixture.groupA, fixture.groupB]) {
      for (const match of ['contains', 'prefix'] as const) {
        const answer = await call(societies.listSocieties, {
          token: projectAdmin,
          query: { group, match, ...(match === 'prefix' && { search: 'a' }) },
        });
        expect(answer.status).toBe(404);
      }
    }
    const plain = await call(societies.listSocieties, { token: projectAdmin, query: { group: fixture.groupA } });
    expect(plain.status).toBe(404);
    // Positive control: the same request of the SUPER_ADMIN lists them.
    const allowed = await call(societies.listSocieties, { token: superAdmin, query: { group: fixture.groupA } });
    expect(allowed.status).toBe(200);
    expect(allowed.body.count).toBeGreaterThan(0);
  });
});

describe('backfill', () => {
  test('rebuilds a partition’s index from its directory, and a second run writes nothing', async () => {
    const { dynamo, lib, tableName } = await tableAccess();
    const { COUNTER_SHARDS, readIndexItems } = await import('../../functions/lib/data/sorted-index');
    const { BUCKET_SHARDS, isIndexRow } = await import('../../functions/lib/data/order-buckets');
    const { societiesOfGroup } = await import('../../functions/lib/data/societies');
    const { backfillPartition } = await import('../../functions/lib/data/list-index-backfill');
    const directory = societiesOfGroup(fixture.groupB);
    const before = await societiesBothWays({ group: fixture.groupB, offset: 0, limit: 100 });
    expect(before.indexed.result).toEqual(before.directory.result);
    // As a table written before the indexes: no rows, no counters, and one stray row of an entry that is gone.
    const items = await readIndexItems(directory);
    expect(items.length).toBeGreaterThan(before.directory.result.count);
    for (const item of items) {
      await dynamo.send(new lib.DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }));
    }
    const stray = { pk: items[0]?.pk, sk: `U#2000-01-01T00:00:00.000Z#${randomUUID()}`, v: '{}' };
    await dynamo.send(new lib.PutCommand({ TableName: tableName, Item: stray }));
    const emptied = await societiesBothWays({ group: fixture.groupB, offset: 0, limit: 100 });
    expect(emptied.indexed.result.count).toBe(0);

    const first = await backfillPartition(directory);
    const rows = items.filter((item) => isIndexRow(String(item.sk)));
    // Every row, every counter item (those no entry had reached yet are written as 0), a layout per order (U, N, R and
    // the picker's P) and every bucket count item.
    expect(first).toEqual({
      entries: before.directory.result.count,
      put: rows.length + COUNTER_SHARDS + 4 + BUCKET_SHARDS,
      deleted: 1,
    });
    const after = await societiesBothWays({ group: fixture.groupB, offset: 0, limit: 100 });
    expect(after.indexed.result).toEqual(before.directory.result);
    expect(await backfillPartition(directory)).toEqual({ entries: before.directory.result.count, put: 0, deleted: 0 });
  });
});
