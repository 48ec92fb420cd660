import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import type { PickerQuery } from '../../functions/lib/data/people-pickers';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import type { Role } from '../../shared/roles';
import { call, signIn } from '../helpers/api';
import { tableAccess, testUserRecord } from '../helpers/db';
import { dynamoCallsOf } from '../helpers/in-process';
import { expectPagesAlike, offsetsUpTo, projectWithTwoGroups, readerBothWays } from '../helpers/list-paging';

/**
 * The people pickers (groups' and societies' admin-available and user-available, projects' admin-available) read one
 * range of the users' sorted index, the `E` order (enabled, role, name), counted by its bucket counts, when one
 * partition holds every candidate. The directory is what every writer keeps exactly, so it is the yardstick: every
 * page, count, prefix search and selection the index answers must be the one the directory answers (LIST_INDEXES=off).
 */
// Ties on the first name broken by the last, ties on the whole name broken by id, accents and case, a space.
const FIRST = ['Ana', 'ana', 'Ána', 'Andrés', 'Ñuño', 'Zoe', 'Ana María', 'Beto'];
const LAST = ['Pérez', 'Perez', 'Soto', 'Soto'];
const ROLES: Role[] = ['USER_SOCIETY', 'USER_GROUP', 'GROUP_ADMIN'];
const USERS = 36;
const SMALL = { rows: 3, split: 6 };
const system = { user: { uuid: 'people-picker-test', email: 'picker@prueba.cl' }, role: 'SUPER_ADMIN' } as never;
const fixture = { project: '', groupA: '', groupB: '', users: [] as Array<{ uuid: string; role: Role; on: boolean }> };
let superAdmin: string;
let projectAdmin: string;

const data = async () => ({
  ...(await import('../../functions/lib/data/users')),
  ...(await import('../../functions/lib/data/people-pickers')),
  ...(await import('../../functions/lib/data/sorted-index')),
  ...(await import('../../functions/lib/data/order-buckets')),
  ...(await import('../../functions/lib/data/user-listing')),
  ...(await import('../../functions/lib/scope')),
});

/** `n` more users of the project, of the three roles, every fifth disabled, five at a time. */
async function addUsers(into: typeof fixture, n: number) {
  const { putNewUser } = await data();
  const start = into.users.length;
  for (let at = start; at < start + n; at += 5) {
    const made = await Promise.all(
      Array.from({ length: Math.min(5, start + n - at) }, async (_, k) => {
        const i = at + k;
        const uuid = randomUUID();
        const role = ROLES[i % ROLES.length] as Role;
        const on = i % 5 !== 4;
        await putNewUser(
          testUserRecord({
            uuid,
            email: `selector-${uuid.slice(0, 12)}@prueba.cl`,
            first_name: FIRST[i % FIRST.length] as string,
            last_name: LAST[i % LAST.length] as string,
            user_role: role,
            enable: on,
          }),
          [{ field: 'project_uuids', uuid: into.project, project_uuid: into.project }],
        );
        return { uuid, role, on };
      }),
    );
    into.users.push(...made);
  }
}

/** Splits the project partition's `E` order into buckets of a few rows, so pages and counts cross buckets. */
async function smallBuckets(project: string) {
  const { rebalanceOrder, indexPk, usersOfProject, USER_ORDERS } = await data();
  const pk = indexPk(usersOfProject(project));
  for (let round = 0; round < 8 && (await rebalanceOrder(pk, USER_ORDERS.active, SMALL)); round += 1);
}

beforeAll(async () => {
  [superAdmin, projectAdmin] = await Promise.all([
    signIn('superadmin@demo.cl').then((t) => t.access),
    signIn('proyecto@demo.cl').then((t) => t.access),
  ]);
  await tableAccess();
  Object.assign(fixture, await projectWithTwoGroups(system, 'Personas'));
  await addUsers(fixture, USERS);
  await smallBuckets(fixture.project);
}, 240_000);

/** One picker (a role) read both ways as the reach its caller assigns from. */
const pickerOf = (role: Role) =>
  readerBothWays(
    async () => {
      const { pickPeople, assignablePartitions } = await data();
      return (caller: never, query: PickerQuery) =>
        pickPeople(assignablePartitions(caller, query.project), role, query);
    },
    (person: { uuid: string }) => person.uuid,
  );

const projectAdminOf = () => ({
  user: { uuid: 'p', project_uuids: [fixture.project], group_uuids: [] },
  role: 'PROJECT_ADMIN',
});

