import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import * as users from '../../shared/contracts/users';
import type { Role } from '../../shared/roles';
import { call, signIn } from '../helpers/api';
import { tableAccess, testUserRecord } from '../helpers/db';
import {
  callerOf,
  expectOwnRowsAlike,
  expectPagesAlike,
  expectPrefixSearch,
  offsetsUpTo,
  readerBothWays,
} from '../helpers/list-paging';

/**
 * The users list reads sorted index items and counters (docs/decisions/list-paging.md): every user's, each project's,
 * and each project's users a PROJECT_ADMIN manages. The directory is what every writer keeps exactly, so it is the
 * yardstick: each page and count the index answers, in every ordering, must be the one the directory answers
 * (LIST_INDEXES=off reads it), through create, edit, role change, joins and leaves of projects and groups, delete and a
 * project's delete; and the backfill rebuilds a partition's index from its directory.
 */
const USERS = 30;
const ROLES: Role[] = ['GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY', 'PROJECT_ADMIN', 'USER_SOCIETY'];
// First names whose order in memory a '#' after the value would break, and ties once normalised (then by id).
const FIRST = ['Ana', 'Ana María', 'Ana!', 'Álvaro', 'alvaro', 'Ñuble', 'Zoe'];
const LAST = ['Pérez', 'Perez', 'Soto', 'Soto Díaz', 'Ávila'];
const ORDERINGS = users.USER_ORDERINGS;
let superAdmin: string;
let projectAdminToken: string;
const fixture = {
  project: '',
  group: '',
  users: [] as Array<{ uuid: string; first: string; last: string; email: string }>,
};
const system = { user: { uuid: 'user-paging-test', email: 'paging@prueba.cl' }, role: 'SUPER_ADMIN' } as never;
const projectTarget = (uuid: string) => ({ field: 'project_uuids' as const, uuid, project_uuid: uuid });

async function newUser(i: number, role: Role, projects: string[]) {
  const { users: data } = await tableAccess();
  const uuid = randomUUID();
  const email = `lista-${String(i).padStart(2, '0')}-${uuid.slice(0, 6)}@prueba.cl`;
  const record = testUserRecord({
    uuid,
    email,
    user_role: role,
    first_name: FIRST[i % FIRST.length] as string,
    last_name: LAST[i % LAST.length] as string,
    enable: i % 6 !== 0,
    updated: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 10)).toISOString(),
  });
  await data.putNewUser(record, projects.map(projectTarget));
  return { uuid, first: record.first_name, last: record.last_name, email };
}

beforeAll(async () => {
  superAdmin = (await signIn('superadmin@demo.cl')).access;
  await tableAccess();
  const { createProject } = await import('../../functions/projects/projects');
  const { createGroup } = await import('../../functions/groups/groups');
  const project = await createProject(
    system,
    {
      project_name: `Usuarios ${randomUUID().slice(0, 8)}`,
      client_name: 'Usuarios',
      associated_service_description: 'u',
      service_description: 'u',
    },
    [],
  );
  fixture.project = project.uuid;
  fixture.group = (
    (await createGroup(system, { group_name: 'Grupo U', group_description: 'u', project: project.uuid })) as {
      uuid: string;
    }
  ).uuid;
  // Six at a time: concurrent writers of a partition share its counter items and retry (transact.ts).
  for (let start = 0; start < USERS; start += 6) {
    fixture.users.push(
      ...(await Promise.all(
        Array.from({ length: 6 }, (_, k) =>
          newUser(start + k, ROLES[(start + k) % ROLES.length] as Role, [project.uuid]),
        ),
      )),
    );
  }
  // A PROJECT_ADMIN of this project alone, to list as one.
  const { createTestUser } = await import('../helpers/db');
  const admin = await createTestUser('PROJECT_ADMIN', [], 'listas');
  const { patchProject } = await import('../../functions/projects/projects');
  await patchProject(system, project.uuid, { admin: [admin.uuid] } as never, []);
  projectAdminToken = (await signIn(admin.email)).access;
  fixture.users.push({ uuid: admin.uuid, first: 'Prueba', last: 'Automática', email: admin.email });
}, 180_000);

