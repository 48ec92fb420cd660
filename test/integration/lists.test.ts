import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import * as registration from '../../shared/contracts/registration';
import * as societies from '../../shared/contracts/societies';
import * as users from '../../shared/contracts/users';
import { call, signIn } from '../helpers/api';
import { tableAccess, testUserRecord } from '../helpers/db';
import { freshRut, unique } from '../helpers/fresh';
import { countDynamoCalls } from '../helpers/in-process';

/**
 * Over the real local services: lists read listing directories kept by the writers, so every page costs the
 * same few DynamoDB calls whatever the partition holds, large limits are answered, pickers search on the server and
 * give back selected items by uuid, and the invitation age counts from the invitation.
 */
let superAdmin: string;
let projectAdmin: string;

/** A project of its own with two groups and SOCIETIES societies, made in-process through the domain functions. */
const SOCIETIES = 130;
const fixture = {
  project: '',
  groupA: '',
  groupB: '',
  societies: [] as Array<{ uuid: string; name: string }>,
  people: [] as string[],
};
const system = { user: { uuid: 'lists-test', email: 'lists@prueba.cl' }, role: 'SUPER_ADMIN' } as never;

beforeAll(async () => {
  [superAdmin, projectAdmin] = await Promise.all([
    signIn('superadmin@demo.cl').then((t) => t.access),
    signIn('proyecto@demo.cl').then((t) => t.access),
  ]);
  await tableAccess();
  const { createProject } = await import('../../functions/projects/projects');
  const { createGroup } = await import('../../functions/groups/groups');
  const { createSociety } = await import('../../functions/societies/societies');
  const { putNewUser } = await import('../../functions/lib/data/users');
  const project = await createProject(
    system,
    {
      project_name: `Listas ${unique()}`,
      client_name: 'Listas',
      associated_service_description: 'l',
      service_description: 'l',
    },
    [],
  );
  fixture.project = project.uuid;
  const [a, b] = await Promise.all(
    ['A', 'B'].map((n) =>
      createGroup(system, { group_name: `Grupo ${n}`, group_description: 'l', project: project.uuid }),
    ),
  );
  fixture.groupA = (a as { uuid: string }).uuid;
  fixture.groupB = (b as { uuid: string }).uuid;
  const industry = inject('portal').demo.industries[0] as string;
  // In parallel, ten at a time: writers sharing a directory shard retry their transaction (transact.ts).
  for (let start = 0; start < SOCIETIES; start += 10) {
    const made = await Promise.all(
      Array.from({ length: Math.min(10, SOCIETIES - start) }, (_, k) =>
        createSociety(system, {
          society_business_name: `Compañía Ñandú ${String(start + k).padStart(3, '0')} Limitada`,
          society_rut: freshRut(),
          business_line: 'Servicios',
          company_code: `L${start + k}`,
          industry_type: industry,
          society_email: 'lista@prueba.cl',
          currency: 'CLP',
          group: start + k < 100 ? fixture.groupA : fixture.groupB,
          society_contact_name: 'Lista',
          society_phone_number: '+56900000000',
          tax_module: 'False',
        } as never),
      ),
    );
    fixture.societies.push(...made.map((s) => ({ uuid: s.uuid, name: s.society_business_name })));
  }
  // 110 USER_SOCIETY people of the project: the picker must find the ones past row 100.
  for (let start = 0; start < 110; start += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, k) => {
        const uuid = randomUUID();
        fixture.people.push(uuid);
        await putNewUser(
          testUserRecord({
            uuid,
            email: `persona-${unique()}@prueba.cl`,
            first_name: 'Persona',
            last_name: `Apellido${String(start + k).padStart(3, '0')}`,
            user_role: 'USER_SOCIETY',
          }),
          [{ field: 'project_uuids', uuid: project.uuid, project_uuid: project.uuid }],
        );
      }),
    );
  }
}, 180_000);

