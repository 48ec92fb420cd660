import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { accountingViewerSocieties } from '../../shared/contracts/accounting';
import { getUserInfo } from '../../shared/contracts/auth';
import * as registration from '../../shared/contracts/registration';
import * as societies from '../../shared/contracts/societies';
import { call, DEMO_PASSWORD, signIn } from '../helpers/api';
import { createTestUser, itemExists, tableAccess } from '../helpers/db';
import { freshRut, newEmail } from '../helpers/fresh';
import { mailedInvitationToken } from '../helpers/mail';
import { newSociety, societyBody } from '../helpers/societies';
import { statementAssignment } from './accounting-helpers';

/**
 * two firms serve the same company, and nothing one firm's admin asks tells it what another firm
 * has (a client's RUT, an account, a pending invitation, a project's name). Firm A is the demo's "Contadores Andes"
 * (its PROJECT_ADMIN proyecto@demo.cl), firm B "Auditores del Pacífico" (a PROJECT_ADMIN made here).
 */
let superAdmin: string;
let adminA: string;
let adminB: string;

beforeAll(async () => {
  const { demo } = inject('portal');
  const b = await createTestUser('PROJECT_ADMIN', [demo.projects.pacifico]);
  [superAdmin, adminA, adminB] = await Promise.all([
    signIn('superadmin@demo.cl').then((t) => t.access),
    signIn('proyecto@demo.cl').then((t) => t.access),
    signIn(b.email).then((t) => t.access),
  ]);
});

