import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as users from '../../shared/contracts/users';
import { call, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { demoSociety } from '../helpers/demo-society';
import { uploadSmall } from './documents-fixture';

/**
 * Issue 21, finding 1: a person two firms share (a USER_SOCIETY of a society of each demo project) is seen and changed
 * per firm. The attacker is firm A's PROJECT_ADMIN (proyecto@demo.cl, "Contadores Andes"); firm B is "Auditores del
 * Pacífico", which has not opened its documents to the person.
 */
const PDF = new TextEncoder().encode('%PDF-1.4\n% documento de prueba\n%%EOF\n');

let superAdmin: string;
let adminA: string;
let person: { uuid: string; email: string };
let societyA: { uuid: string; society_business_name: string };
let societyB: { uuid: string; society_business_name: string };
let documentA: string;
let documentB: string;

async function upload(society: string) {
  const answer = await uploadSmall(superAdmin, { society, form: 'F29', year: '2024' }, 'Balance compartido.pdf', PDF);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.uuid as string;
}

beforeAll(async () => {
  const { demo } = inject('portal');
  superAdmin = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
  person = await createTestUser('USER_SOCIETY', [demo.projects.andes, demo.projects.pacifico]);
  // One after the other: each join is conditioned on the person's version it read.
  societyA = await demoSociety(superAdmin, demo.groups.norte, [person.uuid]);
  societyB = await demoSociety(superAdmin, demo.groups.costa, [person.uuid]);
  [documentA, documentB] = await Promise.all([upload(societyA.uuid), upload(societyB.uuid)]);
  adminA = (await signIn('proyecto@demo.cl')).access;
}, 120_000);

const download = async (token: string, uuid: string) =>
  (await call(documents.downloadDocument, { token, params: { uuid }, query: { format: 'json' } })).status;

describe('finding 1: one firm’s admin and a person it shares with another firm', () => {
  test('firm A opening its documents to the person opens firm A’s only; firm B’s stay closed', async () => {
    const opened = await call(users.patchUser, {
      token: adminA,
      params: { uuid: person.uuid },
      body: { user_documentation: true },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.profile.user_documentation).toBe(true);

    const token = (await signIn(person.email)).access;
    expect(await download(token, documentA)).toBe(200);
    expect(await download(token, documentB)).toBe(404);
  });

  test('firm A’s admin sees none of firm B’s projects, groups and societies in the person’s detail', async () => {
    const { demo } = inject('portal');
    const detail = await call(users.getUser, { token: adminA, params: { uuid: person.uuid } });
    expect(detail.status).toBe(200);
    expect(detail.body.project.map((p) => p.uuid)).toEqual([demo.projects.andes]);
    expect(detail.body.group).toEqual([]);
    expect(detail.body.society.map((s) => s.uuid)).toEqual([societyA.uuid]);
    const text = JSON.stringify(detail.body);
    for (const foreign of [
      demo.projects.pacifico,
      demo.groups.costa,
      societyB.uuid,
      'Auditores del Pacífico',
      societyB.society_business_name,
    ]) {
      expect(text).not.toContain(foreign);
    }
  });

  test('the account-wide fields of the shared person are refused to firm A’s admin, and nothing changes', async () => {
    const { users: data } = await tableAccess();
    const before = await data.getUser(person.uuid);
    for (const body of [
      { first_name: 'Otronombre' },
      { last_name: 'Otroapellido' },
      { rut_user: '11111111-1' },
      { phone_number: '+56999998888' },
    ]) {
      const refused = await call(users.patchUser, { token: adminA, params: { uuid: person.uuid }, body });
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(refused.body).toEqual({ code: 'ACTION_NOT_ALLOWED' });
    }
    expect(await data.getUser(person.uuid)).toEqual(before);
  });
});
