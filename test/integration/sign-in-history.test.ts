import { beforeAll, describe, expect, test } from 'vitest';
import { postToken } from '../../shared/contracts/auth';
import { createProject } from '../../shared/contracts/projects';
import { listUserSignIns } from '../../shared/contracts/users';
import { call, DEMO_PASSWORD, ok, signIn } from '../helpers/api';
import { createTestUser } from '../helpers/db';
import { unique } from '../helpers/fresh';

/**
 * The sign-in history (GET api/v1/users/user/{uuid}/sign-ins/): a person's session log, newest first, each sign-in
 * with its way in and each refusal with its reason, paged by an opaque cursor good only for its own list; read by the
 * person and by the admins whose scope reaches it, and by nobody else (404, as the user's detail).
 */
let superAdmin: string;
let firmA: { project: string; admin: string; client: { uuid: string; email: string }; peer: string };
let otherAdmin: string;

async function firm() {
  const admin = await createTestUser('PROJECT_ADMIN');
  const body = {
    project_name: `Firma historial ${unique()}`,
    client_name: 'Cliente SpA',
    associated_service_description: 'Contabilidad',
    service_description: 'Portal',
    admin: [admin.uuid],
  };
  const project = ok('project', await call(createProject, { token: superAdmin, body })).uuid;
  return { project, admin: (await signIn(admin.email)).access };
}

const REFUSED_IP = '10.20.30.40';
const SIGNED_IN_IP = '10.20.30.41';

beforeAll(async () => {
  superAdmin = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
  const [a, b] = await Promise.all([firm(), firm()]);
  otherAdmin = b.admin;
  const [client, peer] = await Promise.all([
    createTestUser('USER_SOCIETY', [a.project]),
    createTestUser('USER_GROUP', [a.project]),
  ]);
  firmA = { ...a, client, peer: (await signIn(peer.email)).access };
  // A refused sign-in (a wrong password), then a right one, each from its own address.
  const refused = await call(postToken, { ip: REFUSED_IP, body: { email: client.email, password: 'No.Es.La.Clave1' } });
  expect(refused.status).toBe(401);
  await signIn(client.email, DEMO_PASSWORD, { ip: SIGNED_IN_IP });
}, 60_000);

const history = (token: string, uuid: string, query: Record<string, string | number> = {}) =>
  call(listUserSignIns, { token, params: { uuid }, query });

describe('what the history shows', () => {
  test('a sign-in with its way in and a refusal with its reason, newest first, with their addresses', async () => {
    const answer = await history(firmA.admin, firmA.client.uuid);
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      expect.objectContaining({ action: 'LOGIN', method: 'PASSWORD', source_ip: SIGNED_IN_IP }),
      expect.objectContaining({ action: 'LOGIN_REFUSED', reason: 'CREDENTIALS', source_ip: REFUSED_IP }),
    ]);
    expect(answer.body.results[1]).not.toHaveProperty('method');
    const [newer, older] = answer.body.results.map((e) => Date.parse(e.at));
    expect(newer).toBeGreaterThanOrEqual(older as number);
    expect(answer.body.next).toBeNull();
  });

  test('pages by its cursor: one event a page, the last page says there is no next', async () => {
    const first = await history(firmA.admin, firmA.client.uuid, { limit: 1 });
    expect(first.status).toBe(200);
    expect(first.body.results.map((e) => e.action)).toEqual(['LOGIN']);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await history(firmA.admin, firmA.client.uuid, { limit: 1, cursor: first.body.next as string });
    expect(second.status).toBe(200);
    expect(second.body.results.map((e) => e.action)).toEqual(['LOGIN_REFUSED']);
    expect(second.body.next).toBeNull();
  });

  test("a cursor of another person's list, a forged one and a page too large are refused as bad input", async () => {
    const own = await history(superAdmin, firmA.client.uuid, { limit: 1 });
    const foreign = await history(superAdmin, (await createTestUser('USER_SOCIETY', [firmA.project])).uuid, {
      cursor: own.body.next as string,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ code: 'VALIDATION_ERROR', errors: { cursor: ['FORMAT_ERROR'] } });
    expect((await history(superAdmin, firmA.client.uuid, { cursor: 'no-es-un-cursor' })).status).toBe(400);
    expect((await history(superAdmin, firmA.client.uuid, { limit: 51 })).status).toBe(400);
  });
});

describe('who reads it', () => {
  test('the person reads its own, whatever its role', async () => {
    const { access } = await signIn(firmA.client.email);
    const answer = await history(access, firmA.client.uuid);
    expect(answer.status).toBe(200);
    // Its own sign-in just now comes first.
    expect(answer.body.results[0]).toEqual(expect.objectContaining({ action: 'LOGIN', method: 'PASSWORD' }));
    expect(answer.body.results.length).toBe(3);
  });

  test('the SUPER_ADMIN and the firm’s admin read it', async () => {
    expect((await history(superAdmin, firmA.client.uuid)).status).toBe(200);
    expect((await history(firmA.admin, firmA.client.uuid)).status).toBe(200);
  });

  test('another firm’s admin gets 404, as for a user that does not exist', async () => {
    const answer = await history(otherAdmin, firmA.client.uuid);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 'NOT_FOUND' });
    expect(JSON.stringify(answer.body)).not.toContain(SIGNED_IN_IP);
  });

  test('a client of the same firm gets 404 for another person', async () => {
    const answer = await history(firmA.peer, firmA.client.uuid);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 'NOT_FOUND' });
  });

  test('an unknown person is 404 to an admin too', async () => {
    expect((await history(superAdmin, crypto.randomUUID())).status).toBe(404);
  });
});
