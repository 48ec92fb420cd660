import { beforeAll, describe, expect, test } from 'vitest';
import * as modules from '../../shared/contracts/modules';
import * as reports from '../../shared/contracts/reports';
import { call } from '../helpers/api';
import { type AssignmentWorld, buildAssignmentWorld, PNG, sendForm } from '../helpers/assignment-world';
import { registerDashboard } from '../helpers/dashboard-registry';

/**
 * Over the real local services: modules, reports CRUD and its errors, the user side (get-module-report,
 * get-report, report references) and the one visibility rule. A USER_SOCIETY gets 404 NOT_FOUNT for a report not
 * targeted at it, not enabled for its role, disabled, or hidden by its reference.
 */
let w: AssignmentWorld;

beforeAll(async () => {
  w = await buildAssignmentWorld();
}, 120_000);

const builtIn = (overrides: Record<string, unknown> = {}) => ({
  report_name: `Tablero ${Math.random().toString(36).slice(2, 8)}`,
  menu_name: 'Tablero',
  description: 'Actividad del grupo',
  tool_type: 'BUILT_IN',
  builtin_dashboard: 'PORTAL_ACTIVITY',
  enable_user_society: true,
  enable_user_group: true,
  module: w.reportModule,
  ...overrides,
});

async function create(body: Record<string, unknown>, token = w.people.projectAdmin.token) {
  return call(reports.createReport, { token, body });
}

async function myReports(token: string, query: Record<string, string> = {}) {
  const answer = await call(modules.getModuleReport, { token, query });
  expect(answer.status).toBe(200);
  return answer.body.flatMap((m) => m.report_list.map((r) => r.uuid));
}

const viewAs = (token: string, id: string, query: Record<string, string> = {}) =>
  call(reports.getReport, { token, params: { id }, query });

describe('modules', () => {
  test('SUPER_ADMIN creates, renames and deletes; a name is unique per kind; in use, a delete is refused', async () => {
    const name = `Finanzas ${Date.now()}`;
    const created = await call(modules.createModule, {
      token: w.superAdmin,
      body: { module_name: name, module_type: 'REPORT' },
    });
    expect(created.status).toBe(201);
    const again = await call(modules.createModule, {
      token: w.superAdmin,
      body: { module_name: name.toUpperCase(), module_type: 'REPORT' },
    });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ module_name: ['SAME_DATA'] });
    // The same name in the other kind is another module.
    const other = await call(modules.createModule, {
      token: w.superAdmin,
      body: { module_name: name, module_type: 'ACCOUNTING' },
    });
    expect(other.status).toBe(201);

    const listed = await call(modules.listModules, {
      token: w.people.projectAdmin.token,
      query: { module_type: 'REPORT' },
    });
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body.every((m) => m.module_type === 'REPORT')).toBe(true);
    expect(listed.body.map((m) => m.uuid)).toContain(created.body.uuid);

    const renamed = await call(modules.patchModule, {
      token: w.superAdmin,
      params: { uuid: created.body.uuid },
      body: { module_name: `${name} 2` },
    });
    expect(renamed.body.module_name).toBe(`${name} 2`);

    const report = await create(builtIn({ module: created.body.uuid, project_list: [w.P] }));
    expect(report.status).toBe(201);
    const refused = await call(modules.deleteModule, { token: w.superAdmin, params: { uuid: created.body.uuid } });
    expect([refused.status, refused.body.code]).toEqual([409, 'MODULE_IN_USE']);

    await call(reports.deleteReport, { token: w.people.projectAdmin.token, params: { uuid: report.body.uuid } });
    const deleted = await call(modules.deleteModule, { token: w.superAdmin, params: { uuid: created.body.uuid } });
    expect(deleted.status).toBe(200);
    const after = await call(modules.listModules, { token: w.superAdmin, query: { module_type: 'REPORT' } });
    expect(after.body.map((m) => m.uuid)).not.toContain(created.body.uuid);
  });

  test('only SUPER_ADMIN manages modules', async () => {
    const answer = await call(modules.createModule, {
      token: w.people.projectAdmin.token,
      body: { module_name: 'Intento', module_type: 'REPORT' },
    });
    expect(answer.status).toBe(403);
  });
});

