import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as societies from '../../shared/contracts/societies';
import { call, signIn } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { freshRut } from '../helpers/fresh';
import { dynamoCallsOf } from '../helpers/in-process';
import {
  expectPagesAlike,
  expectPrefixSearch,
  offsetsUpTo,
  projectWithTwoGroups,
  readerBothWays,
} from '../helpers/list-paging';
import { societyBody } from '../helpers/societies';

/**
 * The society picker (GET api/v1/societies/user/list/) reads the societies' sorted index (docs/decisions/list-paging.md)
 * in its own order, by search text (name, RUT, code) then id, for a scope one partition serves; `uuids=` and `society=`
 * read those societies by key. The directory is what every writer keeps exactly, so it is the yardstick: every page,
 * count, prefix search and selection the index answers must be the one the directory answers (LIST_INDEXES=off).
 */
// Names whose order in memory a '#' after the value would break (' ' and '!' sort below '#'), ties on the name broken
// by RUT and code, ties on the whole search text broken by id, accents, a '#' in a name, a name starting with a digit.
const NAMES = ['Roble', 'Roble 2', 'Roble!', 'Roble #5', 'Robles', 'Álamo', 'alamo', 'Ñandú', '3 Ríos', 'Raulí'];
const SOCIETIES = 40;
const SMALL = { rows: 4, split: 8 };
const system = { user: { uuid: 'picker-test', email: 'picker@prueba.cl' }, role: 'SUPER_ADMIN' } as never;
let superAdmin: string;
let projectAdmin: string;
const fixture = {
  project: '',
  groupA: '',
  groupB: '',
  societies: [] as Array<{ uuid: string; name: string; rut: string | null; group: string }>,
};

const data = async () => ({
  ...(await import('../../functions/societies/societies')),
  ...(await import('../../functions/societies/society-lists')),
  ...(await import('../../functions/lib/data/societies')),
  ...(await import('../../functions/lib/data/sorted-index')),
  ...(await import('../../functions/lib/data/order-buckets')),
});

/** `n` more societies in `project`'s groups, five at a time (concurrent writers of a partition share count items). */
async function addSocieties(into: typeof fixture, n: number) {
  const { createSociety } = await data();
  const start = into.societies.length;
  for (let at = start; at < start + n; at += 5) {
    const made = await Promise.all(
      Array.from({ length: Math.min(5, start + n - at) }, (_, k) => {
        const i = at + k;
        const group = i % 3 ? into.groupA : into.groupB;
        // Every fourth has no RUT, so some whole search texts tie; codes of two kinds.
        const rut = i % 4 === 0 ? null : freshRut();
        const body = societyBody(group, {
          society_business_name: NAMES[i % NAMES.length],
          society_rut: rut,
          company_code: i % 2 ? 'B1' : 'A1',
        });
        return createSociety(system, body as never).then((s) => ({
          uuid: s.uuid,
          name: s.society_business_name,
          rut,
          group,
        }));
      }),
    );
    into.societies.push(...made);
  }
}

async function newProject(into: typeof fixture) {
  Object.assign(into, await projectWithTwoGroups(system, 'Selector'));
}

beforeAll(async () => {
  [superAdmin, projectAdmin] = await Promise.all([
    signIn('superadmin@demo.cl').then((t) => t.access),
    signIn('proyecto@demo.cl').then((t) => t.access),
  ]);
  await tableAccess();
  await newProject(fixture);
  await addSocieties(fixture, SOCIETIES);
}, 240_000);

/** A page of the picker, read both ways. */
const pickerBothWays = readerBothWays(
  async () => (await import('../../functions/societies/society-lists')).pageSocietyPicker,
  (society) => society.uuid,
);
const FILTERS = () => [{ project: fixture.project }, { group: fixture.groupA }, { group: fixture.groupB }];
/** Callers whose default scope is one partition: a PROJECT_ADMIN of the project, a GROUP_ADMIN of group A. */
const ADMINS = () => [
  {
    label: 'PROJECT_ADMIN of one project',
    caller: { user: { uuid: 'p', project_uuids: [fixture.project], group_uuids: [] }, role: 'PROJECT_ADMIN' },
  },
  {
    label: 'GROUP_ADMIN of one group',
    caller: {
      user: { uuid: 'g', project_uuids: [fixture.project], group_uuids: [fixture.groupA] },
      role: 'GROUP_ADMIN',
    },
  },
];

