import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as registration from '../../shared/contracts/registration';
import * as societies from '../../shared/contracts/societies';
import { call, signIn } from '../helpers/api';
import { createTestUser } from '../helpers/db';
import { freshRut } from '../helpers/tenant-world';

/**
 * Issue 21, finding 2: two firms serve the same company, and nothing one firm's admin asks tells it what another firm
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

const newEmail = () => `compartido-${randomUUID().slice(0, 8)}@prueba.cl`;

function societyBody(group: string, rut: string | undefined, name = `Sociedad ${randomUUID().slice(0, 8)} SpA`) {
  return {
    society_business_name: name,
    ...(rut && { society_rut: rut }),
    business_line: 'Servicios',
    company_code: 'CMP',
    industry_type: inject('portal').demo.industries[0] as string,
    society_email: 'contacto@compartida.cl',
    currency: 'CLP' as const,
    group,
    society_contact_name: 'Juan Pérez',
    society_phone_number: '+56911112222',
    tax_module: 'False' as const,
  };
}

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
    const ofA = await call(societies.createSociety, { token: adminA, body: societyBody(demo.groups.norte, rut) });
    expect(ofA.status).toBe(201);
    const ofB = await call(societies.createSociety, { token: adminB, body: societyBody(demo.groups.costa, rut) });
    expect(ofB.status, JSON.stringify(ofB.body)).toBe(201);
    expect(ofB.body.society_rut).toBe(rut);
  });

  test('rut-available says nothing of another firm: a RUT only firm A has is free for firm B', async () => {
    const { demo } = inject('portal');
    const rut = freshRut();
    expect(
      (await call(societies.createSociety, { token: adminA, body: societyBody(demo.groups.sur, rut) })).status,
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
    const fresh = await invite(newEmail());
    const known = await invite(elsewhere.email);
    expect(fresh.status).toBe(201);
    expect(known.status, JSON.stringify(known.body)).toBe(fresh.status);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(fresh.body).sort());
  });

  test('inviting an address firm B has a pending invitation for answers as for a new address', async () => {
    const { demo } = inject('portal');
    const email = newEmail();
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
      `${newEmail()},Ana,Pérez,,USER_SOCIETY,Auditores del Pacífico,,${pesqueraRut}`,
      `${newEmail()},Ana,Pérez,,USER_SOCIETY,Proyecto ${randomUUID().slice(0, 8)},,${pesqueraRut}`,
      `${newEmail()},Ana,Pérez,,USER_GROUP,Auditores del Pacífico,Grupo Costa,`,
      `${newEmail()},Ana,Pérez,,USER_GROUP,Proyecto ${randomUUID().slice(0, 8)},Grupo Costa,`,
      `${elsewhere.email},Ana,Pérez,,USER_SOCIETY,,,${minera.body.society_rut}`,
      `${newEmail()},Ana,Pérez,,USER_SOCIETY,,,${minera.body.society_rut}`,
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