describe('reports: create, edit and their errors', () => {
  test('a PROJECT_ADMIN creates a report for a group of its project; the view names its targets and module', async () => {
    const answer = await create(builtIn({ group_list: [w.G1], project_parameter_name: 'proyecto' }));
    expect(answer.status).toBe(201);
    expect(answer.body.group_list.map((g) => g.uuid)).toEqual([w.G1]);
    expect(answer.body.group_list[0]?.name).toMatch(/^Grupo /);
    expect(answer.body.module.uuid).toBe(w.reportModule);
    expect(answer.body.module.module_name).toMatch(/^Módulo /);
    expect(answer.body).toMatchObject({ enable: true, enable_user_society: true, enable_project_admin: false });
    expect(answer.body.editable).toBe(true);
  });

  test("targets outside the caller's scope are refused and nothing is written", async () => {
    const before = await call(reports.listReports, { token: w.superAdmin, query: { project: w.Q, limit: 100 } });
    const answer = await create(builtIn({ group_list: [w.H], report_name: 'Fuera' }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ group_list: ['FORMAT_NOT_ALLOWED'] });
    const after = await call(reports.listReports, { token: w.superAdmin, query: { project: w.Q, limit: 100 } });
    expect(after.body.count).toBe(before.body.count);
  });

  test('gates: a target and a user type are required; each tool needs its own field', async () => {
    const noTarget = await create(builtIn());
    expect(noTarget.body.errors).toEqual({ project_list: ['REQUIRED'] });
    const noFlag = await create(builtIn({ project_list: [w.P], enable_user_society: false, enable_user_group: false }));
    expect(noFlag.body.errors).toEqual({ enable_project_admin: ['REQUIRED'] });
    const noUrl = await create(builtIn({ project_list: [w.P], tool_type: 'POWER_BI' }));
    expect([noUrl.status, noUrl.body.errors]).toEqual([400, { url: ['REQUIRED'] }]);
    const noDashboard = await create(builtIn({ project_list: [w.P], tool_type: 'QUICKSIGHT' }));
    expect(noDashboard.body.errors).toEqual({ aws_id_dashboard: ['REQUIRED'] });
  });

  test('INVALID for a module that does not exist or is of the other kind', async () => {
    const unknown = await create(builtIn({ project_list: [w.P], module: crypto.randomUUID() }));
    expect([unknown.status, unknown.body.code]).toEqual([400, 'INVALID']);
    const accounting = await create(builtIn({ project_list: [w.P], module: w.accountingModule }));
    expect([accounting.status, accounting.body.code]).toEqual([400, 'INVALID']);
  });

  test('DATA_CONFLICT_PARAMS: a name used twice, or a custom parameter of a project the report does not target', async () => {
    const twice = await create(
      builtIn({
        project_list: [w.P],
        project_parameter_name: 'empresa',
        parameter_list: [{ parameter_name: 'Empresa', parameter_content: 'x', project: w.P }],
      }),
    );
    expect([twice.status, twice.body.code]).toEqual([400, 'DATA_CONFLICT_PARAMS']);
    const foreign = await create(
      builtIn({
        project_list: [w.P],
        parameter_list: [{ parameter_name: 'zona', parameter_content: 'norte', project: w.Q }],
      }),
    );
    expect([foreign.status, foreign.body.code]).toEqual([400, 'DATA_CONFLICT_PARAMS']);
    const fine = await create(
      builtIn({
        project_list: [w.P],
        user_parameter_name: 'usuario',
        parameter_list: [{ parameter_name: 'zona', parameter_content: 'norte', project: w.P }],
      }),
    );
    expect(fine.status).toBe(201);
    expect(fine.body.parameter_list.map((p) => [p.parameter_name, p.parameter_content])).toEqual([['zona', 'norte']]);
  });

  test('multipart create with an image, parameters as a JSON array; a form-data patch changes only what it sends', async () => {
    const { url } = await registerDashboard(w.superAdmin, 'POWER_BI', [w.P]);
    const created = await sendForm(
      w.people.projectAdmin.token,
      'POST',
      'api/v1/modules/reports/report/',
      {
        report_name: 'Con imagen',
        menu_name: 'Imagen',
        description: 'Reporte con imagen',
        tool_type: 'POWER_BI',
        url: url as string,
        enable_user_group: 'true',
        group_list: [w.G1],
        module: w.reportModule,
        parameter_list: JSON.stringify([{ parameter_name: 'zona', parameter_content: 'norte', project: w.P }]),
      },
      { image: PNG },
    );
    expect(created.status).toBe(201);
    expect(created.body.image).toMatch(/^http/);
    expect(created.body.parameter_list).toHaveLength(1);
    const patched = await sendForm(
      w.people.projectAdmin.token,
      'PATCH',
      `api/v1/modules/reports/report/${created.body.uuid}/`,
      { menu_name: 'Imagen 2' },
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ menu_name: 'Imagen 2', report_name: 'Con imagen', tool_type: 'POWER_BI' });
    expect(patched.body.image).toMatch(/^http/);
    expect(patched.body.group_list.map((g: { uuid: string }) => g.uuid)).toEqual([w.G1]);
  });

  test('switching the tool clears the other tool fields', async () => {
    const { aws_id_dashboard } = await registerDashboard(w.superAdmin, 'QUICKSIGHT', [w.P]);
    const created = await create(builtIn({ project_list: [w.P], tool_type: 'QUICKSIGHT', aws_id_dashboard }));
    expect(created.body).toMatchObject({ aws_id_dashboard, aws_username: null });
    const switched = await call(reports.patchReport, {
      token: w.people.projectAdmin.token,
      params: { uuid: created.body.uuid },
      body: { tool_type: 'BUILT_IN', builtin_dashboard: 'INDICATORS' },
    });
    expect(switched.body).toMatchObject({
      tool_type: 'BUILT_IN',
      aws_id_dashboard: null,
      aws_username: null,
      registry_entry: null,
    });
  });
});

