import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import * as groups from '../../shared/contracts/groups';
import { call, signIn } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import {
  callerOf,
  expectOwnRowsAlike,
  expectPagesAlike,
  expectPrefixSearch,
  offsetsUpTo,
  readerBothWays,
} from '../helpers/list-paging';

/**
 * The groups list reads sorted index items and counters (docs/decisions/list-paging.md) in each of its orderings. The
 * directory is what every writer keeps exactly, so it is the yardstick: each page and count the index answers, in every
 * ordering, must be the one the directory answers (LIST_INDEXES=off reads it), through create, rename, disable and
 * delete; and the backfill rebuilds a partition's index from its directory.
 */
// Names whose order in memory a '#' after the value would break ('Grupo a' before 'Grupo a 2' and 'Grupo a!', though
// ' ' and '!' sort below '#'), names holding '#', accents. (Names are unique in a project once normalised: ties by id
// are the every-group partition's, where the demo's projects have groups too.)
const NAMES = ['Grupo a', 'Grupo a 2', 'Grupo a!', 'Grupo a#b', 'Grupo ab', 'Álamo', 'Zorzal', 'Ñandú', 'grupo b'];
const GROUPS = 36;
const ORDERINGS = groups.GROUP_ORDERINGS;
let superAdmin: string;
let projectAdmin: string;
const fixture = { project: '', groups: [] as Array<{ uuid: string; name: string }> };
const system = { user: { uuid: 'group-paging-test', email: 'paging@prueba.cl' }, role: 'SUPER_ADMIN' } as never;

beforeAll(async () => {
  [superAdmin, projectAdmin] = await Promise.all([
    signIn('superadmin@demo.cl').then((t) => t.access),
    signIn('proyecto@demo.cl').then((t) => t.access),
  ]);
  await tableAccess();
  const { createProject } = await import('../../functions/projects/projects');
  const { createGroup } = await import('../../functions/groups/groups');
  const project = await createProject(
    system,
    {
      project_name: `Grupos ${randomUUID().slice(0, 8)}`,
      client_name: 'Grupos',
      associated_service_description: 'g',
      service_description: 'g',
    },
    [],
  );
  fixture.project = project.uuid;
  // Six at a time: concurrent writers of a partition share its counter items and retry (transact.ts).
  for (let start = 0; start < GROUPS; start += 6) {
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, k) => {
        const i = start + k;
        const name = i < NAMES.length ? (NAMES[i] as string) : `${NAMES[i % NAMES.length]} ${i}`;
        return createGroup(system, {
          group_name: name,
          group_description: 'g',
          project: project.uuid,
          enable: i % 4 !== 0,
        } as never) as Promise<{ uuid: string; group_name: string }>;
      }),
    );
    fixture.groups.push(...made.map((g) => ({ uuid: g.uuid, name: g.group_name })));
  }
}, 180_000);

/** A page of groups, read both ways. */
const groupsBothWays = readerBothWays(
  async () => (await import('../../functions/groups/group-lists')).pageGroups,
  (group) => group.uuid,
);

