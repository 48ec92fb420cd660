import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as folders from '../../shared/contracts/folders';
import * as reports from '../../shared/contracts/reports';
import { call, signIn } from '../helpers/api';
import { type AssignmentWorld, buildAssignmentWorld } from '../helpers/assignment-world';

/**
 * The built-in dashboards' data over the real local services: documents activity for the caller's
 * selection (documents uploaded through the API, then counted per month and per folder for a society, a group and a
 * project), and a society's accounting summary from the demo ledger's monthly aggregates (the seed).
 */
const { demo } = inject('portal');
let w: AssignmentWorld;
const KB = 1024;
// About 60 KB each: under a megabyte in all, so the folder's space reads in KB.
const PDF = new TextEncoder().encode(`%PDF-1.4\n%${'x'.repeat(60 * KB)}\n%%EOF\n`);

async function upload(society: string, folder: string, name: string) {
  const form = new FormData();
  form.set('society', society);
  form.set('folder', folder);
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), name);
  const response = await fetch(`${inject('portal').apiUrl}/api/v1/documents/document/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${w.people.projectAdmin.token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
}

async function builtIn(
  builtin_dashboard: string,
  targets: Record<string, string[]>,
  token = w.people.projectAdmin.token,
) {
  const answer = await call(reports.createReport, {
    token,
    body: {
      report_name: `Tablero ${Math.random().toString(36).slice(2, 8)}`,
      menu_name: 'Tablero',
      description: 'Datos del portal',
      tool_type: 'BUILT_IN',
      builtin_dashboard,
      enable_project_admin: true,
      enable_group_admin: true,
      enable_user_group: true,
      enable_user_society: true,
      module: w.reportModule,
      ...targets,
    },
  });
  expect(answer.status).toBe(201);
  return answer.body.uuid;
}

const dashboard = async (token: string, id: string, query: Record<string, string> = {}) => {
  const answer = await call(reports.getReportDashboard, { token, params: { id }, query });
  expect(answer.status).toBe(200);
  return answer.body;
};
const panel = (body: Awaited<ReturnType<typeof dashboard>>, id: string) =>
  body.panels.find((p) => p.id === id)?.points ?? [];
const thisMonth = () => new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  w = await buildAssignmentWorld();
  const folder = await call(folders.createFolderTemplate, {
    token: w.people.projectAdmin.token,
    body: { project: w.P, folder_name: 'Balances' },
  });
  expect(folder.status).toBe(201);
  await upload(w.S1a, folder.body.uuid, 'Balance enero.pdf');
  await upload(w.S1a, folder.body.uuid, 'Balance febrero.pdf');
  await upload(w.S1b, folder.body.uuid, 'Balance marzo.pdf');
  await upload(w.S2a, folder.body.uuid, 'Balance otro grupo.pdf');
}, 180_000);

describe('documents activity', () => {
  test("documents added this month and the folder's space, for a society, its group and the project", async () => {
    const report = await builtIn('DOCUMENTS', { project_list: [w.P] });
    const society = await dashboard(w.people.userSociety.token, report);
    expect(society.dashboard).toBe('DOCUMENTS');
    expect(panel(society, 'documents-per-month')).toHaveLength(12);
    expect(panel(society, 'documents-per-month').at(-1)).toEqual({ label: thisMonth(), value: 2 });
    const kb = (files: number) => Math.round(((files * PDF.byteLength) / KB) * 100) / 100;
    expect(panel(society, 'folder-sizes')).toEqual([{ label: 'Balances', value: kb(2) }]);

    const group = await dashboard(w.people.userGroup.token, report);
    expect(panel(group, 'documents-per-month').at(-1)?.value).toBe(3);
    expect(panel(group, 'folder-sizes')).toEqual([{ label: 'Balances', value: kb(3) }]);

    const project = await dashboard(w.people.projectAdmin.token, report);
    expect(panel(project, 'documents-per-month').at(-1)?.value).toBe(4);
    expect(panel(project, 'folder-sizes')).toEqual([{ label: 'Balances', value: kb(4) }]);
  });

  test('another group sees only its own documents', async () => {
    const report = await builtIn('DOCUMENTS', { project_list: [w.P] });
    const other = await dashboard(w.people.otherSociety.token, report);
    expect(panel(other, 'documents-per-month').at(-1)?.value).toBe(1);
  });
});

describe('accounting summary', () => {
  test("a society with an imported ledger: its last months' revenue, expenses and result, consistent", async () => {
    const superAdmin = (await signIn('superadmin@demo.cl')).access;
    const report = await builtIn('ACCOUNTING', { society_list: [demo.societies.minera] }, superAdmin);
    const token = (await signIn('sociedad@demo.cl')).access;
    const body = await dashboard(token, report, { society: demo.societies.minera });
    expect(body.note).toBeUndefined();
    const revenue = panel(body, 'revenue');
    const expenses = panel(body, 'expenses');
    const result = panel(body, 'result');
    expect(revenue.length).toBeGreaterThan(0);
    expect(revenue.length).toBeLessThanOrEqual(12);
    const labels = revenue.map((p) => p.label);
    expect(labels).toEqual([...labels].sort());
    expect(labels.every((l) => /^\d{4}-\d{2}$/.test(l))).toBe(true);
    expect(revenue.some((p) => p.value > 0)).toBe(true);
    // The result of each month is its revenue less its expenses (each rounded to thousands on its own).
    result.forEach((p, i) => {
      expect(Math.abs(p.value - ((revenue[i]?.value ?? 0) - (expenses[i]?.value ?? 0)))).toBeLessThanOrEqual(1);
    });
  });

  test('a group selection, or a society without a ledger, gets a plain note and no panels', async () => {
    const report = await builtIn('ACCOUNTING', { group_list: [w.G1] });
    const group = await dashboard(w.people.userGroup.token, report);
    expect([group.panels, group.note]).toEqual([
      [],
      'El resumen contable se muestra por sociedad: elige una sociedad para verlo.',
    ]);
    const society = await dashboard(w.people.userSociety.token, report);
    expect([society.panels, society.note]).toEqual([[], 'Esta sociedad aún no tiene un libro mayor importado.']);
  });
});