describe('limits', () => {
  test('any limit from 1 to 100000 is answered with every row and the exact count; 100001 answers 400', async () => {
    for (const limit of [1, 100, 10_000, 100_000]) {
      const page = await call(societies.listSocieties, {
        token: superAdmin,
        query: { project: fixture.project, limit },
      });
      expect(page.status).toBe(200);
      expect(page.body.count).toBe(SOCIETIES);
      expect(page.body.results).toHaveLength(Math.min(limit, SOCIETIES));
    }
    const tooMany = await call(societies.listSocieties, {
      token: superAdmin,
      query: { project: fixture.project, limit: 100_001 },
    });
    expect(tooMany.status).toBe(400);
  });

  test('pages never overlap and cover the list in its order (most recently edited first)', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < SOCIETIES; offset += 40) {
      const page = await call(societies.listSocieties, {
        token: superAdmin,
        query: { project: fixture.project, limit: 40, offset },
      });
      seen.push(...page.body.results.map((s) => s.uuid));
    }
    expect(new Set(seen).size).toBe(SOCIETIES);
    const all = await call(societies.listSocieties, {
      token: superAdmin,
      query: { project: fixture.project, limit: 1000 },
    });
    const updated = all.body.results.map((s) => s.updated);
    expect([...updated].sort().reverse()).toEqual(updated);
  });
});

describe('pickers find anything', () => {
  test('the society picker finds the 130th society by accent- and case-free search, and gives selected ones by uuid', async () => {
    const last = fixture.societies.find((s) => s.name.includes(' 129 ')) as { uuid: string };
    const found = await call(societies.listSocietiesForUsers, {
      token: projectAdmin === '' ? superAdmin : superAdmin,
      query: { project: fixture.project, search: 'NANDU 129', limit: 10 },
    });
    expect(found.status).toBe(200);
    expect(found.body.count).toBe(1);
    expect(found.body.results[0]?.uuid).toBe(last.uuid);
    const picked = fixture.societies.slice(120, 123).map((s) => s.uuid);
    const selected = await call(societies.listSocietiesForUsers, {
      token: superAdmin,
      query: { project: fixture.project, uuids: picked.join(','), limit: 10 },
    });
    expect(selected.body.results.map((s) => s.uuid).sort()).toEqual([...picked].sort());
    // By name, the first page of the picker starts at 000.
    const first = await call(societies.listSocietiesForUsers, {
      token: superAdmin,
      query: { project: fixture.project, limit: 2 },
    });
    expect(first.body.count).toBe(SOCIETIES);
    expect(first.body.results.map((s) => s.society_business_name)).toEqual([
      'Compañía Ñandú 000 Limitada',
      'Compañía Ñandú 001 Limitada',
    ]);
  });

  test('the people picker finds the 110th person of the project by search, and gives selected ones by uuid', async () => {
    const found = await call(societies.listSocietyUsersAvailable, {
      token: superAdmin,
      query: { project: fixture.project, search: 'apellido109', limit: 5 },
    });
    expect(found.status).toBe(200);
    expect(found.body.count).toBe(1);
    expect(found.body.results[0]?.last_name).toBe('Apellido109');
    const all = await call(societies.listSocietyUsersAvailable, {
      token: superAdmin,
      query: { project: fixture.project, limit: 100_000 },
    });
    expect(all.body.count).toBe(110);
    expect(all.body.results).toHaveLength(110);
    const picked = fixture.people.slice(105, 107);
    const selected = await call(groups.listGroupUsersAvailable, {
      token: superAdmin,
      query: { project: fixture.project, uuids: picked.join(',') },
    });
    // Those people are USER_SOCIETY: the group's USER_GROUP picker does not offer them, even by uuid.
    expect(selected.body.count).toBe(0);
    const selectedSociety = await call(societies.listSocietyUsersAvailable, {
      token: superAdmin,
      query: { project: fixture.project, uuids: picked.join(',') },
    });
    expect(selectedSociety.body.results.map((p) => p.uuid).sort()).toEqual([...picked].sort());
  });

  test('a picker keeps its scope: a PROJECT_ADMIN of another project finds none of them', async () => {
    const outside = await call(societies.listSocietiesForUsers, {
      token: projectAdmin,
      query: { search: 'nandu', limit: 100 },
    });
    expect(outside.status).toBe(200);
    expect(outside.body.count).toBe(0);
    const people = await call(societies.listSocietyUsersAvailable, {
      token: projectAdmin,
      query: { search: 'apellido1', limit: 100 },
    });
    expect(people.body.results.filter((p) => fixture.people.includes(p.uuid))).toEqual([]);
  });
});

