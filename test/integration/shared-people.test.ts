import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import * as societies from '../../shared/contracts/societies';
import * as users from '../../shared/contracts/users';
import { call, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { newSociety } from '../helpers/societies';
import { uploadSmall } from './documents-fixture';

/**
 * a person two firms share (a USER_SOCIETY of a society of each demo project) is seen and changed
 * per firm. The attacker is firm A's PROJECT_ADMIN (proyecto@demo.cl, "Contadores Andes"); firm B is "Auditores del
 * Pacífico", which has not opened its documents to the person.
 */
const PDF = new TextEncoder().encode('%PDF-1.4\n% documento de prueba\n%%EOF\n');

let superAdmin: string;
let adminA: string;
let person: { uuid: string; email: string };
/** Two more people of both firms, whose records are made in the older shape (one document flag for every firm). */
let legacy: { uuid: string; email: string };
let joiner: { uuid: string; email: string };
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
  [person, legacy, joiner] = await Promise.all([
    createTestUser('USER_SOCIETY', [demo.projects.andes, demo.projects.pacifico]),
    createTestUser('USER_SOCIETY', [demo.projects.andes, demo.projects.pacifico]),
    createTestUser('USER_SOCIETY', [demo.projects.andes]),
  ]);
  // One after the other: each join is conditioned on the person's version it read. Firm A's society sits in Sur, a
  // group no demo account belongs to, so its document is no demo account's notification (documents-notifications).
  societyA = await newSociety(superAdmin, demo.groups.sur, { user: [person.uuid, legacy.uuid, joiner.uuid] });
  societyB = await newSociety(superAdmin, demo.groups.costa, { user: [person.uuid, legacy.uuid] });
  await Promise.all([legacy, joiner].map((u) => writtenAsBefore(u.uuid)));
  [documentA, documentB] = await Promise.all([upload(societyA.uuid), upload(societyB.uuid)]);
  adminA = (await signIn('proyecto@demo.cl')).access;
}, 120_000);

/** The record as written before document access was per firm: one `user_documentation` flag, no list. */
async function writtenAsBefore(uuid: string) {
  const { dynamo, keys, lib, tableName } = await tableAccess();
  await dynamo.send(
    new lib.UpdateCommand({
      TableName: tableName,
      Key: keys.user(uuid),
      UpdateExpression: 'SET user_documentation = :t REMOVE documentation_projects',
      ExpressionAttributeValues: { ':t': true },
    }),
  );
}

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

  test('the person’s Documentos and notifications hold firm A’s society only', async () => {
    const token = (await signIn(person.email)).access;
    const root = await call(folders.listUserFolders, { token });
    expect(root.status).toBe(200);
    expect(root.body.results.map((r) => r.uuid)).toEqual([societyA.uuid]);
    expect((await call(folders.listUserTaxFolders, { token, query: { society: societyB.uuid } })).status).toBe(404);
    const notes = await call(documents.listNotifications, { token });
    expect(notes.body.count).toBeGreaterThan(0);
    expect(new Set(notes.body.results.map((n) => n.folder.society))).toEqual(new Set([societyA.uuid]));
  });

  test('firm A’s users list and search show the person with firm A’s memberships only', async () => {
    const { demo } = inject('portal');
    for (const contract of [users.listUsers, users.searchUsers]) {
      const found = await call(contract, { token: adminA, query: { search: person.email } });
      expect(found.status).toBe(200);
      expect(found.body.results.map((r) => r.uuid)).toEqual([person.uuid]);
      const [row] = found.body.results;
      expect(row?.project.map((p) => p.uuid)).toEqual([demo.projects.andes]);
      expect(row?.society.map((x) => x.uuid)).toEqual([societyA.uuid]);
      expect(row?.account_in_scope).toBe(false);
      expect(JSON.stringify(found.body)).not.toContain(societyB.uuid);
    }
  });

  test('a GROUP_ADMIN does not decide a firm’s document access for a person of a sibling group too', async () => {
    const { demo } = inject('portal');
    const member = await createTestUser('USER_SOCIETY', [demo.projects.andes]);
    await newSociety(superAdmin, demo.groups.norte, { user: [member.uuid] });
    await newSociety(superAdmin, demo.groups.sur, { user: [member.uuid] });
    const groupAdmin = (await signIn('grupo@demo.cl')).access;
    const seen = await call(users.getUser, { token: groupAdmin, params: { uuid: member.uuid } });
    expect(seen.body.society).toHaveLength(1);
    expect(seen.body.account_in_scope).toBe(false);
    const body = { user_documentation: true };
    const refused = await call(users.patchUser, { token: groupAdmin, params: { uuid: member.uuid }, body });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'ACTION_NOT_ALLOWED' });
    // The firm's PROJECT_ADMIN does.
    const opened = await call(users.patchUser, { token: adminA, params: { uuid: member.uuid }, body });
    expect(opened.status).toBe(200);
    expect(opened.body.profile.user_documentation).toBe(true);
  });
});

describe('records written before document access was per firm', () => {
  test('one flag keeps opening every firm the record names, until a firm changes its own side', async () => {
    let token = (await signIn(legacy.email)).access;
    expect(await download(token, documentA)).toBe(200);
    expect(await download(token, documentB)).toBe(200);
    const seen = await call(users.getUser, { token: adminA, params: { uuid: legacy.uuid } });
    expect(seen.body.profile.user_documentation).toBe(true);

    const closed = await call(users.patchUser, {
      token: adminA,
      params: { uuid: legacy.uuid },
      body: { user_documentation: false },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.profile.user_documentation).toBe(false);
    token = (await signIn(legacy.email)).access;
    expect(await download(token, documentA)).toBe(404);
    expect(await download(token, documentB)).toBe(200);
    const { users: data } = await tableAccess();
    const stored = await data.getUser(legacy.uuid);
    expect(stored?.documentation_projects).toEqual([inject('portal').demo.projects.pacifico]);
    expect(stored?.user_documentation).toBeUndefined();
  });

  test('a firm joined later is not opened by the old flag: the edit that adds it stores what the flag meant then', async () => {
    const { demo } = inject('portal');
    let token = (await signIn(joiner.email)).access;
    expect(await download(token, documentA)).toBe(200);
    const moved = await call(users.patchUser, {
      token: superAdmin,
      params: { uuid: joiner.uuid },
      body: { project: [demo.projects.andes, demo.projects.pacifico] },
    });
    expect(moved.status).toBe(200);
    const society = await call(societies.patchSociety, {
      token: superAdmin,
      params: { uuid: societyB.uuid },
      body: { user: [person.uuid, legacy.uuid, joiner.uuid] },
    });
    expect(society.status, JSON.stringify(society.body)).toBe(200);
    token = (await signIn(joiner.email)).access;
    expect(await download(token, documentA)).toBe(200);
    expect(await download(token, documentB)).toBe(404);
  });
});
