import { inject } from 'vitest';
import * as groups from '../../shared/contracts/groups';
import * as modules from '../../shared/contracts/modules';
import * as projects from '../../shared/contracts/projects';
import * as societies from '../../shared/contracts/societies';
import type { Role } from '../../shared/roles';
import { call, signIn } from './api';
import { createTestUser } from './db';
import { unique } from './fresh';
import { societyBody } from './societies';

/**
 * A small world of its own for the reports and accounting-assignment tests, built through the API
 * as SUPER_ADMIN so it neither reads nor changes the demo data:
 *
 *   project P ─ group G1 ─ societies S1a (userSociety, a USER_SOCIETY) and S1b
 *             └ group G2 ─ society S2a (otherSociety, a USER_SOCIETY of the other group)
 *   project Q ─ group H  ─ society T
 *
 * with a PROJECT_ADMIN of P, a GROUP_ADMIN and a USER_GROUP of G1, a PROJECT_ADMIN of Q, and one module per kind.
 */
export interface AssignmentWorld {
  superAdmin: string;
  P: string;
  Q: string;
  G1: string;
  G2: string;
  H: string;
  S1a: string;
  S1b: string;
  S2a: string;
  T: string;
  reportModule: string;
  accountingModule: string;
  people: Record<
    'projectAdmin' | 'groupAdmin' | 'userGroup' | 'userSociety' | 'otherSociety' | 'otherProjectAdmin',
    { uuid: string; email: string; token: string }
  >;
}

export async function buildAssignmentWorld(): Promise<AssignmentWorld> {
  const superAdmin = (await signIn('superadmin@demo.cl')).access;
  const as = { token: superAdmin };
  const project = async () =>
    (
      await call(projects.createProject, {
        ...as,
        body: {
          project_name: `Reportes ${unique()}`,
          client_name: 'Cliente SpA',
          associated_service_description: 'Contabilidad',
          service_description: 'Portal',
        },
      })
    ).body.uuid;
  const [P, Q] = [await project(), await project()];
  const person = async (role: Role, projectUuid: string) => createTestUser(role, [projectUuid]);
  const [projectAdmin, groupAdmin, userGroup, userSociety, otherSociety, otherProjectAdmin] = await Promise.all([
    person('PROJECT_ADMIN', P),
    person('GROUP_ADMIN', P),
    person('USER_GROUP', P),
    person('USER_SOCIETY', P),
    person('USER_SOCIETY', P),
    person('PROJECT_ADMIN', Q),
  ]);
  const group = async (projectUuid: string, body: { admin?: string[]; user?: string[] } = {}) =>
    (
      await call(groups.createGroup, {
        ...as,
        body: { group_name: `Grupo ${unique()}`, group_description: 'Prueba', project: projectUuid, ...body },
      })
    ).body.uuid;
  const G1 = await group(P, { admin: [groupAdmin.uuid], user: [userGroup.uuid] });
  const G2 = await group(P);
  const H = await group(Q);
  const industry = (await call(societies.listIndustries, as)).body[0]?.uuid as string;
  const society = async (groupUuid: string, user: string[] = []) => {
    const answer = await call(societies.createSociety, {
      ...as,
      body: societyBody(groupUuid, {
        company_code: 'REP',
        industry_type: industry,
        society_email: 'contacto@reportes.cl',
        user,
      }),
    });
    if (answer.status !== 201) throw new Error(`society: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.uuid;
  };
  const S1a = await society(G1, [userSociety.uuid]);
  const S1b = await society(G1);
  const S2a = await society(G2, [otherSociety.uuid]);
  const T = await society(H);
  const module = async (module_type: 'REPORT' | 'ACCOUNTING') =>
    (await call(modules.createModule, { ...as, body: { module_name: `Módulo ${unique()}`, module_type } })).body.uuid;
  const tokens = await Promise.all(
    [projectAdmin, groupAdmin, userGroup, userSociety, otherSociety, otherProjectAdmin].map(
      async (p) => (await signIn(p.email)).access,
    ),
  );
  const withToken = (p: { uuid: string; email: string }, index: number) => ({
    uuid: p.uuid,
    email: p.email,
    token: tokens[index] as string,
  });
  return {
    superAdmin,
    P,
    Q,
    G1,
    G2,
    H,
    S1a,
    S1b,
    S2a,
    T,
    reportModule: await module('REPORT'),
    accountingModule: await module('ACCOUNTING'),
    people: {
      projectAdmin: withToken(projectAdmin, 0),
      groupAdmin: withToken(groupAdmin, 1),
      userGroup: withToken(userGroup, 2),
      userSociety: withToken(userSociety, 3),
      otherSociety: withToken(otherSociety, 4),
      otherProjectAdmin: withToken(otherProjectAdmin, 5),
    },
  };
}

/** A multipart/form-data request (create and edit with an image, form-data patches). */
export async function sendForm(
  token: string,
  method: string,
  path: string,
  fields: Record<string, string | string[]>,
  files: Record<string, Buffer> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  for (const [name, data] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(data)]), `${name}.png`);
  const response = await fetch(`${inject('portal').apiUrl}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