describe('project and group pickers find anything', () => {
  // 110 projects and 110 groups of the fixture's project: the ones past row 100 must be found by search and by uuid.
  const PICKED = 110;
  const tag = `Selector${unique()}`;
  const made = { projects: [] as string[], groups: [] as string[] };

  beforeAll(async () => {
    const { createProject } = await import('../../functions/projects/projects');
    const { createGroup } = await import('../../functions/groups/groups');
    // Ten at a time: writers sharing a directory shard retry their transaction (transact.ts).
    for (let start = 0; start < PICKED; start += 10) {
      const numbers = Array.from({ length: 10 }, (_, k) => String(start + k).padStart(3, '0'));
      const [newProjects, newGroups] = await Promise.all([
        Promise.all(
          numbers.map((n) =>
            createProject(
              system,
              {
                project_name: `${tag} Compañía ${n}`,
                client_name: 'Ñandú',
                associated_service_description: 'p',
                service_description: 'p',
              },
              [],
            ),
          ),
        ),
        Promise.all(
          numbers.map((n) =>
            createGroup(system, {
              group_name: `${tag} Grupo Ñuñoa ${n}`,
              group_description: 'p',
              project: fixture.project,
            }),
          ),
        ),
      ]);
      made.projects.push(...newProjects.map((p) => p.uuid));
      made.groups.push(...newGroups.map((g) => (g as { uuid: string }).uuid));
    }
  }, 180_000);

  test('the project picker finds the 110th project by accent- and case-free search, pages by name, and names selected ones', async () => {
    const found = await call(projects.listMyProjects, {
      token: superAdmin,
      query: { search: `${tag.toLowerCase()} compania 109`, limit: 10 },
    });
    expect(found.status).toBe(200);
    expect(found.body.count).toBe(1);
    expect(found.body.results[0]?.uuid).toBe(made.projects[109]);
    // By name, a page at a time: rows 100–109 are the last page of the tag's 110.
    const first = await call(projects.listMyProjects, { token: superAdmin, query: { search: tag, limit: 100 } });
    expect(first.body.count).toBe(PICKED);
    expect(first.body.results).toHaveLength(100);
    expect(first.body.results[0]?.project_name).toBe(`${tag} Compañía 000`);
    const rest = await call(projects.listMyProjects, {
      token: superAdmin,
      query: { search: tag, limit: 100, offset: 100 },
    });
    expect(rest.body.results.map((p) => p.uuid)).toEqual(made.projects.slice(100));
    const picked = [made.projects[105], made.projects[3]] as string[];
    const selected = await call(projects.listMyProjects, {
      token: superAdmin,
      query: { uuids: picked.join(','), limit: 50 },
    });
    expect(selected.body.results.map((p) => p.uuid).sort()).toEqual([...picked].sort());
    // Without paging it still answers every project (the "my" list's callers).
    const all = await call(projects.listMyProjects, { token: superAdmin });
    expect(all.body.count).toBeGreaterThanOrEqual(PICKED);
    expect(all.body.results).toHaveLength(all.body.count);
  });

  test('the group picker finds the 110th group of the project by search, and names selected ones', async () => {
    const found = await call(groups.listMyGroups, {
      token: superAdmin,
      query: { project: fixture.project, search: 'NUNOA 109', limit: 10 },
    });
    expect(found.status).toBe(200);
    expect(found.body.count).toBe(1);
    expect(found.body.results[0]?.uuid).toBe(made.groups[109]);
    const page = await call(groups.listMyGroups, {
      token: superAdmin,
      query: { project: fixture.project, limit: 100, offset: 100 },
    });
    // The project holds the fixture's two groups and the 110 of the tag.
    expect(page.body.count).toBe(PICKED + 2);
    expect(page.body.results).toHaveLength(PICKED + 2 - 100);
    const picked = made.groups.slice(101, 104);
    const selected = await call(groups.listMyGroups, {
      token: superAdmin,
      query: { uuids: picked.join(','), limit: 10 },
    });
    expect(selected.body.results.map((g) => g.uuid).sort()).toEqual([...picked].sort());
  });

  test('tenancy holds: another project’s admin, a group admin and a society user find none of them, even by uuid', async () => {
    const [groupAdmin, societyUser] = await Promise.all([
      signIn('grupo@demo.cl').then((t) => t.access),
      signIn('sociedad@demo.cl').then((t) => t.access),
    ]);
    for (const token of [projectAdmin, groupAdmin, societyUser]) {
      const bySearch = await call(projects.listMyProjects, { token, query: { search: tag, limit: 100 } });
      expect(bySearch.status).toBe(200);
      expect(bySearch.body.count).toBe(0);
      const byUuid = await call(projects.listMyProjects, {
        token,
        query: { uuids: made.projects.slice(100).join(','), limit: 100 },
      });
      expect(byUuid.body.results).toEqual([]);
      const groupsBySearch = await call(groups.listMyGroups, { token, query: { search: tag, limit: 100 } });
      expect(groupsBySearch.status).toBe(200);
      expect(groupsBySearch.body.count).toBe(0);
      const groupsByUuid = await call(groups.listMyGroups, {
        token,
        query: { uuids: made.groups.slice(100).join(','), limit: 100 },
      });
      expect(groupsByUuid.body.results).toEqual([]);
    }
    // Naming the other project outright answers 404, as every list filtered by a project out of scope.
    const named = await call(groups.listMyGroups, {
      token: projectAdmin,
      query: { project: fixture.project, search: tag },
    });
    expect(named.status).toBe(404);
  });
});