describe('the people pickers’ index answers what the directory answers', () => {
  test('every page of each role, at every offset across buckets, with its count, for a SUPER_ADMIN and a PROJECT_ADMIN', async () => {
    const { readBuckets, indexPk, usersOfProject, USER_ORDERS } = await data();
    const buckets = await readBuckets(indexPk(usersOfProject(fixture.project)), USER_ORDERS.active);
    // The order is cut into many buckets: a page and a count cross them.
    expect(buckets?.length ?? 0).toBeGreaterThan(5);
    for (const role of ROLES) {
      const wanted = fixture.users.filter((u) => u.role === role && u.on).length;
      const read = pickerOf(role);
      const pages = await expectPagesAlike(
        read,
        { project: fixture.project },
        { label: role, offsets: offsetsUpTo(wanted + 2, 2), limit: 3 },
      );
      expect({ role, count: pages[0]?.count }).toEqual({ role, count: wanted });
      await expectPagesAlike(read, {}, { label: role, caller: projectAdminOf(), offsets: [0, 3, 7], limit: 4 });
    }
  }, 240_000);

  test('a prefix search (match=prefix) finds the people whose first then last name starts with it, paged', async () => {
    const { normalizeSearch } = await import('../../functions/lib/data/list-index');
    for (const search of ['ANA', 'ána ', 'ana maria', 'ana p', 'nuno', 'andres soto', 'zz', 'perez']) {
      for (const role of ROLES) {
        const read = pickerOf(role);
        const [first] = await expectPagesAlike(
          read,
          { project: fixture.project, search, match: 'prefix' },
          { label: { role, search }, offsets: [0, 1, 4], limit: 2 },
        );
        const needle = normalizeSearch(search);
        const all = await read({ project: fixture.project, search, match: 'prefix', offset: 0, limit: 100 } as never);
        const { getUsers } = await data();
        const found = await getUsers(all.indexed.result.rows);
        expect({
          search,
          role,
          names: found.every((u) => normalizeSearch(`${u.first_name} ${u.last_name}`).startsWith(needle)),
        }).toEqual({ search, role, names: true });
        expect(first?.count).toBe(all.indexed.result.rows.length);
      }
    }
    // 'perez' is a last name: no first name starts with it; text anywhere (the default) finds it, from the directory.
    const inside = await pickerOf('USER_SOCIETY')({ project: fixture.project, search: 'perez', offset: 0, limit: 100 });
    expect(inside.indexed.result).toEqual(inside.directory.result);
    expect(inside.indexed.operations).not.toContain('Query');
    expect(inside.indexed.result.count).toBeGreaterThan(0);
  }, 240_000);

  test('a page found from the bucket counts, at any offset of a range, is that slice of the whole range', async () => {
    const { readPrefixPage, readPrefix, usersOfProject, USER_ORDERS, pickerPrefix } = await data();
    const partition = usersOfProject(fixture.project);
    for (const role of ROLES) {
      for (const prefix of [pickerPrefix(role), `${pickerPrefix(role)}ana`, `${pickerPrefix(role)}zz`]) {
        const whole = (await readPrefix(partition, USER_ORDERS.active, prefix)).map((e) => e.id);
        for (const offset of offsetsUpTo(whole.length + 1, 1)) {
          // nearRows 0: every page past the first goes through the buckets rather than from the range's start.
          const page = await readPrefixPage(partition, USER_ORDERS.active, prefix, { offset, limit: 2, nearRows: 0 });
          expect({ prefix, offset, count: page?.count, rows: page?.rows.map((e) => e.id) }).toEqual({
            prefix,
            offset,
            count: whole.length,
            rows: whole.slice(offset, offset + 2),
          });
        }
      }
    }
  }, 240_000);

  test('uuids= reads those users by id, keeping only whom the picker would offer', async () => {
    const ours = fixture.users;
    const societyUsers = ours.filter((u) => u.role === 'USER_SOCIETY');
    const picked = [
      ...societyUsers.slice(0, 4).map((u) => u.uuid),
      (ours.find((u) => u.role === 'GROUP_ADMIN') as { uuid: string }).uuid,
      randomUUID(),
      inject('portal').demo.users['sociedad@demo.cl'] as string,
    ];
    const read = pickerOf('USER_SOCIETY');
    for (const caller of [undefined, projectAdminOf()]) {
      const query = { project: fixture.project, uuids: picked, offset: 0, limit: 100 };
      const { indexed, directory } = await read(query as never, caller);
      expect(indexed.result).toEqual(directory.result);
      expect(indexed.operations).toEqual(['BatchGetItem']);
      const wanted = societyUsers.slice(0, 4).filter((u) => u.on);
      expect(new Set(indexed.result.rows)).toEqual(new Set(wanted.map((u) => u.uuid)));
    }
  }, 240_000);

  test('the project admins’ picker offers free admins and this project’s own, as the directory does, after a join', async () => {
    const { putNewUser, pickPeople, getUser } = await data();
    const free = randomUUID();
    const joined = randomUUID();
    for (const uuid of [free, joined]) {
      await putNewUser(
        testUserRecord({ uuid, email: `admin-${uuid.slice(0, 12)}@prueba.cl`, user_role: 'PROJECT_ADMIN' }),
      );
    }
    const { createProject } = await import('../../functions/projects/projects');
    const other = await createProject(
      system,
      {
        project_name: `Otro ${joined.slice(0, 6)}`,
        client_name: 'x',
        associated_service_description: 'x',
        service_description: 'x',
        admin: [joined],
      } as never,
      [],
    );
    expect((await getUser(joined))?.project_uuids).toEqual([other.uuid]);
    const read = readerBothWays(
      async () => (_caller: never, query: PickerQuery) =>
        pickPeople(
          'all',
          'PROJECT_ADMIN',
          query,
          (v) => v.p.length === 0 || (query.project !== undefined && v.p.includes(query.project)),
        ),
      (person: { uuid: string }) => person.uuid,
    );
    const ours = (rows: string[]) => rows.filter((r) => r === free || r === joined);
    for (const [project, wanted] of [
      [fixture.project, [free]],
      [other.uuid, [free, joined].sort()],
    ] as const) {
      const { indexed, directory } = await read({ project, offset: 0, limit: 100_000 });
      expect({ project, rows: ours(indexed.result.rows).sort() }).toEqual({ project, rows: [...wanted] });
      expect(ours(indexed.result.rows)).toEqual(ours(directory.result.rows));
      expect(indexed.operations).toContain('Query');
    }
  }, 240_000);
});