describe('reports this deployment cannot embed', () => {
  test('are left out of a client’s menu (they would only say "not configured"), and stay in an admin’s', async () => {
    // The local stack configures neither QuickSight nor Power BI (functions/lib/embedding/config.ts).
    const { aws_id_dashboard } = await registerDashboard(w.superAdmin, 'QUICKSIGHT', [w.P]);
    const quickSight = await create(
      builtIn({ group_list: [w.G1], tool_type: 'QUICKSIGHT', aws_id_dashboard, enable_group_admin: true }),
    );
    expect(quickSight.status).toBe(201);
    const shown = await create(builtIn({ group_list: [w.G1], enable_group_admin: true }));
    for (const client of [w.people.userSociety.token, w.people.userGroup.token]) {
      const menu = await myReports(client);
      expect(menu).toContain(shown.body.uuid);
      expect(menu).not.toContain(quickSight.body.uuid);
    }
    expect(await myReports(w.people.groupAdmin.token)).toContain(quickSight.body.uuid);
  });
});

describe('the built-in indicators dashboard', () => {
  test('draws the 90 days up to the latest values it has, and says until when once they are old', async () => {
    const report = (await create(builtIn({ group_list: [w.G1], builtin_dashboard: 'INDICATORS' }))).body;
    const { body, status } = await call(reports.getReportDashboard, {
      token: w.people.userSociety.token,
      params: { id: report.uuid },
    });
    expect(status).toBe(200);
    for (const id of ['dolar', 'uf']) {
      const panel = body.panels.find((p: { id: string }) => p.id === id) as {
        title: string;
        points: Array<{ label: string }>;
      };
      expect(panel.points.length).toBeGreaterThan(0);
      const last = panel.points.at(-1)?.label as string;
      const old = Date.now() - Date.parse(last) > 7 * 86_400_000;
      // An old series names its last day (DD-MM-YYYY); a fresh one says 'últimos 90 días'.
      if (old) expect(panel.title).toContain(`hasta el ${last.split('-').reverse().join('-')}`);
      else expect(panel.title).toContain('últimos 90 días');
    }
  });
});