describe('directories follow every write', () => {
  test('rename, move and delete keep counts, search and the group lists exact', async () => {
    const target = fixture.societies[5] as { uuid: string };
    const name = `Renombrada Única ${unique()}`;
    const detail = await call(societies.getSociety, { token: superAdmin, params: { uuid: target.uuid } });
    const moved = await call(societies.patchSociety, {
      token: superAdmin,
      params: { uuid: target.uuid },
      body: { society_business_name: name, group: fixture.groupB, version: detail.body.version },
    });
    expect(moved.status).toBe(200);
    const search = await call(societies.searchSocieties, {
      token: superAdmin,
      query: { project: fixture.project, search: 'renombrada unica' },
    });
    expect(search.body.results.map((s) => s.uuid)).toEqual([target.uuid]);
    const inA = await call(societies.listSocieties, {
      token: superAdmin,
      query: { group: fixture.groupA, limit: 1000 },
    });
    const inB = await call(societies.listSocieties, {
      token: superAdmin,
      query: { group: fixture.groupB, limit: 1000 },
    });
    expect(inA.body.results.map((s) => s.uuid)).not.toContain(target.uuid);
    expect(inB.body.results.map((s) => s.uuid)).toContain(target.uuid);
    expect(inA.body.count + inB.body.count).toBe(SOCIETIES);
    // The edited one is now the most recently edited.
    expect(inB.body.results[0]?.uuid).toBe(target.uuid);

    const removed = await call(societies.deleteSociety, { token: superAdmin, params: { uuid: target.uuid } });
    expect(removed.status).toBe(200);
    const after = await call(societies.listSocieties, { token: superAdmin, query: { project: fixture.project } });
    expect(after.body.count).toBe(SOCIETIES - 1);
    const gone = await call(societies.searchSocieties, {
      token: superAdmin,
      query: { project: fixture.project, search: 'renombrada unica' },
    });
    expect(gone.body.count).toBe(0);
    fixture.societies.splice(5, 1);
  });
});