describe('tenancy', () => {
  test('a PROJECT_ADMIN of another project finds none of these people, by page, prefix or uuid', async () => {
    const ours = new Set(fixture.users.map((u) => u.uuid));
    const asks: Array<Record<string, string | number>> = [
      { project: fixture.project },
      { project: fixture.project, search: 'ana', match: 'prefix' },
      { project: fixture.project, uuids: [...ours].slice(0, 6).join(',') },
      { search: 'ana', match: 'prefix', limit: 1000 },
      { uuids: [...ours].slice(0, 6).join(','), limit: 1000 },
    ];
    for (const query of asks) {
      const answer = await call(groups.listGroupUsersAvailable, { token: projectAdmin, query });
      expect({ query, status: answer.status }).toEqual({ query, status: 200 });
      expect({ query, leaked: answer.body.results.filter((p) => ours.has(p.uuid)) }).toEqual({ query, leaked: [] });
    }
    // Positive control: the SUPER_ADMIN is answered ours for the same requests.
    const allowed = await call(groups.listGroupUsersAvailable, {
      token: superAdmin,
      query: { project: fixture.project, search: 'ana', match: 'prefix' },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.results.filter((p) => ours.has(p.uuid)).length).toBeGreaterThan(0);
    const projectAdmins = await call(projects.listProjectAdminsAvailable, { token: projectAdmin, query: {} });
    expect(projectAdmins.status).toBe(403);
  });
});

describe('calls that do not grow with the partition', () => {
  test('page 1, a deep page, a prefix search and uuids= cost the same DynamoDB calls at 12 and 48 people', async () => {
    const { pickPeople } = await data();
    const small = { ...fixture, users: [] as typeof fixture.users };
    Object.assign(small, await projectWithTwoGroups(system, 'Personas chico'));
    await addUsers(small, 12);
    await smallBuckets(small.project);
    const requests = () => ({
      'page 1': { project: small.project, offset: 0, limit: 2 },
      'page 2': { project: small.project, offset: 2, limit: 2 },
      prefix: { project: small.project, search: 'ana', match: 'prefix' as const, offset: 0, limit: 2 },
      'uuids=': { project: small.project, uuids: small.users.slice(0, 3).map((u) => u.uuid), offset: 0, limit: 5 },
    });
    const costs = async () => {
      const out: Record<string, { operations: string[]; count: number }> = {};
      for (const [name, query] of Object.entries(requests())) {
        const { operations, result } = await dynamoCallsOf(() => pickPeople('all', 'USER_SOCIETY', query));
        out[name] = { operations: [...operations].sort(), count: result.count };
      }
      return out;
    };
    const at12 = await costs();
    await addUsers(small, 36);
    await smallBuckets(small.project);
    const at48 = await costs();
    console.log(JSON.stringify({ at12, at48 }));
    expect(at12['page 1']?.count).toBe(
      small.users.slice(0, 12).filter((u) => u.role === 'USER_SOCIETY' && u.on).length,
    );
    expect(at48['page 1']?.count).toBe(small.users.filter((u) => u.role === 'USER_SOCIETY' && u.on).length);
    // The buckets' BatchGet, two COUNT Queries at the range's ends, and the page's Query; uuids= one BatchGet.
    expect(at12['page 1']?.operations).toEqual(['BatchGetItem', 'Query', 'Query', 'Query']);
    expect(at12['uuids=']?.operations).toEqual(['BatchGetItem']);
    const shape = (c: typeof at12) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.operations]));
    expect(shape(at48)).toEqual(shape(at12));
  }, 240_000);
});