describe('who sees a report (the one visibility rule)', () => {
  test('a USER_SOCIETY sees a report for its group; a USER_SOCIETY of another group gets 404 NOT_FOUNT', async () => {
    const report = (await create(builtIn({ group_list: [w.G1] }))).body;
    expect(await myReports(w.people.userSociety.token)).toContain(report.uuid);
    const seen = await viewAs(w.people.userSociety.token, report.uuid);
    expect(seen.status).toBe(200);
    expect(seen.body.embed).toEqual({ kind: 'BUILT_IN', dashboard: 'PORTAL_ACTIVITY' });

    expect(await myReports(w.people.otherSociety.token)).not.toContain(report.uuid);
    const refused = await viewAs(w.people.otherSociety.token, report.uuid);
    expect([refused.status, refused.body.code]).toEqual([404, 'NOT_FOUNT']);
    const dashboard = await call(reports.getReportDashboard, {
      token: w.people.otherSociety.token,
      params: { id: report.uuid },
    });
    expect(dashboard.status).toBe(404);
  });

  test('a report for a sibling society is not shown; one for the project is', async () => {
    const sibling = (await create(builtIn({ society_list: [w.S1b] }))).body;
    const project = (await create(builtIn({ project_list: [w.P] }))).body;
    const mine = await myReports(w.people.userSociety.token);
    expect(mine).toContain(project.uuid);
    expect(mine).not.toContain(sibling.uuid);
    expect((await viewAs(w.people.userSociety.token, sibling.uuid)).status).toBe(404);
    // The USER_GROUP of G1 sees both: the project's, and one of its group's societies.
    const groupUser = await myReports(w.people.userGroup.token);
    expect(groupUser).toEqual(expect.arrayContaining([sibling.uuid, project.uuid]));
  });

  test('not enabled for its role: 404, while the role that is enabled sees it', async () => {
    const report = (await create(builtIn({ group_list: [w.G1], enable_user_society: false }))).body;
    expect((await viewAs(w.people.userSociety.token, report.uuid)).status).toBe(404);
    expect(await myReports(w.people.userSociety.token)).not.toContain(report.uuid);
    expect((await viewAs(w.people.userGroup.token, report.uuid)).status).toBe(200);
  });

  test('disabled: 404 for users, listed among the inactive ones for admins', async () => {
    const report = (await create(builtIn({ group_list: [w.G1] }))).body;
    const toggled = await call(reports.patchReport, {
      token: w.people.projectAdmin.token,
      params: { uuid: report.uuid },
      body: { enable: false },
    });
    expect(toggled.body.enable).toBe(false);
    expect((await viewAs(w.people.userSociety.token, report.uuid)).status).toBe(404);
    expect(await myReports(w.people.userSociety.token)).not.toContain(report.uuid);
    const inactive = await call(reports.listReports, {
      token: w.people.projectAdmin.token,
      query: { enable: false, limit: 100 },
    });
    expect(inactive.body.results.map((r) => r.uuid)).toContain(report.uuid);
    const active = await call(reports.listReports, {
      token: w.people.projectAdmin.token,
      query: { enable: true, limit: 100 },
    });
    expect(active.body.results.map((r) => r.uuid)).not.toContain(report.uuid);
  });

  test('hidden by its reference: 404 for that user only', async () => {
    const report = (await create(builtIn({ group_list: [w.G1] }))).body;
    const reference = await call(reports.putReportReference, {
      token: w.people.projectAdmin.token,
      body: { reporte: report.uuid, usuario: w.people.userSociety.uuid, cant_see: true },
    });
    expect(reference.status).toBe(200);
    expect((await viewAs(w.people.userSociety.token, report.uuid)).status).toBe(404);
    expect(await myReports(w.people.userSociety.token)).not.toContain(report.uuid);
    expect((await viewAs(w.people.userGroup.token, report.uuid)).status).toBe(200);
    const own = await call(reports.listReportReferences, { token: w.people.userSociety.token });
    expect(own.body).toContainEqual({ reporte: report.uuid, usuario: w.people.userSociety.uuid, cant_see: true });
    // A PROJECT_ADMIN of another project can neither set nor read this report's references.
    const foreign = await call(reports.putReportReference, {
      token: w.people.otherProjectAdmin.token,
      body: { reporte: report.uuid, usuario: w.people.userSociety.uuid, cant_see: false },
    });
    expect(foreign.status).toBe(404);
  });

  test('a selection the caller does not belong to answers 404; a deleted report NOT_FOUNT', async () => {
    const report = (await create(builtIn({ group_list: [w.G1] }))).body;
    const foreign = await call(modules.getModuleReport, {
      token: w.people.userSociety.token,
      query: { society: w.S2a },
    });
    expect(foreign.status).toBe(404);
    await call(reports.deleteReport, { token: w.people.projectAdmin.token, params: { uuid: report.uuid } });
    const gone = await viewAs(w.people.userSociety.token, report.uuid);
    expect([gone.status, gone.body.code]).toEqual([404, 'NOT_FOUNT']);
  });

  test('QuickSight and Power BI say plainly they are not configured here (no 500, no URL)', async () => {
    const { aws_id_dashboard } = await registerDashboard(w.superAdmin, 'QUICKSIGHT', [w.P]);
    const { url } = await registerDashboard(w.superAdmin, 'POWER_BI', [w.P]);
    const quickSight = (await create(builtIn({ project_list: [w.P], tool_type: 'QUICKSIGHT', aws_id_dashboard }))).body;
    const powerBi = (await create(builtIn({ project_list: [w.P], tool_type: 'POWER_BI', url }))).body;
    for (const report of [quickSight, powerBi]) {
      const answer = await viewAs(w.people.userSociety.token, report.uuid);
      expect(answer.status).toBe(200);
      expect(answer.body.embed).toEqual({
        kind: 'NOT_CONFIGURED',
        message: 'La herramienta de este reporte no está configurada en este ambiente.',
      });
    }
  });

  test("a built-in dashboard counts the selection's people and societies", async () => {
    const report = (await create(builtIn({ group_list: [w.G1] }))).body;
    const data = await call(reports.getReportDashboard, {
      token: w.people.userGroup.token,
      params: { id: report.uuid },
    });
    expect(data.status).toBe(200);
    const byId = Object.fromEntries(data.body.panels.map((p) => [p.id, p.points]));
    // G1 holds S1a and S1b, both enabled; its people: a GROUP_ADMIN, a USER_GROUP and S1a's USER_SOCIETY.
    expect(byId['societies-by-group']?.map((p) => p.value)).toEqual([2]);
    expect(byId['societies-by-status']).toEqual([{ label: 'Habilitadas', value: 2 }]);
    expect(byId['users-by-role']?.map((p) => p.value).reduce((a, b) => a + b, 0)).toBe(3);
  });
});