/** Posts a CSV of invitations as the given admin and returns the report. */
async function importCsv(token: string, lines: string[]) {
  const form = new FormData();
  const csv = ['email,first_name,last_name,rut_user,user_role,project,group,society', ...lines].join('\n');
  form.append('file_csv', new Blob([csv], { type: 'text/csv' }), 'usuarios.csv');
  const response = await fetch(`${inject('portal').apiUrl}/api/v1/register/load-register/csv/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    rows: Array<{ row: number; email: string; status: string; errors: Record<string, string[]> }>;
  };
}

describe('finding 2, as an attacker in firm A would try it', () => {
  test("firm B adds a company firm A already serves (today: 409 RUT_TAKEN, so B learns A's client)", async () => {
    const { demo } = inject('portal');
    const rut = freshRut();
    const ofA = await call(societies.createSociety, {
      token: adminA,
      body: societyBody(demo.groups.norte, { society_rut: rut }),
    });
    expect(ofA.status).toBe(201);
    const ofB = await call(societies.createSociety, {
      token: adminB,
      body: societyBody(demo.groups.costa, { society_rut: rut }),
    });
    expect(ofB.status, JSON.stringify(ofB.body)).toBe(201);
    expect(ofB.body.society_rut).toBe(rut);
  });

  test('rut-available says nothing of another firm: a RUT only firm A has is free for firm B', async () => {
    const { demo } = inject('portal');
    const rut = freshRut();
    expect(
      (await call(societies.createSociety, { token: adminA, body: societyBody(demo.groups.sur, { society_rut: rut }) }))
        .status,
    ).toBe(201);
    const forB = await call(societies.checkSocietyRut, { token: adminB, query: { rut } });
    const unknown = await call(societies.checkSocietyRut, { token: adminB, query: { rut: freshRut() } });
    expect(unknown).toEqual({ status: 200, body: { available: true } });
    expect(forB).toEqual(unknown);
    // Its own firm is told: the RUT is taken there.
    expect((await call(societies.checkSocietyRut, { token: adminA, query: { rut } })).body).toEqual({
      available: false,
    });
  });

  test('inviting an address that has an account only in firm B answers as for a new address', async () => {
    const { demo } = inject('portal');
    const elsewhere = await createTestUser('USER_SOCIETY', [demo.projects.pacifico]);
    const invite = (email: string) =>
      call(registration.generateInvitation, {
        token: adminA,
        body: { user_role: 'USER_SOCIETY', email, society: [demo.societies.minera] },
      });
    const fresh = await invite(newEmail('compartido'));
    const known = await invite(elsewhere.email);
    expect(fresh.status).toBe(201);
    expect(known.status, JSON.stringify(known.body)).toBe(fresh.status);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(fresh.body).sort());
  });

  test('inviting an address firm B has a pending invitation for answers as for a new address', async () => {
    const { demo } = inject('portal');
    const email = newEmail('compartido');
    const byB = await call(registration.generateInvitation, {
      token: adminB,
      body: { user_role: 'USER_SOCIETY', email, society: [demo.societies.pesquera] },
    });
    expect(byB.status).toBe(201);
    const byA = await call(registration.generateInvitation, {
      token: adminA,
      body: { user_role: 'USER_SOCIETY', email, society: [demo.societies.minera] },
    });
    expect(byA.status, JSON.stringify(byA.body)).toBe(201);
  });

  test("a CSV naming firm B's project, or an address known only to firm B, answers as for unknown ones", async () => {
    const { demo } = inject('portal');
    const pesquera = await call(societies.getSociety, { token: superAdmin, params: { uuid: demo.societies.pesquera } });
    const pesqueraRut = pesquera.body.society_rut as string;
    const elsewhere = await createTestUser('USER_SOCIETY', [demo.projects.pacifico]);
    const minera = await call(societies.getSociety, { token: adminA, params: { uuid: demo.societies.minera } });
    const report = await importCsv(adminA, [
      `${newEmail('compartido')},Ana,Pérez,,USER_SOCIETY,Auditores del Pacífico,,${pesqueraRut}`,
      `${newEmail('compartido')},Ana,Pérez,,USER_SOCIETY,Proyecto ${randomUUID().slice(0, 8)},,${pesqueraRut}`,
      `${newEmail('compartido')},Ana,Pérez,,USER_GROUP,Auditores del Pacífico,Grupo Costa,`,
      `${newEmail('compartido')},Ana,Pérez,,USER_GROUP,Proyecto ${randomUUID().slice(0, 8)},Grupo Costa,`,
      `${elsewhere.email},Ana,Pérez,,USER_SOCIETY,,,${minera.body.society_rut}`,
      `${newEmail('compartido')},Ana,Pérez,,USER_SOCIETY,,,${minera.body.society_rut}`,
    ]);
    const [foreignProject, noProject, foreignGroup, noGroup, knownElsewhere, fresh] = report.rows;
    expect(foreignProject?.status).toBe('FAILED');
    expect(foreignProject?.errors).toEqual(noProject?.errors);
    expect(foreignGroup?.status).toBe('FAILED');
    expect(foreignGroup?.errors).toEqual(noGroup?.errors);
    expect(fresh?.status).toBe('CREATED');
    expect(knownElsewhere?.status).toBe(fresh?.status);
  });
});

/** One company (one RUT) that both firms serve: a society of its own in each demo project. */
async function sharedCompany(name = `Compartida ${randomUUID().slice(0, 8)} SpA`) {
  const { demo } = inject('portal');
  const rut = freshRut();
  const a = await call(societies.createSociety, {
    token: adminA,
    body: societyBody(demo.groups.norte, { society_rut: rut, society_business_name: name }),
  });
  const b = await call(societies.createSociety, {
    token: adminB,
    body: societyBody(demo.groups.costa, { society_rut: rut, society_business_name: name }),
  });
  expect([a.status, b.status]).toEqual([201, 201]);
  return { rut, name, a: a.body, b: b.body };
}

describe('a company both firms serve', () => {
  test("each firm's admin finds only its own society of that RUT in lists, search, pickers, detail and PDF", async () => {
    const { rut, a, b } = await sharedCompany();
    const { apiUrl } = inject('portal');
    for (const [token, own, other] of [
      [adminA, a.uuid, b.uuid],
      [adminB, b.uuid, a.uuid],
    ] as const) {
      const query = { search: rut, limit: 100 };
      const listed = await call(societies.listSocieties, { token, query });
      const searched = await call(societies.searchSocieties, { token, query });
      const picker = await call(societies.listSocietiesForUsers, { token, query });
      for (const page of [listed, searched, picker]) {
        expect(page.status).toBe(200);
        expect(page.body.results.map((s) => s.uuid)).toEqual([own]);
      }
      expect((await call(societies.getSociety, { token, params: { uuid: own } })).body.society_rut).toBe(rut);
      const hidden = await call(societies.getSociety, { token, params: { uuid: other } });
      expect(hidden.status).toBe(404);
      expect((await fetch(`${apiUrl}/api/v1/societies/detail/pdf/${own}/?token=${token}`)).status).toBe(200);
      expect((await fetch(`${apiUrl}/api/v1/societies/detail/pdf/${other}/?token=${token}`)).status).toBe(404);
      // Its own firm has it, whoever else does.
      expect((await call(societies.checkSocietyRut, { token, query: { rut } })).body).toEqual({ available: false });
    }
    // The SUPER_ADMIN sees both, and asks the check about a firm by its group.
    const both = await call(societies.listSocieties, { token: superAdmin, query: { search: rut, limit: 100 } });
    expect(both.body.results.map((s) => s.uuid).sort()).toEqual([a.uuid, b.uuid].sort());
  });

  test("each firm's admin edits its own society; the other firm's stays as it was", async () => {
    const { demo } = inject('portal');
    const { rut, a, b } = await sharedCompany();
    const beforeB = await call(societies.getSociety, { token: superAdmin, params: { uuid: b.uuid } });

    const renamed = await call(societies.patchSociety, {
      token: adminA,
      params: { uuid: a.uuid },
      body: { society_business_name: 'Renombrada por A SpA', version: a.version },
    });
    expect(renamed.status).toBe(200);
    // A's society leaves the RUT, and takes it back: B's society holds it throughout.
    const otherRut = freshRut();
    const away = await call(societies.patchSociety, {
      token: adminA,
      params: { uuid: a.uuid },
      body: { society_rut: otherRut, version: renamed.body.version },
    });
    expect(away.status).toBe(200);
    expect((await call(societies.checkSocietyRut, { token: adminA, query: { rut } })).body).toEqual({
      available: true,
    });
    expect((await call(societies.checkSocietyRut, { token: adminB, query: { rut } })).body).toEqual({
      available: false,
    });
    const back = await call(societies.patchSociety, {
      token: adminA,
      params: { uuid: a.uuid },
      body: { society_rut: rut, version: away.body.version },
    });
    expect(back.status).toBe(200);
    // A move inside the firm keeps the RUT there; a second society of that RUT in the firm is refused.
    const moved = await call(societies.patchSociety, {
      token: adminA,
      params: { uuid: a.uuid },
      body: { group: demo.groups.sur, version: back.body.version },
    });
    expect(moved.status).toBe(200);
    const twin = await call(societies.createSociety, {
      token: adminA,
      body: societyBody(demo.groups.norte, { society_rut: rut }),
    });
    expect(twin).toEqual({ status: 409, body: { code: 'RUT_TAKEN' } });
    // Nor may a society move into the other firm while that firm has the RUT (a SUPER_ADMIN's move).
    const across = await call(societies.patchSociety, {
      token: superAdmin,
      params: { uuid: a.uuid },
      body: { group: demo.groups.costa, project: demo.projects.pacifico, version: moved.body.version },
    });
    expect(across).toEqual({ status: 409, body: { code: 'RUT_TAKEN' } });

    const afterB = await call(societies.getSociety, { token: superAdmin, params: { uuid: b.uuid } });
    expect(afterB.body).toEqual(beforeB.body);
    const ofA = await call(societies.getSociety, { token: adminA, params: { uuid: a.uuid } });
    expect(ofA.body).toMatchObject({ society_business_name: 'Renombrada por A SpA', society_rut: rut });
  });

  test("the SUPER_ADMIN's check is about the firm of the group it names", async () => {
    const { demo } = inject('portal');
    const rut = freshRut();
    expect(
      (
        await call(societies.createSociety, {
          token: adminA,
          body: societyBody(demo.groups.norte, { society_rut: rut }),
        })
      ).status,
    ).toBe(201);
    const check = (group?: string) =>
      call(societies.checkSocietyRut, { token: superAdmin, query: { rut, ...(group && { group }) } });
    expect((await check(demo.groups.sur)).body).toEqual({ available: false });
    expect((await check(demo.groups.costa)).body).toEqual({ available: true });
    const unnamed = await check();
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.errors).toEqual({ group: ['REQUIRED'] });
    // An admin naming another firm's group is answered as for a group that does not exist.
    const foreign = await call(societies.checkSocietyRut, { token: adminA, query: { rut, group: demo.groups.costa } });
    const unknown = await call(societies.checkSocietyRut, { token: adminA, query: { rut, group: randomUUID() } });
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(unknown);
  });

  test("a CSV row and an accounting assignment naming the RUT reach the firm's own society", async () => {
    const { rut, a } = await sharedCompany();
    const email = newEmail('compartido');
    const report = await importCsv(adminA, [`${email},Ana,Pérez,,USER_SOCIETY,,,${rut}`]);
    expect(report.rows.map((r) => r.status)).toEqual(['CREATED']);
    const pending = await call(registration.listInvitations, { token: adminA, query: { search: email } });
    expect(pending.body.results.map((i) => i.society)).toEqual([[a.uuid]]);

    const assignment = await statementAssignment(superAdmin, 'balance8columns', { society_list: [a.uuid] });
    const seen = await call(accountingViewerSocieties, { token: adminA, query: { assignment } });
    expect(seen.body).toEqual([{ uuid: a.uuid, society_business_name: a.society_business_name, society_rut: rut }]);
    const fromB = await call(accountingViewerSocieties, { token: adminB, query: { assignment } });
    expect(fromB.status).toBe(404);
  });
});

/**
 * A table written before RUTs were per project holds one marker per RUT, without its project. The code reads it until
 * the once-per-table backfill (functions/lib/data/society-rut-backfill.ts) moves it to its society's project.
 */
describe('RUT markers written before', () => {
  test("a legacy marker keeps its society's RUT in its firm only, before and after the backfill", async () => {
    const { demo } = inject('portal');
    const { dynamo, lib, tableName, keys } = await tableAccess();
    const data = await import('../../functions/lib/data/societies');
    const backfill = await import('../../functions/lib/data/society-rut-backfill');
    const rut = freshRut();
    const old = await call(societies.createSociety, {
      token: adminA,
      body: societyBody(demo.groups.norte, { society_rut: rut }),
    });
    expect(old.status).toBe(201);
    // As written before: the marker of the RUT alone.
    await dynamo.send(new lib.DeleteCommand({ TableName: tableName, Key: data.rutKey(demo.projects.andes, rut) }));
    await dynamo.send(
      new lib.PutCommand({ TableName: tableName, Item: { ...keys.unique('RUT', rut), owner_uuid: old.body.uuid } }),
    );

    const inA = () =>
      call(societies.createSociety, { token: adminA, body: societyBody(demo.groups.sur, { society_rut: rut }) });
    expect(await inA()).toEqual({ status: 409, body: { code: 'RUT_TAKEN' } });
    expect((await call(societies.checkSocietyRut, { token: adminA, query: { rut } })).body).toEqual({
      available: false,
    });
    expect((await call(societies.checkSocietyRut, { token: adminB, query: { rut } })).body).toEqual({
      available: true,
    });
    const inB = await call(societies.createSociety, {
      token: adminB,
      body: societyBody(demo.groups.costa, { society_rut: rut }),
    });
    expect(inB.status).toBe(201);

    const result = await backfill.backfillSocietyRuts(await backfill.scanLegacyRutMarkers());
    expect(result.moved).toBeGreaterThanOrEqual(1);
    expect(await itemExists(keys.unique('RUT', rut))).toBe(false);
    expect(await itemExists(data.rutKey(demo.projects.andes, rut))).toBe(true);
    expect(await inA()).toEqual({ status: 409, body: { code: 'RUT_TAKEN' } });
    // Run again, it finds nothing of this RUT to do.
    const again = await backfill.backfillSocietyRuts(await backfill.scanLegacyRutMarkers());
    expect(again.checked).toBe(again.moved + again.dropped + again.changed);
    expect(await itemExists(data.rutKey(demo.projects.andes, rut))).toBe(true);
  });

  test('a society holding only a legacy marker leaves its RUT free when it takes another', async () => {
    const { demo } = inject('portal');
    const { dynamo, lib, tableName, keys } = await tableAccess();
    const data = await import('../../functions/lib/data/societies');
    const rut = freshRut();
    const old = await call(societies.createSociety, {
      token: adminA,
      body: societyBody(demo.groups.norte, { society_rut: rut }),
    });
    await dynamo.send(new lib.DeleteCommand({ TableName: tableName, Key: data.rutKey(demo.projects.andes, rut) }));
    await dynamo.send(
      new lib.PutCommand({ TableName: tableName, Item: { ...keys.unique('RUT', rut), owner_uuid: old.body.uuid } }),
    );
    const changed = await call(societies.patchSociety, {
      token: adminA,
      params: { uuid: old.body.uuid },
      body: { society_rut: freshRut(), version: old.body.version },
    });
    expect(changed.status).toBe(200);
    expect(await itemExists(keys.unique('RUT', rut))).toBe(false);
    expect(
      (await call(societies.createSociety, { token: adminA, body: societyBody(demo.groups.sur, { society_rut: rut }) }))
        .status,
    ).toBe(201);
  });
});

/**
 * What follows an invitation of an address firm B already serves: the person gets the mail like anyone, and accepting
 * it with the account's own password adds firm A's memberships; firm B's side of the account stays as it was.
 */
describe('a person both firms serve', () => {
  async function clientOfB(role: 'USER_SOCIETY' | 'USER_GROUP' = 'USER_SOCIETY') {
    const { demo } = inject('portal');
    const person = await createTestUser(role, [demo.projects.pacifico]);
    const society =
      role === 'USER_SOCIETY' ? await newSociety(superAdmin, demo.groups.costa, { user: [person.uuid] }) : null;
    return { ...person, society };
  }

  test("accepting with the account's password joins firm A; names, password and firm B's side stay", async () => {
    const person = await clientOfB();
    const { demo } = inject('portal');
    const mine = await call(societies.createSociety, {
      token: adminA,
      body: societyBody(demo.groups.norte),
    });
    const invited = await call(registration.generateInvitation, {
      token: adminA,
      body: { user_role: 'USER_SOCIETY', email: person.email, society: [mine.body.uuid] },
    });
    expect(invited.status).toBe(201);
    const token = await mailedInvitationToken(person.email);
    const verified = await call(registration.verifyInvitation, { query: { token } });
    expect(verified.body).toMatchObject({ email: person.email, has_account: true });

    const wrong = await call(registration.registerInvitation, {
      body: { token, password: 'Otra.Clave9', password_confirmation: 'Otra.Clave9' },
    });
    expect(wrong).toEqual({ status: 400, body: { code: 'WRONG_PASSWORD' } });
    const joined = await call(registration.registerInvitation, {
      body: {
        token,
        first_name: 'Nombre Nuevo',
        last_name: 'Apellido Nuevo',
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
      },
    });
    expect(joined.status).toBe(201);

    // The same password signs in, and the person now reaches both firms' societies under the same names.
    const { access } = await signIn(person.email, DEMO_PASSWORD);
    const info = await call(getUserInfo, { token: access });
    expect(info.body.user).toMatchObject({ first_name: 'Prueba', last_name: 'Automática' });
    const reached = await call(societies.listMySocieties, { token: access });
    expect(reached.body.map((s) => s.uuid).sort()).toEqual([mine.body.uuid, person.society?.uuid].sort());
    const ofB = await call(societies.getSociety, { token: adminB, params: { uuid: person.society?.uuid as string } });
    expect(ofB.body.user_list.map((u) => u.email)).toContain(person.email);
    // The link is spent; firm A no longer lists the invitation as pending.
    expect((await call(registration.verifyInvitation, { query: { token } })).status).toBe(400);
    const pending = await call(registration.listInvitations, { token: adminA, query: { search: person.email } });
    expect(pending.body.count).toBe(0);
  });

  test('an invitation with another role than the account has is refused to the person only', async () => {
    const person = await clientOfB('USER_SOCIETY');
    const { demo } = inject('portal');
    const invited = await call(registration.generateInvitation, {
      token: adminA,
      body: { user_role: 'USER_GROUP', email: person.email, group: [demo.groups.sur] },
    });
    expect(invited.status).toBe(201);
    const token = await mailedInvitationToken(person.email);
    const refused = await call(registration.registerInvitation, {
      body: { token, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
    });
    expect(refused).toEqual({ status: 400, body: { code: 'INVITATION_ROLE_CONFLICT' } });
    // Firm A sees what it sees for anyone who has not registered yet: the invitation, pending.
    const pending = await call(registration.listInvitations, { token: adminA, query: { search: person.email } });
    expect(pending.body.results.map((i) => i.uuid)).toEqual([invited.body.uuid]);
  });

  test("an address already in the inviting firm is still 'already invited and/or registered'", async () => {
    const { demo } = inject('portal');
    const own = await createTestUser('USER_SOCIETY', [demo.projects.andes]);
    const again = await call(registration.generateInvitation, {
      token: adminA,
      body: { user_role: 'USER_SOCIETY', email: own.email, society: [demo.societies.minera] },
    });
    expect(again).toEqual({ status: 400, body: { code: 'USER_ALREADY_INVITED' } });
  });

  test('a new account still needs its names', async () => {
    const { demo } = inject('portal');
    const email = newEmail('compartido');
    await call(registration.generateInvitation, {
      token: adminA,
      body: { user_role: 'USER_SOCIETY', email, society: [demo.societies.minera] },
    });
    const token = await mailedInvitationToken(email);
    expect((await call(registration.verifyInvitation, { query: { token } })).body.has_account).toBe(false);
    const nameless = await call(registration.registerInvitation, {
      body: { token, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body.errors).toEqual({ first_name: ['REQUIRED'], last_name: ['REQUIRED'] });
  });
});