describe('invitation age', () => {
  test('days count from the invitation, not from the last resend', async () => {
    const { dynamo, lib, tableName } = await tableAccess();
    const { invitationKey } = await import('../../functions/lib/data/invitations');
    const invited = await call(registration.generateInvitation, {
      token: superAdmin,
      body: { user_role: 'USER_SOCIETY', email: `edad-${unique()}@prueba.cl`, society: [fixture.societies[0]?.uuid] },
    });
    expect(invited.status).toBe(201);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString();
    await dynamo.send(
      new lib.UpdateCommand({
        TableName: tableName,
        Key: invitationKey(invited.body.uuid),
        UpdateExpression: 'SET created = :created',
        ExpressionAttributeValues: { ':created': threeDaysAgo },
      }),
    );
    const resent = await call(registration.resendInvitation, { token: superAdmin, params: { id: invited.body.uuid } });
    expect(resent.status).toBe(200);
    expect(resent.body.days).toBe(3);
    const listed = await call(registration.searchInvitations, {
      token: superAdmin,
      query: { search: invited.body.email },
    });
    expect(listed.body.results.map((i) => [i.uuid, i.days])).toEqual([[invited.body.uuid, 3]]);
  });

  test('the users list is unchanged by pickers: a PROJECT_ADMIN still lists only its own project', async () => {
    const mine = await call(users.listUsers, { token: projectAdmin, query: { project: fixture.project } });
    expect(mine.status).toBe(404);
  });
});

describe('calls per page', () => {
  test('a page costs at most 2 DynamoDB calls beside the caller’s own read, whatever the offset, search or filter', async () => {
    const { pageSocieties } = await import('../../functions/societies/society-lists');
    const { pageGroups } = await import('../../functions/groups/group-lists');
    const { pageUsers } = await import('../../functions/users/user-lists');
    const { pageInvitations } = await import('../../functions/registration/invitation-views');
    const { pickPeople } = await import('../../functions/lib/data/people-pickers');
    const { assignablePartitions } = await import('../../functions/lib/scope');
    const { getUser } = await import('../../functions/lib/data/users');
    const admin = await getUser(inject('portal').demo.users['superadmin@demo.cl'] as string);
    const caller = { user: admin, role: 'SUPER_ADMIN' } as never;
    const p = fixture.project;
    const pages: Array<[string, () => Promise<{ count: number; results: unknown[] }>]> = [
      ['societies page 1', () => pageSocieties(caller, { project: p, offset: 0, limit: 15 })],
      ['societies last page', () => pageSocieties(caller, { project: p, offset: SOCIETIES - 15, limit: 15 })],
      ['societies search', () => pageSocieties(caller, { project: p, search: 'ñandú 12', offset: 0, limit: 15 })],
      ['societies of a group', () => pageSocieties(caller, { group: fixture.groupA, offset: 0, limit: 15 })],
      ['every society', () => pageSocieties(caller, { offset: 0, limit: 15 })],
      ['groups of the project', () => pageGroups(caller, { project: p, offset: 0, limit: 15 })],
      ['users of the project', () => pageUsers(caller, { project: p, offset: 0, limit: 15 })],
      ['every user', () => pageUsers(caller, { offset: 0, limit: 15, ordering: 'last_name' })],
      ['invitations', () => pageInvitations(caller, { offset: 0, limit: 15 })],
      [
        'people picker',
        () =>
          pickPeople(assignablePartitions(caller, p), 'USER_SOCIETY', {
            project: p,
            search: 'apellido',
            offset: 0,
            limit: 15,
          }),
      ],
    ];
    const counted: string[] = [];
    for (const [label, page] of pages) {
      const { calls, result } = await countDynamoCalls(page);
      counted.push(`${label}: ${calls}`);
      // One call at least (the counter sees this process's requests), two at most: the listing, then the page.
      expect({ label, within: calls >= 1 && calls <= 2 }).toEqual({ label, within: true });
      expect({ label, rows: result.results.length > 0 }).toEqual({ label, rows: true });
      expect(result.count).toBeGreaterThanOrEqual(result.results.length);
    }
    console.info(`DynamoDB calls per page: ${counted.join(', ')}`);
  });
});