describe('the demo seed and the selection', () => {
  test('every demo role sees the seeded built-in reports and its statements; the BI tools say not configured', async () => {
    const { signIn } = await import('../helpers/api');
    for (const email of ['proyecto@demo.cl', 'grupo@demo.cl', 'usuariogrupo@demo.cl', 'sociedad@demo.cl']) {
      const token = (await signIn(email)).access;
      const list = await call(modules.getModuleReport, { token });
      const names = list.body.flatMap((m) => m.report_list.map((r) => r.menu_name));
      expect(names, email).toEqual(expect.arrayContaining(['Actividad', 'Dólar y UF']));
      // The BI tools are not configured locally: a client's menu leaves them out, an admin's keeps them.
      const client = email.startsWith('usuario') || email.startsWith('sociedad');
      for (const tool of ['Ventas', 'Finanzas']) expect(names.includes(tool), `${email} ${tool}`).toBe(!client);
      const statements = await call(modules.getModuleAccounting, { token });
      // Each of the four statements (other files of the run may add assignments to the demo project: a set, not a list).
      const types = new Set(statements.body.flatMap((m) => m.report_list.map((r) => r.type)));
      expect(types, email).toEqual(new Set([1, 2, 3, 4]));
      if (client) continue;
      const quickSight = list.body.flatMap((m) => m.report_list).find((r) => r.menu_name === 'Ventas');
      const view = await viewAs(token, quickSight?.uuid ?? '');
      // As before the registry: the tool is not configured here, not 'sin tablero registrado'.
      expect(view.body.embed, email).toEqual({
        kind: 'NOT_CONFIGURED',
        message: 'La herramienta de este reporte no está configurada en este ambiente.',
      });
    }
    // The demo's BI reports picked the dashboards the seed registered for Contadores Andes.
    const admin = (await signIn('proyecto@demo.cl')).access;
    const list = await call(modules.getModuleReport, { token: admin });
    for (const menu of ['Ventas', 'Finanzas']) {
      const uuid = list.body.flatMap((m) => m.report_list).find((r) => r.menu_name === menu)?.uuid ?? '';
      const detail = await call(reports.getReportAdmin, { token: admin, params: { uuid } });
      expect(detail.body.registry_entry, menu).toEqual(expect.any(String));
    }
  });

  test("the embedding's scope is the caller's: a selection of another tenant answers 404, extra query is ignored", async () => {
    const report = (await create(builtIn({ project_list: [w.P] }))).body;
    const foreign = await call(reports.getReport, {
      token: w.people.userSociety.token,
      params: { id: report.uuid },
      query: { society: w.T },
    });
    expect(foreign.status).toBe(404);
    const extra = await call(reports.getReport, {
      token: w.people.userSociety.token,
      params: { id: report.uuid },
      query: { role: 'SUPER_ADMIN', tags: 'project=*', society: w.S1a },
    });
    expect([extra.status, extra.body.embed.kind]).toEqual([200, 'BUILT_IN']);
    // A USER_SOCIETY's selection is a society: a project in the query is not read; the data stay its society's.
    const dashboard = await call(reports.getReportDashboard, {
      token: w.people.userSociety.token,
      params: { id: report.uuid },
      query: { project: w.Q },
    });
    expect(dashboard.status).toBe(200);
    const people = dashboard.body.panels.find((p) => p.id === 'users-by-role')?.points ?? [];
    expect(people).toEqual([{ label: 'Usuario de sociedad', value: 1 }]);
  });
});

