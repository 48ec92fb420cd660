import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import * as registry from '../../shared/contracts/dashboard-registry';
import * as modules from '../../shared/contracts/modules';
import * as projects from '../../shared/contracts/projects';
import * as reports from '../../shared/contracts/reports';
import { pageWidth, seriousViolations, settled } from '../helpers/a11y';
import { call } from '../helpers/api';
import { type AssignmentWorld, buildAssignmentWorld } from '../helpers/assignment-world';
import { launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';
import { registerDashboard } from '../helpers/dashboard-registry';

/**
 * The SUPER_ADMIN reaches the registry of embeddable dashboards from the back office menu,
 * registers a QuickSight dashboard for one project (a second registration of it refused in Spanish), renames it and
 * deletes another; a PROJECT_ADMIN's report wizard offers its project's registered dashboards only and creates a
 * QuickSight report with one. Both screens at 375 px without a serious axe violation.
 */
// Its users belong to projects of the test's own, so they use the portal no firm brands.
const { unbrandedWebUrl: webUrl } = inject('portal');
const stamp = randomUUID().slice(0, 6);
let browser: Browser;
let w: AssignmentWorld;
let projectName = '';
let moduleName = '';
let theirs: Awaited<ReturnType<typeof registerDashboard>>;

beforeAll(async () => {
  browser = await launchBrowser();
  w = await buildAssignmentWorld();
  projectName = (await call(projects.getProject, { token: w.superAdmin, params: { uuid: w.P } })).body.project_name;
  const listed = await call(modules.listModules, { token: w.superAdmin, query: { module_type: 'REPORT' } });
  moduleName = listed.body.find((m) => m.uuid === w.reportModule)?.module_name ?? '';
  theirs = await registerDashboard(w.superAdmin, 'QUICKSIGHT', [w.Q]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

const phone = { viewport: { width: 375, height: 740 } };

describe('the registry of embeddable dashboards (SUPER_ADMIN)', () => {
  test('from the back office menu: register for a project, a second registration refused, rename, delete', async () => {
    const { context, page } = await newPage(browser);
    const name = `Ventas ${stamp}`;
    const dashboardId = `ventas-${stamp}`;
    try {
      await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
      await page.goto(`${webUrl}/admin/projects`);
      await page.getByRole('link', { name: 'Tableros BI' }).click();
      await page.waitForURL(/\/admin\/dashboards$/);
      await page.getByLabel('Herramienta').selectOption({ label: 'Quicksight' });
      await page.getByLabel('Nombre del tablero').fill(name);
      await page.getByLabel('Id del tablero de QuickSight').fill(dashboardId);
      const picker = page.getByTestId('registry-projects');
      await page.getByLabel('Buscar en Proyectos que pueden usarlo').fill(projectName);
      await picker.getByText(projectName, { exact: true }).click();
      await page.getByRole('button', { name: 'Registrar tablero' }).click();
      await page.getByText(`Tablero ${name} registrado con éxito.`).waitFor();
      const table = page.getByRole('table', { name: 'Tableros BI registrados' });
      const row = table.getByRole('row').filter({ hasText: dashboardId });
      await row.getByText(projectName).waitFor();

      // The same dashboard again: refused in Spanish, nothing added.
      await page.getByLabel('Nombre del tablero').fill(`${name} bis`);
      await page.getByLabel('Id del tablero de QuickSight').fill(dashboardId);
      await page.getByRole('button', { name: 'Registrar tablero' }).click();
      await page.getByText('Este tablero ya está registrado.').waitFor();
      expect(await table.getByText(`${name} bis`, { exact: true }).count()).toBe(0);
      await screenshot(page, 'registry');

      await page.getByRole('button', { name: `Editar el tablero ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar tablero registrado' });
      await dialog.getByLabel('Nombre del tablero').fill(`${name} 2`);
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText(`Tablero ${name} 2 guardado.`).waitFor();
      const listed = await call(registry.listRegistryEntries, { token: w.superAdmin });
      const saved = listed.body.find((e) => e.aws_id_dashboard === dashboardId);
      expect([saved?.name, saved?.project_list.map((p) => p.uuid)]).toEqual([`${name} 2`, [w.P]]);

      await page.getByRole('button', { name: `Acciones de ${name} 2` }).click();
      await page.getByRole('menuitem', { name: 'Eliminar' }).click();
      await page.getByRole('button', { name: 'Seguro' }).click();
      await page.getByText(/^Tablero eliminado\./).waitFor();
      await expect.poll(() => table.getByText(dashboardId).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);

  test('at 375 px: no serious axe violation, no sideways scroll beyond the admin shell; others are kept out', async () => {
    const { context, page } = await newPage(browser, phone);
    try {
      await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
      await page.goto(`${webUrl}/admin/group`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      const shellWidth = await pageWidth(page);
      await page.goto(`${webUrl}/admin/dashboards`);
      await page.getByRole('table', { name: 'Tableros BI registrados' }).getByRole('row').nth(1).waitFor();
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(Math.max(375, shellWidth));
      await screenshot(page, 'registry-375');
    } finally {
      await context.close();
    }
    const other = await newPage(browser);
    try {
      await signInWithCookies(other.context, webUrl, w.people.projectAdmin.email);
      await other.page.goto(`${webUrl}/admin/dashboards`);
      await settled(other.page);
      expect(await other.page.getByRole('button', { name: 'Registrar tablero' }).count()).toBe(0);
    } finally {
      await other.context.close();
    }
  }, 90_000);
});

describe("the report wizard picks among its project's registered dashboards", () => {
  test('a PROJECT_ADMIN sees its own entries only and creates a QuickSight report with one', async () => {
    const ours = await registerDashboard(w.superAdmin, 'QUICKSIGHT', [w.P]);
    const { context, page } = await newPage(browser);
    const menuName = `Ventas ${stamp}`;
    try {
      await signInWithCookies(context, webUrl, w.people.projectAdmin.email);
      await page.goto(`${webUrl}/admin/reports/create`);
      await page.getByLabel('Nombre del reporte (*)').fill(`Ventas ${stamp}`);
      await page.getByLabel('Nombre en el menú (*)').fill(menuName);
      await page.getByLabel('Descripción (*)').fill('Tablero de ventas');
      await page.getByLabel('Tipo de herramienta (*)').selectOption({ label: 'Quicksight' });
      const picker = page.getByLabel('Tablero registrado (*)');
      await expect.poll(() => picker.locator('option').allTextContents()).toContain(ours.name);
      // Neither free text nor a QuickSight user: only what the registry offers for this firm.
      const offered = await picker.locator('option').allTextContents();
      expect(offered).not.toContain(theirs.name);
      expect(await page.getByLabel(/aws_username/).count()).toBe(0);
      const next = page.getByRole('button', { name: 'Siguiente' });
      expect(await next.isDisabled()).toBe(true);
      await picker.selectOption({ label: ours.name });
      await next.click();

      await page.getByText('Usuario de sociedad', { exact: true }).click();
      await page.getByTestId('targets-projects').getByText(projectName, { exact: true }).click();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByLabel('Módulo (*)').selectOption({ label: moduleName });
      await page.getByRole('button', { name: 'Crear reporte' }).click();
      await page.getByText('Reporte creado con éxito').waitFor();
      await screenshot(page, 'report-registered-dashboard');
    } finally {
      await context.close();
    }
    const listed = await call(reports.listReports, {
      token: w.people.projectAdmin.token,
      query: { project: w.P, search: menuName, limit: 10 },
    });
    expect(listed.body.results.map((r) => [r.aws_id_dashboard, r.registry_entry, r.aws_username])).toEqual([
      [ours.aws_id_dashboard, ours.uuid, null],
    ]);
  }, 120_000);

  test('at 375 px the wizard with the picker has no serious axe violation', async () => {
    const { context, page } = await newPage(browser, phone);
    try {
      await signInWithCookies(context, webUrl, w.people.projectAdmin.email);
      await page.goto(`${webUrl}/admin/group`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      const shellWidth = await pageWidth(page);
      await page.goto(`${webUrl}/admin/reports/create`);
      await page.getByLabel('Tipo de herramienta (*)').selectOption({ label: 'Power BI' });
      await page.getByLabel('Tablero registrado (*)').waitFor();
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(Math.max(375, shellWidth));
      await screenshot(page, 'report-picker-375');
    } finally {
      await context.close();
    }
  }, 60_000);
});
