import { beforeAll, describe, expect, test } from 'vitest';
import * as accounting from '../../shared/contracts/accounting-assignments';
import * as modules from '../../shared/contracts/modules';
import { call } from '../helpers/api';
import { type AssignmentWorld, buildAssignmentWorld, sendForm } from '../helpers/assignment-world';

/**
 * Accounting assignments over the real local services: CRUD (multipart create, form-data patch), search,
 * the GROUP_ADMIN's scope, and the user list get-module-accounting under the same visibility rule as reports.
 */
let w: AssignmentWorld;

beforeAll(async () => {
  w = await buildAssignmentWorld();
}, 120_000);

const body = (overrides: Record<string, unknown> = {}) => ({
  accounting_type: 'FINANCIAL_SITUATION',
  menu_name: `Situación ${Math.random().toString(36).slice(2, 7)}`,
  description: 'Estado de situación financiera',
  enable_user_society: true,
  module: w.accountingModule,
  ...overrides,
});

async function myStatements(token: string) {
  const answer = await call(modules.getModuleAccounting, { token });
  expect(answer.status).toBe(200);
  return answer.body.flatMap((m) => m.report_list);
}

describe('accounting assignments', () => {
  test('a GROUP_ADMIN assigns a statement to a society of its group; its user sees it, the other group does not', async () => {
    const created = await call(accounting.createAccountingAssignment, {
      token: w.people.groupAdmin.token,
      body: body({ society_list: [w.S1a] }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ accounting_type: 'FINANCIAL_SITUATION', editable: true });
    const mine = await myStatements(w.people.userSociety.token);
    expect(mine).toContainEqual({
      uuid: created.body.uuid,
      menu_name: created.body.menu_name,
      accounting_type: 'FINANCIAL_SITUATION',
      type: 2,
    });
    expect((await myStatements(w.people.otherSociety.token)).map((s) => s.uuid)).not.toContain(created.body.uuid);
    // Enabled for USER_SOCIETY only: the USER_GROUP of the same group does not get it.
    expect((await myStatements(w.people.userGroup.token)).map((s) => s.uuid)).not.toContain(created.body.uuid);
  });

  test('a GROUP_ADMIN cannot target its project, another group, or a wrong module; nothing is written', async () => {
    const project = await call(accounting.createAccountingAssignment, {
      token: w.people.groupAdmin.token,
      body: body({ project_list: [w.P] }),
    });
    expect(project.body.errors).toEqual({ project_list: ['FORMAT_NOT_ALLOWED'] });
    const otherGroup = await call(accounting.createAccountingAssignment, {
      token: w.people.groupAdmin.token,
      body: body({ group_list: [w.G2] }),
    });
    expect(otherGroup.body.errors).toEqual({ group_list: ['FORMAT_NOT_ALLOWED'] });
    const wrongModule = await call(accounting.createAccountingAssignment, {
      token: w.people.groupAdmin.token,
      body: body({ group_list: [w.G1], module: w.reportModule }),
    });
    expect([wrongModule.status, wrongModule.body.code]).toEqual([400, 'INVALID']);
    const listed = await call(accounting.listAccountingAssignments, {
      token: w.superAdmin,
      query: { group: w.G2, limit: 1000 },
    });
    expect(listed.body.results.filter((r) => r.group_list.some((g) => g.uuid === w.G2))).toEqual([]);
  });

  test('multipart create and form-data patch (the enable toggle); the inactive list holds it', async () => {
    const created = await sendForm(w.people.projectAdmin.token, 'POST', 'api/v1/modules/accounting/report/', {
      accounting_type: 'CASH_FLOWS',
      menu_name: 'Flujo formulario',
      description: 'Flujo de efectivo',
      enable_user_group: 'true',
      group_list: [w.G1],
      module: w.accountingModule,
    });
    expect(created.status).toBe(201);
    const toggled = await sendForm(
      w.people.projectAdmin.token,
      'PATCH',
      `api/v1/modules/accounting/report/${created.body.uuid}/`,
      { enable: 'false' },
    );
    expect([toggled.status, toggled.body.enable, toggled.body.menu_name]).toEqual([200, false, 'Flujo formulario']);
    expect((await myStatements(w.people.userGroup.token)).map((s) => s.uuid)).not.toContain(created.body.uuid);
    const inactive = await call(accounting.searchAccountingAssignments, {
      token: w.people.projectAdmin.token,
      query: { enable: false, search: 'flujo formulario', limit: 100 },
    });
    expect(inactive.body.results.map((r) => r.uuid)).toEqual([created.body.uuid]);
  });

  test("a project-wide assignment is view-only for a GROUP_ADMIN (403 on change) and unknown to another project's admin", async () => {
    const created = await call(accounting.createAccountingAssignment, {
      token: w.people.projectAdmin.token,
      body: body({ project_list: [w.P], enable_group_admin: true }),
    });
    const view = await call(accounting.getAccountingAssignment, {
      token: w.people.groupAdmin.token,
      params: { uuid: created.body.uuid },
    });
    expect([view.status, view.body.editable]).toEqual([200, false]);
    const change = await call(accounting.patchAccountingAssignment, {
      token: w.people.groupAdmin.token,
      params: { uuid: created.body.uuid },
      body: { enable: false },
    });
    expect(change.status).toBe(403);
    const foreign = await call(accounting.getAccountingAssignment, {
      token: w.people.otherProjectAdmin.token,
      params: { uuid: created.body.uuid },
    });
    expect(foreign.status).toBe(404);
    const deleted = await call(accounting.deleteAccountingAssignment, {
      token: w.people.projectAdmin.token,
      params: { uuid: created.body.uuid },
    });
    expect(deleted.status).toBe(200);
    const gone = await call(accounting.getAccountingAssignment, {
      token: w.people.projectAdmin.token,
      params: { uuid: created.body.uuid },
    });
    expect(gone.status).toBe(404);
  });

  test('a stale version answers 409 DATA_CONFLICT and changes nothing', async () => {
    const created = await call(accounting.createAccountingAssignment, {
      token: w.people.projectAdmin.token,
      body: body({ group_list: [w.G1] }),
    });
    const first = await call(accounting.patchAccountingAssignment, {
      token: w.people.projectAdmin.token,
      params: { uuid: created.body.uuid },
      body: { menu_name: 'Primero', version: created.body.version },
    });
    expect(first.status).toBe(200);
    const stale = await call(accounting.patchAccountingAssignment, {
      token: w.people.projectAdmin.token,
      params: { uuid: created.body.uuid },
      body: { menu_name: 'Segundo', version: created.body.version },
    });
    expect([stale.status, stale.body.code]).toEqual([409, 'DATA_CONFLICT']);
    const now = await call(accounting.getAccountingAssignment, {
      token: w.people.projectAdmin.token,
      params: { uuid: created.body.uuid },
    });
    expect(now.body.menu_name).toBe('Primero');
  });
});