describe('admin lists', () => {
  test('filters project › group › society by coverage; another project sees none of them; a foreign filter 404', async () => {
    const forG1 = (await create(builtIn({ group_list: [w.G1], report_name: 'Filtro G1' }))).body;
    const ids = async (token: string, query: Record<string, string | number | boolean>) =>
      (await call(reports.listReports, { token, query: { limit: 1000, ...query } })).body.results.map((r) => r.uuid);
    expect(await ids(w.people.projectAdmin.token, { project: w.P })).toContain(forG1.uuid);
    expect(await ids(w.people.projectAdmin.token, { group: w.G1 })).toContain(forG1.uuid);
    expect(await ids(w.people.projectAdmin.token, { society: w.S1a })).toContain(forG1.uuid);
    expect(await ids(w.people.projectAdmin.token, { society: w.S2a })).not.toContain(forG1.uuid);
    expect(await ids(w.people.otherProjectAdmin.token, {})).not.toContain(forG1.uuid);
    const foreign = await call(reports.listReports, {
      token: w.people.otherProjectAdmin.token,
      query: { group: w.G1 },
    });
    expect(foreign.status).toBe(404);
    const searched = await call(reports.searchReports, {
      token: w.people.projectAdmin.token,
      query: { search: 'filtro g1', limit: 100 },
    });
    expect(searched.body.results.map((r) => r.uuid)).toContain(forG1.uuid);
  });

  test("a GROUP_ADMIN reads its group's reports, view only; another project's admin cannot open one", async () => {
    const report = (await create(builtIn({ group_list: [w.G1] }))).body;
    const detail = await call(reports.getReportAdmin, {
      token: w.people.groupAdmin.token,
      params: { uuid: report.uuid },
    });
    expect(detail.status).toBe(200);
    const patch = await call(reports.patchReport, {
      token: w.people.groupAdmin.token,
      params: { uuid: report.uuid },
      body: { enable: false },
    });
    expect(patch.status).toBe(403);
    const other = await call(reports.getReportAdmin, {
      token: w.people.otherProjectAdmin.token,
      params: { uuid: report.uuid },
    });
    expect(other.status).toBe(404);
    const otherDelete = await call(reports.deleteReport, {
      token: w.people.otherProjectAdmin.token,
      params: { uuid: report.uuid },
    });
    expect(otherDelete.status).toBe(404);
  });
});