const projectAdminCaller = async () => {
  const { users: data } = await tableAccess();
  const admin = fixture.users.at(-1) as { uuid: string };
  expect((await data.getUser(admin.uuid))?.user_role).toBe('PROJECT_ADMIN');
  return callerOf(admin.uuid, 'PROJECT_ADMIN');
};

type Query = Parameters<typeof import('../../functions/users/user-lists').pageUsers>[1];

/** A page read from the sorted index, and the same page read from the directory (the readers before the index). */
const usersBothWays = readerBothWays(
  async () => (await import('../../functions/users/user-lists')).pageUsers,
  // The rows as shown, names of memberships included (read in a call of their own on the index path).
  (u) => [u.uuid, u.project.map((p) => p.uuid), u.group.length],
);

/** Every ordering's pages of a scope, index against directory; the count of the scope. */
async function compareScope(label: string, scope: Omit<Query, 'offset' | 'limit'>, caller?: unknown, step = 0) {
  const pages = await expectPagesAlike(usersBothWays, scope, {
    label,
    caller,
    orderings: ORDERINGS,
    ...(step > 0 && { offsets: offsetsUpTo(USERS + 1, step) }),
    limit: step || 1000,
  });
  return pages.at(-1)?.count ?? -1;
}

describe('the sorted index answers what the directory answers', () => {
  test('every page of the project (SUPER_ADMIN) and of a PROJECT_ADMIN’s scope, in every ordering, with counts', async () => {
    const admin = await projectAdminCaller();
    expect(await compareScope('project', { project: fixture.project }, undefined, 6)).toBe(USERS + 1);
    // A PROJECT_ADMIN lists the roles it manages: not itself nor the project's other PROJECT_ADMINs.
    const managed = fixture.users.filter((_, i) => i < USERS && ROLES[i % ROLES.length] !== 'PROJECT_ADMIN').length;
    expect(await compareScope('managed, default', {}, admin, 6)).toBe(managed);
    expect(await compareScope('managed, by project', { project: fixture.project }, admin)).toBe(managed);
    // Every user of the table: the files running beside this one add and remove theirs meanwhile.
    const ours = new Set(fixture.users.map((u) => u.uuid));
    for (const rows of await expectOwnRowsAlike(
      usersBothWays,
      {},
      {
        label: 'every user',
        ours: (row) => ours.has(row[0] as string),
        orderings: ORDERINGS,
      },
    )) {
      expect(rows).toHaveLength(ours.size);
    }
  });

  test('a prefix of a first name, a last name or an e-mail finds exactly those users, in the ordering asked', async () => {
    const { normalizeSearch } = await import('../../functions/lib/data/list-index');
    const ours = fixture.users.slice(0, USERS);
    for (const search of ['ANA', 'ana maría', 'alvaro', 'soto', 'perez ana', 'lista-0', 'zoe ']) {
      const needle = normalizeSearch(search);
      const wanted = ours.filter(
        (u) =>
          normalizeSearch(`${u.first} ${u.last}`).startsWith(needle) ||
          normalizeSearch(`${u.last} ${u.first}`).startsWith(needle) ||
          u.email.startsWith(needle),
      );
      expect({ search, some: wanted.length > 0 }).toEqual({ search, some: true });
      for (const ordering of ['-updated', 'last_name', '-email'] as const) {
        const answer = await call(users.listUsers, {
          token: superAdmin,
          query: { project: fixture.project, search, match: 'prefix', ordering, limit: 100 },
        });
        const wantedIds = wanted.map((u) => u.uuid);
        await expectPrefixSearch(
          { search, answer, wanted: wantedIds },
          usersBothWays,
          { project: fixture.project },
          ordering,
        );
      }
    }
  });
});