describe('the picker’s index answers what the directory answers', () => {
  test('every page of a project, of each group and of one-partition admins, at every offset, with its count', async () => {
    for (const filter of FILTERS()) {
      await expectPagesAlike(pickerBothWays, filter, { label: filter, offsets: offsetsUpTo(SOCIETIES, 6), limit: 6 });
    }
    for (const { label, caller } of ADMINS()) {
      await expectPagesAlike(pickerBothWays, {}, { label, caller, offsets: offsetsUpTo(SOCIETIES, 9), limit: 9 });
    }
    const { indexed } = await pickerBothWays({ project: fixture.project, offset: 0, limit: 100_000 });
    expect(indexed.result.count).toBe(SOCIETIES);
    expect(new Set(indexed.result.rows)).toEqual(new Set(fixture.societies.map((s) => s.uuid)));
    // Over HTTP: by name, 'alamo' and 'Álamo' first (their search texts tie on the name).
    const answer = await call(societies.listSocietiesForUsers, {
      token: superAdmin,
      query: { project: fixture.project, limit: 3 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(SOCIETIES);
    expect(answer.body.results.map((s) => s.uuid)).toEqual(indexed.result.rows.slice(0, 3));
  }, 240_000);

  test('a prefix search (match=prefix) finds exactly the names or RUTs that start with it, by name', async () => {
    const { normalizeSearch } = await import('../../functions/lib/data/list-index');
    const withRut = fixture.societies.filter((s) => s.rut);
    const rut = (withRut[7] as { rut: string }).rut;
    const body = rut.split('-')[0] as string;
    const typedRut = `${body.slice(0, -6)}.${body.slice(-6, -3)}.${body.slice(-3, -1)}`;
    const byName = (text: string) => (s: { name: string }) => normalizeSearch(s.name).startsWith(text);
    const cases = [
      { search: 'ROBLE', wanted: byName('roble') },
      { search: 'roble ', wanted: byName('roble') },
      { search: 'roble #', wanted: byName('roble #') },
      // The index's keys put '#' after a name: 'roble#' must not find 'Roble'.
      { search: 'roble#', wanted: () => false },
      { search: 'ÁLAMO', wanted: byName('alamo') },
      { search: 'nandu', wanted: byName('nandu') },
      { search: typedRut, wanted: (s: { rut: string | null }) => !!s.rut?.startsWith(body.slice(0, -1)) },
      // Starts with a digit: the names starting with it and the RUTs.
      {
        search: '3',
        wanted: (s: { name: string; rut: string | null }) => s.name.startsWith('3') || !!s.rut?.startsWith('3'),
      },
      { search: 'ble', wanted: () => false },
    ];
    for (const c of cases) {
      const answer = await call(societies.listSocietiesForUsers, {
        token: superAdmin,
        query: { project: fixture.project, search: c.search, match: 'prefix', limit: 100 },
      });
      const wanted = fixture.societies.filter(c.wanted).map((s) => s.uuid);
      await expectPrefixSearch({ search: c.search, answer, wanted }, pickerBothWays, { project: fixture.project });
      // Paged too, in a group.
      await expectPagesAlike(
        pickerBothWays,
        { group: fixture.groupA, search: c.search, match: 'prefix' },
        {
          label: c.search,
          offsets: [0, 2, 5],
          limit: 3,
        },
      );
    }
    // The societies list's prefix search keeps only names that start so too.
    const list = await call(societies.listSocieties, {
      token: superAdmin,
      query: { project: fixture.project, search: 'roble#', match: 'prefix' },
    });
    expect({ status: list.status, count: list.body.count }).toEqual({ status: 200, count: 0 });
    // 'contains' (the default) still finds text anywhere, read from the directory: the same answer both ways.
    const inside = await pickerBothWays({ project: fixture.project, search: 'ble', offset: 0, limit: 100 });
    expect(inside.indexed.result).toEqual(inside.directory.result);
    expect(inside.indexed.operations).not.toContain('Query');
    expect(inside.indexed.result.count).toBe(fixture.societies.filter((s) => /ble/i.test(s.name)).length);
  }, 240_000);

  test('uuids= and society= read those societies by key, with the scope’s rows, order, count and 404s', async () => {
    const ours = fixture.societies.map((s) => s.uuid);
    const inA = fixture.societies.filter((s) => s.group === fixture.groupA).map((s) => s.uuid);
    const inB = fixture.societies.filter((s) => s.group === fixture.groupB).map((s) => s.uuid);
    const outside = randomUUID();
    const picked = [ours[3], ours[9], ours[3], inA[0], inB[0], inB[1], outside, fixture.groupA] as string[];
    const cases: Array<{ query: Record<string, unknown>; caller?: unknown }> = [
      { query: { project: fixture.project, uuids: picked } },
      { query: { group: fixture.groupA, uuids: picked } },
      { query: { group: fixture.groupB, uuids: picked, search: 'roble' } },
      { query: { group: fixture.groupB, uuids: picked, search: 'roble', match: 'prefix' } },
      { query: { uuids: picked } },
      { query: { uuids: [] } },
      { query: { project: fixture.project, society: inB[0] } },
      { query: { group: fixture.groupA, society: inB[0] } },
      { query: { group: fixture.groupA, society: inA[0], uuids: picked } },
      { query: { group: fixture.groupA, uuids: picked, offset: 2 } },
      ...ADMINS().flatMap(({ caller }) => [
        { query: { uuids: picked }, caller },
        { query: { project: fixture.project, uuids: picked }, caller },
      ]),
    ];
    for (const c of cases) {
      const query = { offset: 0, limit: 2, ...c.query };
      const { indexed, directory } = await pickerBothWays(query as never, c.caller);
      expect({ query, ...indexed.result }).toEqual({ query, ...directory.result });
      // At most one BatchGet, of the societies and the groups whose scope decides; no directory, no Query.
      expect({ query, operations: indexed.operations }).toEqual({
        query,
        operations: indexed.operations.length === 0 ? [] : ['BatchGetItem'],
      });
    }
    const all = await pickerBothWays({ project: fixture.project, uuids: picked, offset: 0, limit: 100 });
    expect(new Set(all.indexed.result.rows)).toEqual(new Set([ours[3], ours[9], inA[0], inB[0], inB[1]]));
  }, 240_000);
});

describe('tenancy', () => {
  test('a PROJECT_ADMIN of another project gets 404 for these groups and finds none of these societies', async () => {
    const { demo } = inject('portal');
    const ours = fixture.societies.map((s) => s.uuid).slice(0, 5);
    for (const group of [fixture.groupA, fixture.groupB]) {
      const extras: Array<Record<string, string | number>> = [
        {},
        { search: 'roble', match: 'prefix' },
        { uuids: ours.join(',') },
        { offset: 3 },
      ];
      for (const extra of extras) {
        const answer = await call(societies.listSocietiesForUsers, { token: projectAdmin, query: { group, ...extra } });
        expect({ group, extra, status: answer.status }).toEqual({ group, extra, status: 404 });
      }
    }
    const project = await call(societies.listSocietiesForUsers, {
      token: projectAdmin,
      query: { project: fixture.project, uuids: ours.join(',') },
    });
    expect(project.status).toBe(404);
    // Its own scope, asked for our societies by uuid, or by a prefix of their names: none of ours.
    const own: Array<Record<string, string | number>> = [
      { uuids: ours.join(',') },
      { search: 'roble', match: 'prefix', limit: 1000 },
    ];
    for (const query of own) {
      const answer = await call(societies.listSocietiesForUsers, { token: projectAdmin, query });
      expect(answer.status).toBe(200);
      expect(answer.body.results.filter((s) => fixture.societies.some((o) => o.uuid === s.uuid))).toEqual([]);
      expect(answer.body.results.every((s) => s.project !== fixture.project)).toBe(true);
    }
    // Positive controls: the SUPER_ADMIN is answered for the same requests, and the PROJECT_ADMIN for its own project.
    const allowed = await call(societies.listSocietiesForUsers, {
      token: superAdmin,
      query: { group: fixture.groupA, uuids: ours.join(',') },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.count).toBeGreaterThan(0);
    const andes = await call(societies.listSocietiesForUsers, {
      token: projectAdmin,
      query: { project: demo.projects.andes, limit: 5 },
    });
    expect(andes.status).toBe(200);
    expect(andes.body.count).toBeGreaterThan(0);
  });
});

describe('calls that do not grow with the partition', () => {
  test('page 1, page 2, a group, a prefix search and uuids= cost the same DynamoDB calls at 10 and 40 societies', async () => {
    const { pageSocietyPicker } = await data();
    const small = { ...fixture, project: '', groupA: '', groupB: '', societies: [] as typeof fixture.societies };
    await newProject(small);
    await addSocieties(small, 10);
    const requests = () => ({
      'page 1': { project: small.project, offset: 0, limit: 5 },
      'page 2': { project: small.project, offset: 5, limit: 5 },
      'a group': { group: small.groupA, offset: 0, limit: 5 },
      'name prefix': { project: small.project, search: 'ñandu', match: 'prefix' as const, offset: 0, limit: 5 },
      'RUT prefix': { project: small.project, search: '3', match: 'prefix' as const, offset: 0, limit: 5 },
      'uuids=': { project: small.project, uuids: small.societies.slice(0, 3).map((s) => s.uuid), offset: 0, limit: 5 },
    });
    const costs = async () => {
      const out: Record<string, { operations: string[]; limits: number[]; count: number }> = {};
      for (const [name, query] of Object.entries(requests())) {
        const { operations, inputs, result } = await dynamoCallsOf(() => pageSocietyPicker(system, query));
        out[name] = {
          // The page's Query and the counters' BatchGet run at once: their order is not the cost.
          operations: [...operations].sort(),
          limits: inputs.filter((i) => 'KeyConditionExpression' in i).map((i) => Number(i.Limit ?? 0)),
          count: result.count,
        };
      }
      return out;
    };
    const at10 = await costs();
    await addSocieties(small, 30);
    const at40 = await costs();
    console.log(JSON.stringify({ at10, at40 }));
    expect(at10['page 1']?.count).toBe(10);
    expect(at40['page 1']?.count).toBe(40);
    expect(at10['page 1']?.operations).toEqual(['BatchGetItem', 'Query']);
    expect(at10['uuids=']?.operations).toEqual(['BatchGetItem']);
    // The same calls, and Queries asking for the same rows, at both sizes (a prefix reads its matches: ranges alone).
    const shape = (costs: typeof at10) =>
      Object.fromEntries(
        Object.entries(costs).map(([name, c]) => [name, { operations: c.operations, limits: c.limits }]),
      );
    expect(shape(at40)).toEqual(shape(at10));
  }, 240_000);

  test('a deep page of the picker’s order, found from its bucket counts, is the slice of the whole order', async () => {
    const { readOrderPage, readCount, rebalanceOrder, indexPk, readIndexItems, isIndexRow, bucketMismatches } =
      await data();
    const { societiesOfProject, SOCIETY_ORDERS } = await data();
    const directory = societiesOfProject(fixture.project);
    const pk = indexPk(directory);
    for (let round = 0; round < 3 && (await rebalanceOrder(pk, SOCIETY_ORDERS.picker, SMALL)); round += 1);
    const items = await readIndexItems(directory);
    expect(bucketMismatches(pk, items.map((i) => String(i.sk)).filter(isIndexRow), items)).toEqual([]);
    const count = await readCount(directory);
    const whole = (await pickerBothWays({ project: fixture.project, offset: 0, limit: 1000 })).directory.result.rows;
    expect(whole).toHaveLength(count);
    for (let offset = 0; offset <= count + 1; offset += 1) {
      const { operations, result } = await dynamoCallsOf(() =>
        readOrderPage(directory, SOCIETY_ORDERS.picker, { descending: false, offset, limit: 5, count, direct: 0 }),
      );
      expect({ offset, ids: result.map((e) => e.id) }).toEqual({ offset, ids: whole.slice(offset, offset + 5) });
      if (offset > 0 && offset < count) expect(operations).toEqual(['BatchGetItem', 'Query']);
    }
  }, 240_000);
});

describe('writers and backfill', () => {
  test('create, rename, move and delete keep the picker’s pages exact', async () => {
    const { createSociety, patchSociety, deleteSociety } = await data();
    const compare = async (label: string) => {
      for (const filter of FILTERS()) {
        await expectPagesAlike(pickerBothWays, filter, { label: { label, filter }, limit: 100 });
      }
    };
    const made = await createSociety(
      system,
      societyBody(fixture.groupA, { society_business_name: 'Roble 2', society_rut: freshRut() }) as never,
    );
    await compare('created');
    const moved = await patchSociety(
      system,
      made.uuid,
      { society_business_name: 'Robleda', group: fixture.groupB, version: made.version } as never,
      undefined,
    );
    await compare('renamed and moved');
    await deleteSociety(system, moved.uuid);
    await compare('deleted');
  }, 240_000);

  test('the backfill puts back a partition’s picker rows from its directory', async () => {
    const { dynamo, lib, tableName } = await tableAccess();
    const { readIndexItems, societiesOfGroup, backfillPartition } = {
      ...(await data()),
      ...(await import('../../functions/lib/data/list-index-backfill')),
    };
    const directory = societiesOfGroup(fixture.groupB);
    const before = await pickerBothWays({ group: fixture.groupB, offset: 0, limit: 100 });
    expect(before.indexed.result).toEqual(before.directory.result);
    // As a table written before the picker's order: no P rows.
    const rows = (await readIndexItems(directory)).filter((item) => String(item.sk).startsWith('P#'));
    expect(rows).toHaveLength(before.directory.result.count);
    for (const item of rows) {
      await dynamo.send(new lib.DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }));
    }
    const emptied = await pickerBothWays({ group: fixture.groupB, offset: 0, limit: 100 });
    expect(emptied.indexed.result.rows).toEqual([]);
    const first = await backfillPartition(directory);
    expect(first.put).toBeGreaterThanOrEqual(rows.length);
    const after = await pickerBothWays({ group: fixture.groupB, offset: 0, limit: 100 });
    expect(after.indexed.result).toEqual(before.directory.result);
    expect(await backfillPartition(directory)).toMatchObject({ put: 0, deleted: 0 });
  }, 240_000);
});