describe('the sorted index answers what the directory answers', () => {
  test('every page of the project, in every ordering, at every offset, with its count', async () => {
    const pages = await expectPagesAlike(
      groupsBothWays,
      { project: fixture.project },
      { label: 'project', orderings: ORDERINGS, offsets: offsetsUpTo(GROUPS, 5), limit: 5 },
    );
    for (const page of pages) expect(page.count).toBe(GROUPS);
    for (const ordering of ORDERINGS) {
      // The whole project in one page: every group, in the same order.
      const whole = await groupsBothWays({ project: fixture.project, ordering, offset: 0, limit: 1000 });
      expect(whole.indexed.result).toEqual(whole.directory.result);
      expect(new Set(whole.indexed.result.rows)).toEqual(new Set(fixture.groups.map((g) => g.uuid)));
    }
  });

  test('every group (SUPER_ADMIN, no filter) and a PROJECT_ADMIN’s default scope, in every ordering', async () => {
    // Every group of the table: the files running beside this one add and remove theirs meanwhile.
    const ours = new Set(fixture.groups.map((g) => g.uuid));
    for (const rows of await expectOwnRowsAlike(
      groupsBothWays,
      {},
      {
        label: 'every group',
        ours: (row) => ours.has(row),
        orderings: ORDERINGS,
      },
    )) {
      expect(rows).toHaveLength(GROUPS);
    }
    // A PROJECT_ADMIN of this project alone: its default scope is the project's groups.
    const { createTestUser } = await import('../helpers/db');
    const { patchProject } = await import('../../functions/projects/projects');
    const admin = await createTestUser('PROJECT_ADMIN', [], 'grupos');
    await patchProject(system, fixture.project, { admin: [admin.uuid] } as never, []);
    const pages = await expectPagesAlike(
      groupsBothWays,
      {},
      {
        label: 'project admin',
        caller: await callerOf(admin.uuid, 'PROJECT_ADMIN'),
        orderings: ORDERINGS,
        limit: 1000,
      },
    );
    for (const page of pages) expect(page.count).toBe(GROUPS);
  });

  test('a deep page, read from the nearer end past the rows read directly, is the slice of the whole order', async () => {
    const { readOrderPage, readCount } = await import('../../functions/lib/data/sorted-index');
    const { groupsOfProject, GROUP_ORDERS } = await import('../../functions/lib/data/groups');
    const directory = groupsOfProject(fixture.project);
    const count = await readCount(directory);
    expect(count).toBe(GROUPS);
    for (const order of Object.values(GROUP_ORDERS)) {
      for (const descending of [true, false]) {
        const whole = (await readOrderPage(directory, order, { descending, offset: 0, limit: 1000 })).map((e) => e.id);
        expect(whole).toHaveLength(GROUPS);
        for (let offset = 0; offset <= GROUPS + 1; offset += 1) {
          const page = await readOrderPage(directory, order, { descending, offset, limit: 4, count, direct: 0 });
          expect({ order, descending, offset, ids: page.map((e) => e.id) }).toEqual({
            order,
            descending,
            offset,
            ids: whole.slice(offset, offset + 4),
          });
        }
      }
    }
  });

  test('a prefix search finds exactly the names (accent- and case-free) that start with it, in the ordering asked', async () => {
    const { normalizeSearch } = await import('../../functions/lib/data/list-index');
    for (const search of ['GRUPO A', 'grupo a ', 'grupo a#', 'álamo', 'zor', 'nandu', 'upo']) {
      const wanted = fixture.groups.filter((g) => normalizeSearch(g.name).startsWith(normalizeSearch(search)));
      for (const ordering of ORDERINGS) {
        const answer = await call(groups.listGroups, {
          token: superAdmin,
          query: { project: fixture.project, search, match: 'prefix', ordering, limit: 100 },
        });
        const wantedIds = wanted.map((g) => g.uuid);
        await expectPrefixSearch(
          { search, answer, wanted: wantedIds },
          groupsBothWays,
          { project: fixture.project },
          ordering,
        );
      }
    }
    // 'contains' (the default) still finds text in the middle of the name, from the directory.
    const inside = await call(groups.searchGroups, {
      token: superAdmin,
      query: { project: fixture.project, search: 'upo a', limit: 100 },
    });
    expect(inside.body.count).toBe(fixture.groups.filter((g) => normalizeSearch(g.name).includes('upo a')).length);
    expect(inside.body.count).toBeGreaterThan(0);
  });
});

