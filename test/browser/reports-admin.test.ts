import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import * as accounting from '../../shared/contracts/accounting-assignments';
import * as modules from '../../shared/contracts/modules';
import * as projects from '../../shared/contracts/projects';
import * as reports from '../../shared/contracts/reports';
import { pageWidth, seriousViolations, settled } from '../helpers/a11y';
import { call } from '../helpers/api';
import { type AssignmentWorld, buildAssignmentWorld } from '../helpers/assignment-world';
import { launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';

/**
 * the admin screens in the browser: a report's per-user visibility on its detail page (report references:
 * searched and paged on the server, hide and show one user), and SUPER_ADMIN's modules screen (create, rename, delete,
 * the API's refusals in Spanish), each also at 375 px without a serious axe violation; and the accounting assignment
 * wizard, each step held until its fields pass.
 */
// Its users belong to projects of the test's own, so they use the portal no firm brands.
const { unbrandedWebUrl: webUrl } = inject('portal');
const stamp = randomUUID().slice(0, 6);
let browser: Browser;
let w: AssignmentWorld;
let report = '';

beforeAll(async () => {
  browser = await launchBrowser();
  w = await buildAssignmentWorld();
  const created = await call(reports.createReport, {
    token: w.people.projectAdmin.token,
    body: {
      report_name: `Visibilidad ${stamp}`,
      menu_name: `Visibilidad ${stamp}`,
      description: 'Actividad del grupo',
      tool_type: 'BUILT_IN',
      builtin_dashboard: 'PORTAL_ACTIVITY',
      enable_user_group: true,
      enable_user_society: true,
      group_list: [w.G1],
      module: w.reportModule,
    },
  });
  report = created.body.uuid;
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

const phone = { viewport: { width: 375, height: 740 } };

async function mySidebarReports(token: string) {
  const { body } = await call(modules.getModuleReport, { token });
  return body.flatMap((m) => m.report_list.map((r) => r.uuid));
}

describe('report references on the detail page', () => {
  test('the admin sees whom the report reaches, hides it from one user and shows it again', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInWithCookies(context, webUrl, w.people.projectAdmin.email);
      await page.goto(`${webUrl}/admin/reports/detail/${report}`);
      const table = page.getByRole('table', { name: 'Usuarios a los que llega el reporte' });
      await table.getByText(w.people.userSociety.email).waitFor();
      await table.getByText(w.people.userGroup.email).waitFor();
      // The sibling group's society user is not reached.
      expect(await table.getByText(w.people.otherSociety.email).count()).toBe(0);

      // Searched on the server: only the society user is left.
      await page.getByLabel('Buscar usuario').fill(w.people.userSociety.email);
      await expect.poll(() => table.getByText(w.people.userGroup.email).count()).toBe(0);
      const row = table.getByRole('row').filter({ hasText: w.people.userSociety.email });
      await row.getByRole('button', { name: /^Ocultar el reporte a / }).click();
      await page.getByText(/El reporte quedó oculto para/).waitFor();
      await row.getByText('Oculto', { exact: true }).waitFor();
      expect(await mySidebarReports(w.people.userSociety.token)).not.toContain(report);
      expect(await mySidebarReports(w.people.userGroup.token)).toContain(report);

      // The 'Ocultos' filter lists it alone; showing it again gives the report back.
      await page.getByLabel('Buscar usuario').fill('');
      await page.getByLabel('Estado').selectOption({ label: 'Ocultos' });
      await expect.poll(() => table.getByText(w.people.userGroup.email).count()).toBe(0);
      await table.getByText(w.people.userSociety.email).waitFor();
      await row.getByRole('button', { name: /^Mostrar el reporte a / }).click();
      await page.getByText(/El reporte vuelve a estar visible para/).waitFor();
      await expect.poll(() => mySidebarReports(w.people.userSociety.token)).toContain(report);
      await screenshot(page, 'report-references');
    } finally {
      await context.close();
    }
  }, 120_000);

  test('at 375 px: no serious axe violation, no sideways scroll beyond the admin shell', async () => {
    const { context, page } = await newPage(browser, phone);
    try {
      await signInWithCookies(context, webUrl, w.people.projectAdmin.email);
      await page.goto(`${webUrl}/admin/group`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      const shellWidth = await pageWidth(page);
      await page.goto(`${webUrl}/admin/reports/detail/${report}`);
      await page.getByText(w.people.userSociety.email).waitFor();
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(Math.max(375, shellWidth));
      await screenshot(page, 'report-references-375');
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('modules (SUPER_ADMIN)', () => {
  test('from the admin menu: create, a repeated name refused, rename, a module in use refused, delete', async () => {
    const { context, page } = await newPage(browser);
    const name = `Finanzas ${stamp}`;
    try {
      await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
      await page.goto(`${webUrl}/admin/projects`);
      await page.getByRole('link', { name: 'Módulos' }).click();
      await page.waitForURL(/\/admin\/modules$/);
      await page.getByLabel('Tipo de módulo').selectOption({ label: 'Contabilidad' });
      await page.getByLabel('Nombre del módulo').fill(name);
      await page.getByRole('button', { name: 'Crear módulo' }).click();
      await page.getByText(`Módulo ${name} creado con éxito.`).waitFor();
      const table = page.getByRole('table', { name: 'Módulos' });
      await table.getByText(name, { exact: true }).waitFor();
      // The same name again (any case): SAME_DATA in Spanish, nothing created.
      await page.getByLabel('Nombre del módulo').fill(name.toUpperCase());
      await page.getByRole('button', { name: 'Crear módulo' }).click();
      await page.getByText('Ya existe este nombre, por favor cambie').waitFor();
      expect(await table.getByText(name.toUpperCase(), { exact: true }).count()).toBe(0);

      await page.getByRole('button', { name: `Renombrar el módulo ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Renombrar módulo' });
      await dialog.getByLabel('Nombre del módulo').fill(`${name} bis`);
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText(`Módulo renombrado a ${name} bis.`).waitFor();
      await table.getByText(`${name} bis`, { exact: true }).waitFor();

      // The world's report module holds the report: MODULE_IN_USE, in Spanish, in the dialog.
      const listed = await call(modules.listModules, { token: w.superAdmin, query: { module_type: 'REPORT' } });
      const inUse = listed.body.find((m) => m.uuid === w.reportModule)?.module_name ?? '';
      await page.getByLabel('Tipo de módulo').selectOption({ label: 'Reportes' });
      await table.getByText(inUse, { exact: true }).waitFor();
      await page.getByRole('button', { name: `Acciones de ${inUse}` }).click();
      await page.getByRole('menuitem', { name: 'Eliminar' }).click();
      await page.getByRole('button', { name: 'Seguro' }).click();
      await page
        .getByText('No es posible eliminar el módulo porque hay reportes o asignaciones que lo usan.')
        .waitFor();
      await page.keyboard.press('Escape');
      await table.getByText(inUse, { exact: true }).waitFor();

      await page.getByLabel('Tipo de módulo').selectOption({ label: 'Contabilidad' });
      await page.getByRole('button', { name: `Acciones de ${name} bis` }).click();
      await page.getByRole('menuitem', { name: 'Eliminar' }).click();
      await page.getByRole('button', { name: 'Seguro' }).click();
      await page.getByText('Módulo eliminado con éxito.').waitFor();
      await expect.poll(() => table.getByText(`${name} bis`, { exact: true }).count()).toBe(0);
      const after = await call(modules.listModules, { token: w.superAdmin, query: { module_type: 'ACCOUNTING' } });
      expect(after.body.some((m) => m.module_name === `${name} bis`)).toBe(false);
    } finally {
      await context.close();
    }
  }, 120_000);

  test('at 375 px: no serious axe violation; other roles are kept out', async () => {
    const { context, page } = await newPage(browser, phone);
    try {
      await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
      await page.goto(`${webUrl}/admin/group`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      const shellWidth = await pageWidth(page);
      await page.goto(`${webUrl}/admin/modules`);
      await page.getByRole('table', { name: 'Módulos' }).getByRole('row').nth(1).waitFor();
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(Math.max(375, shellWidth));
      await screenshot(page, 'modules-375');
    } finally {
      await context.close();
    }
    const other = await newPage(browser);
    try {
      await signInWithCookies(other.context, webUrl, w.people.projectAdmin.email);
      await other.page.goto(`${webUrl}/admin/modules`);
      await settled(other.page);
      expect(await other.page.getByRole('button', { name: 'Crear módulo' }).count()).toBe(0);
    } finally {
      await other.context.close();
    }
  }, 60_000);
});

describe('the accounting assignment wizard', () => {
  test('a PROJECT_ADMIN is held at each step until it passes, then assigns a statement to its project', async () => {
    const projectName = (await call(projects.getProject, { token: w.superAdmin, params: { uuid: w.P } })).body
      .project_name;
    const listed = await call(modules.listModules, { token: w.superAdmin, query: { module_type: 'ACCOUNTING' } });
    const moduleName = listed.body.find((m) => m.uuid === w.accountingModule)?.module_name ?? '';
    const menuName = `Balance ${stamp}`;
    const { context, page } = await newPage(browser);
    try {
      await signInWithCookies(context, webUrl, w.people.projectAdmin.email);
      await page.goto(`${webUrl}/admin/accounting/create`);
      const next = page.getByRole('button', { name: 'Siguiente' });
      await page.getByLabel('Tipo de reporte (*)').selectOption({ label: 'Balance de 8 columnas' });
      // A menu name past the contract's bound is said under the field and holds the step.
      await page.getByLabel('Nombre en el menú (*)').fill('x'.repeat(61));
      await page.getByText('Máximo 60 caracteres.').waitFor();
      await page.getByLabel('Descripción (*)').fill('Balance del proyecto');
      expect(await next.isDisabled()).toBe(true);
      await page.getByLabel('Nombre en el menú (*)').fill(menuName);
      await expect.poll(() => page.getByText('Máximo 60 caracteres.').count()).toBe(0);
      await next.click();

      // Users: a user type and a target.
      await page.getByText('Usuario de sociedad', { exact: true }).click();
      expect(await next.isDisabled()).toBe(true);
      await page.getByTestId('targets-projects').getByText(projectName, { exact: true }).click();
      await next.click();

      const assign = page.getByRole('button', { name: 'Asignar reporte' });
      expect(await assign.isDisabled()).toBe(true);
      await page.getByLabel('Módulo (*)').selectOption({ label: moduleName });
      await assign.click();
      await page.getByText('Reporte asignado con éxito').waitFor();
    } finally {
      await context.close();
    }
    const saved = await call(accounting.listAccountingAssignments, {
      token: w.people.projectAdmin.token,
      query: { project: w.P, search: menuName, limit: 10 },
    });
    expect(
      saved.body.results.map((a) => [a.menu_name, a.accounting_type, a.project_list.map((p) => p.uuid), a.module]),
    ).toEqual([[menuName, 'BALANCE_8_COLUMNS', [w.P], { uuid: w.accountingModule, module_name: moduleName }]]);
  }, 120_000);
});
