import { randomUUID } from 'node:crypto';
import { beforeAll, expect, inject, test } from 'vitest';
import type { Contract } from '../../shared/contracts/define';
import * as groups from '../../shared/contracts/groups';
import * as registration from '../../shared/contracts/registration';
import * as societies from '../../shared/contracts/societies';
import * as users from '../../shared/contracts/users';
import { call, signIn } from '../helpers/api';
import { createTestUser } from '../helpers/db';
import { countDynamoCalls, invokeInProcess } from '../helpers/in-process';
import { newSociety } from '../helpers/societies';

/**
 * the rule on the back office lists (a page in at most 3 DynamoDB calls), counted on whole requests of the
 * admins below SUPER_ADMIN, whose authentication checks their memberships' enable flags (lists.test.ts counts the
 * page reads themselves, as SUPER_ADMIN).
 */
let tokens: Record<'project' | 'group', string>;
let superAdmin: string;

beforeAll(async () => {
  const [project, group, all] = await Promise.all(
    ['proyecto', 'grupo', 'superadmin'].map((n) => signIn(`${n}@demo.cl`)),
  );
  tokens = { project: project?.access as string, group: group?.access as string };
  superAdmin = all?.access as string;
});

const LISTS: Array<[string, Contract]> = [
  ['societies', societies.listSocieties],
  ['groups', groups.listGroups],
  ['users', users.listUsers],
  ['invitations', registration.listInvitations],
];

test('a first page of each back office list costs at most 3 calls for a PROJECT_ADMIN and a GROUP_ADMIN', async () => {
  const counted: string[] = [];
  for (const [role, token] of Object.entries(tokens)) {
    // The groups list is for project-wide admins (a GROUP_ADMIN gets 403).
    for (const [name, contract] of LISTS.filter(([name]) => role === 'project' || name !== 'groups')) {
      const { calls, result } = await countDynamoCalls(() =>
        invokeInProcess(contract, { token, query: { limit: '5', offset: '0' } }),
      );
      expect({ role, name, status: result.status }).toEqual({ role, name, status: 200 });
      expect(calls).toBeGreaterThan(0);
      counted.push(`${role} ${name}: ${calls}`);
    }
  }
  console.log(counted.join('\n'));
  expect(counted.filter((line) => Number(line.split(': ')[1]) > 3)).toEqual([]);
});

test('a user who joined societies after its project: every membership named, in 3 calls, also after a rename', async () => {
  const { demo } = inject('portal');
  // Listed in the project's users first; then a society of the GROUP_ADMIN's group and one of another group: the
  // entries written before each join (the project's, the first group's) must still name every membership.
  const person = await createTestUser('USER_SOCIETY', [demo.projects.andes]);
  const mine = await newSociety(superAdmin, demo.groups.norte, { user: [person.uuid] });
  const other = await newSociety(superAdmin, demo.groups.sur, { user: [person.uuid] });
  const page = async (token: string) => {
    const { calls, result } = await countDynamoCalls(() =>
      invokeInProcess(users.listUsers, { token, query: { search: person.email, limit: '5', offset: '0' } }),
    );
    expect(result.status).toBe(200);
    const rows = result.body.results as Array<{
      uuid: string;
      project: unknown[];
      group: unknown[];
      society: unknown[];
    }>;
    return { calls, rows: rows.map(({ uuid, project, group, society }) => ({ uuid, project, group, society })) };
  };
  const expected = (societyNames: Array<{ uuid: string; society_business_name: string }>) => [
    {
      uuid: person.uuid,
      project: [{ uuid: demo.projects.andes, project_name: 'Contadores Andes' }],
      group: [],
      society: societyNames.map((s) => ({ uuid: s.uuid, society_business_name: s.society_business_name })),
    },
  ];
  // Each admin sees the memberships inside its scope: the GROUP_ADMIN of Norte not the society of Sur.
  const seen = (role: string, list: Array<{ uuid: string; society_business_name: string }>) =>
    role === 'group' ? list.filter((s) => s.uuid !== other.uuid) : list;
  const counted: string[] = [];
  for (const [role, token] of Object.entries(tokens)) {
    const { calls, rows } = await page(token);
    expect({ role, rows }).toEqual({ role, rows: expected(seen(role, [mine, other])) });
    counted.push(`${role} users (memberships joined later): ${calls}`);
  }
  // A name is read with the page, never kept in the entries: a renamed society shows its new name at once.
  const renamed = `Renombrada ${randomUUID().slice(0, 8)} SpA`;
  const patched = await call(societies.patchSociety, {
    token: superAdmin,
    params: { uuid: mine.uuid },
    body: { society_business_name: renamed },
  });
  expect(patched.status).toBe(200);
  for (const [role, token] of Object.entries(tokens)) {
    const { calls, rows } = await page(token);
    expect({ role, rows }).toEqual({
      role,
      rows: expected(seen(role, [{ uuid: mine.uuid, society_business_name: renamed }, other])),
    });
    counted.push(`${role} users (after a rename): ${calls}`);
  }
  console.log(counted.join('\n'));
  expect(counted.filter((line) => Number(line.split(': ')[1]) > 3)).toEqual([]);
});