describe('writers keep rows and counts in the group’s transaction', () => {
  test('create, rename, disable and delete keep every page and count exact', async () => {
    const { createGroup, patchGroup, deleteGroup } = await import('../../functions/groups/groups');
    const compare = async (label: string) => {
      const [page] = await expectPagesAlike(
        groupsBothWays,
        { project: fixture.project },
        { label, orderings: ORDERINGS, limit: 100 },
      );
      // The project's groups in the list of every group (whose other rows the files beside this one change).
      const ours = new Set(page?.rows);
      const [every] = await expectOwnRowsAlike(groupsBothWays, {}, { label, ours: (row) => ours.has(row) });
      expect(every).toHaveLength(ours.size);
      return page?.count;
    };
    expect(await compare('before')).toBe(GROUPS);
    const made = (await createGroup(system, {
      group_name: `Temporal ${randomUUID().slice(0, 6)}`,
      group_description: 'g',
      project: fixture.project,
    })) as { uuid: string; version: number };
    expect(await compare('created')).toBe(GROUPS + 1);
    const renamed = `Renombrado ${randomUUID().slice(0, 6)}`;
    const after = (await patchGroup(system, made.uuid, {
      group_name: renamed,
      enable: false,
      version: made.version,
    } as never)) as { version: number };
    expect(after.version).toBe(made.version + 1);
    expect(await compare('renamed and disabled')).toBe(GROUPS + 1);
    const byNewName = await call(groups.listGroups, {
      token: superAdmin,
      query: { project: fixture.project, search: renamed, match: 'prefix' },
    });
    expect(byNewName.body.results.map((g) => g.uuid)).toEqual([made.uuid]);
    const byOldName = await call(groups.listGroups, {
      token: superAdmin,
      query: { project: fixture.project, search: 'temporal', match: 'prefix' },
    });
    expect(byOldName.body.count).toBe(0);
    await deleteGroup(system, made.uuid);
    expect(await compare('deleted')).toBe(GROUPS);
  });

  test('the index path keeps tenancy: a PROJECT_ADMIN of another project asking for this one gets 404', async () => {
    const queries: Array<Record<string, string>> = [
      { project: fixture.project },
      { project: fixture.project, search: 'grupo', match: 'prefix' },
      { project: fixture.project, ordering: 'group_name' },
    ];
    for (const query of queries) {
      const answer = await call(groups.listGroups, { token: projectAdmin, query });
      expect({ query, status: answer.status }).toEqual({ query, status: 404 });
      // Positive control: the same request of the SUPER_ADMIN lists them.
      const allowed = await call(groups.listGroups, { token: superAdmin, query });
      expect(allowed.status).toBe(200);
      expect(allowed.body.count).toBeGreaterThan(0);
    }
    // Its own scope has none of these groups.
    const own = await call(groups.listGroups, { token: projectAdmin, query: { limit: 1000 } });
    const ours = new Set(fixture.groups.map((g) => g.uuid));
    expect(own.body.results.filter((g) => ours.has(g.uuid))).toEqual([]);
    expect(own.body.count).toBeGreaterThan(0);
  });
});

describe('backfill', () => {
  test('rebuilds a group partition’s index from its directory, and a second run writes nothing', async () => {
    const { dynamo, lib, tableName } = await tableAccess();
    const { COUNTER_SHARDS, readIndexItems } = await import('../../functions/lib/data/sorted-index');
    const { BUCKET_SHARDS, isIndexRow } = await import('../../functions/lib/data/order-buckets');
    const { groupsOfProject } = await import('../../functions/lib/data/groups');
    const { backfillPartition, INDEXED_LISTS } = await import('../../functions/lib/data/list-index-backfill');
    const directory = groupsOfProject(fixture.project);
    const { indexedOf } = INDEXED_LISTS.groups;
    const before = await groupsBothWays({ project: fixture.project, ordering: 'group_name', offset: 0, limit: 100 });
    expect(before.indexed.result).toEqual(before.directory.result);
    const items = await readIndexItems(directory);
    for (const item of items) {
      await dynamo.send(new lib.DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }));
    }
    const stray = { pk: items[0]?.pk, sk: `N#zzz\u0001${randomUUID()}`, v: '{}' };
    await dynamo.send(new lib.PutCommand({ TableName: tableName, Item: stray }));
    const emptied = await groupsBothWays({ project: fixture.project, offset: 0, limit: 100 });
    expect(emptied.indexed.result.count).toBe(0);

    const first = await backfillPartition(directory, indexedOf);
    const rows = items.filter((item) => isIndexRow(String(item.sk)));
    expect(rows).toHaveLength(GROUPS * 3);
    // Every row, every counter item, a layout per order (U, N, E) and every bucket count item.
    expect(first).toEqual({ entries: GROUPS, put: rows.length + COUNTER_SHARDS + 3 + BUCKET_SHARDS, deleted: 1 });
    const after = await groupsBothWays({ project: fixture.project, ordering: 'group_name', offset: 0, limit: 100 });
    expect(after.indexed.result).toEqual(before.directory.result);
    expect(await backfillPartition(directory, indexedOf)).toEqual({ entries: GROUPS, put: 0, deleted: 0 });
  });
});