describe('writers keep rows and counts in the user’s transaction', () => {
  test('edit, role change, joins and leaves of groups and projects, and delete keep every page and count exact', async () => {
    const { patchUser, deleteUser } = await import('../../functions/users/users');
    const { patchProject } = await import('../../functions/projects/projects');
    const { users: data } = await tableAccess();
    const admin = await projectAdminCaller();
    const compare = async (label: string) => {
      const project = await compareScope(label, { project: fixture.project });
      const managed = await compareScope(`${label}, managed`, {}, admin);
      // The list of every user is not compared here: the other files running beside this one add users to it.
      return { project, managed };
    };
    const start = await compare('before');
    const made = await newUser(99, 'USER_GROUP', [fixture.project]);
    expect(await compare('created')).toEqual({
      project: start.project + 1,
      managed: start.managed + 1,
    });
    const one = async () => (await data.getUser(made.uuid)) as { version: number };
    // Renamed, disabled, put in a group (a join that rewrites the entries' hints, no index row).
    await patchUser(system, made.uuid, {
      first_name: 'Renombrada',
      enable: false,
      group: [fixture.group],
      version: (await one()).version,
    } as never);
    expect(await compare('edited and joined a group')).toEqual({
      project: start.project + 1,
      managed: start.managed + 1,
    });
    // A PROJECT_ADMIN no longer manages it once it is one.
    await patchUser(system, made.uuid, { user_role: 'PROJECT_ADMIN', version: (await one()).version } as never);
    expect(await compare('made a PROJECT_ADMIN')).toEqual({
      project: start.project + 1,
      managed: start.managed,
    });
    // Two users join the project at once as its admins (their counter steps may fall on one item), then leave it.
    const other = await newUser(98, 'PROJECT_ADMIN', []);
    const adminUuid = (fixture.users.at(-1) as { uuid: string }).uuid;
    const project = async () => {
      const { getItems } = await import('../../functions/lib/data/list-index');
      const { keys } = await import('../../functions/lib/data/table');
      return (await getItems<{ version: number }>([keys.project(fixture.project)]))[0] as { version: number };
    };
    await patchProject(
      system,
      fixture.project,
      { admin: [adminUuid, other.uuid], version: (await project()).version } as never,
      [],
    );
    expect(await compare('another joined as admin')).toEqual({
      project: start.project + 2,
      managed: start.managed,
    });
    await patchProject(
      system,
      fixture.project,
      { admin: [adminUuid], version: (await project()).version } as never,
      [],
    );
    expect(await compare('left as admin')).toEqual({
      project: start.project + 1,
      managed: start.managed,
    });
    // Back to a role a PROJECT_ADMIN manages (a PROJECT_ADMIN in a project cannot be deleted).
    await patchUser(system, made.uuid, { user_role: 'USER_SOCIETY', version: (await one()).version } as never);
    expect(await compare('back to a managed role')).toEqual({
      project: start.project + 1,
      managed: start.managed + 1,
    });
    await deleteUser(system, made.uuid);
    await deleteUser(system, other.uuid);
    expect(await compare('deleted')).toEqual(start);
  });

  test('a project’s delete detaches its members in rounds that fit a transaction, and leaves its index empty', async () => {
    const { createProject, deleteProject } = await import('../../functions/projects/projects');
    const { readIndexItems } = await import('../../functions/lib/data/sorted-index');
    const { isIndexRow } = await import('../../functions/lib/data/order-buckets');
    const { managedUsersOfProject, usersOfProject } = await import('../../functions/lib/data/user-listing');
    const project = await createProject(
      system,
      {
        project_name: `Borrar ${randomUUID().slice(0, 8)}`,
        client_name: 'B',
        associated_service_description: 'b',
        service_description: 'b',
      },
      [],
    );
    // 16 managed members: 16 × (user, 2 directory entries, 10 index rows) would not fit one transaction of 100.
    for (let start = 0; start < 16; start += 4) {
      await Promise.all(Array.from({ length: 4 }, (_, k) => newUser(start + k, 'USER_SOCIETY', [project.uuid])));
    }
    const before = await usersBothWays({ project: project.uuid, offset: 0, limit: 100 });
    expect(before.indexed.result.count).toBe(16);
    await deleteProject(system, project.uuid);
    for (const directory of [usersOfProject(project.uuid), managedUsersOfProject(project.uuid)]) {
      const left = await readIndexItems(directory);
      expect(left.filter((item) => isIndexRow(String(item.sk)))).toEqual([]);
      expect(left.reduce((sum, item) => sum + Number(item.n ?? 0), 0)).toBe(0);
    }
  });

  test('the index path keeps tenancy: a PROJECT_ADMIN of another project gets 404, and sees none of these users', async () => {
    const other = (await signIn('proyecto@demo.cl')).access;
    for (const query of [
      { project: fixture.project },
      { project: fixture.project, search: 'ana', match: 'prefix' },
      { project: fixture.project, ordering: 'email' },
    ] as Array<Record<string, string>>) {
      const answer = await call(users.listUsers, { token: other, query });
      expect({ query, status: answer.status }).toEqual({ query, status: 404 });
      // Positive control: this project's own PROJECT_ADMIN lists them.
      const allowed = await call(users.listUsers, { token: projectAdminToken, query });
      expect(allowed.status).toBe(200);
      expect(allowed.body.count).toBeGreaterThan(0);
    }
    const own = await call(users.listUsers, { token: other, query: { limit: 1000 } });
    const ours = new Set(fixture.users.map((u) => u.uuid));
    expect(own.body.results.filter((u) => ours.has(u.uuid))).toEqual([]);
    expect(own.body.count).toBeGreaterThan(0);
  });
});

describe('backfill', () => {
  test('rebuilds the project’s and the managed partitions from the project’s directory; a second run writes nothing', async () => {
    const { dynamo, lib, tableName } = await tableAccess();
    const { readIndexItems, COUNTER_SHARDS } = await import('../../functions/lib/data/sorted-index');
    const { BUCKET_SHARDS } = await import('../../functions/lib/data/order-buckets');
    const { backfillPartition, INDEXED_LISTS } = await import('../../functions/lib/data/list-index-backfill');
    const { userIndexSources } = await import('../../functions/lib/data/user-listing');
    const admin = await projectAdminCaller();
    const before = {
      project: await usersBothWays({ project: fixture.project, ordering: 'last_name', offset: 0, limit: 100 }),
      managed: await usersBothWays({ ordering: 'first_name', offset: 0, limit: 100 }, admin),
    };
    const ours = (await userIndexSources()).filter((p) =>
      ('directory' in p ? p.directory : p).partition.includes(fixture.project),
    );
    expect(ours).toHaveLength(2);
    for (const p of ours) {
      for (const item of await readIndexItems('directory' in p ? p.directory : p)) {
        await dynamo.send(new lib.DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }));
      }
    }
    expect((await usersBothWays({ project: fixture.project, offset: 0, limit: 100 })).indexed.result.count).toBe(0);
    const first = await Promise.all(ours.map((p) => backfillPartition(p, INDEXED_LISTS.users.indexedOf)));
    // Five rows per user, every counter item, a layout per order (U, F, L, M, E) and every bucket count item.
    expect(first.map((f) => f.put)).toEqual([
      before.project.directory.result.count * 5 + COUNTER_SHARDS + 5 + BUCKET_SHARDS,
      before.managed.directory.result.count * 5 + COUNTER_SHARDS + 5 + BUCKET_SHARDS,
    ]);
    expect(
      await usersBothWays({ project: fixture.project, ordering: 'last_name', offset: 0, limit: 100 }),
    ).toMatchObject({
      indexed: { result: before.project.directory.result },
    });
    expect(await usersBothWays({ ordering: 'first_name', offset: 0, limit: 100 }, admin)).toMatchObject({
      indexed: { result: before.managed.directory.result },
    });
    const again = await Promise.all(ours.map((p) => backfillPartition(p, INDEXED_LISTS.users.indexedOf)));
    expect(again.map((a) => [a.put, a.deleted])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
