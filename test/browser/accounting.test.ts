import type { Browser } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { getModuleAccounting } from '../../shared/contracts/modules';
import { getSociety } from '../../shared/contracts/societies';
import { seriousViolations } from '../helpers/a11y';
import { call, signIn } from '../helpers/api';
import { launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';

/**
 * In the browser: a GROUP_ADMIN imports a ledger (first a bad file: the per-row report, nothing stored), then
 * the USER_SOCIETY of that society opens the 8-column balance, compares periods, drills down, and downloads the PDF
 * and the Excel (read back here).
 */
const { webUrl, demo } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Two months of 2018 on the demo chart (the seed's years are later): opening, then a sale. */
const ledger = (rut: string, saleDebit: string) =>
  [
    'rut_sociedad;base;fecha;tipo_comp;nro_comp;linea;cod_cta;debe;haber;glosa',
    `${rut};AMBAS;2018-01-01;A;1;1;1.1.01;5.000.000;0;Apertura navegador`,
    `${rut};AMBAS;2018-01-01;A;1;2;3.1.01;0;5.000.000;Apertura navegador`,
    `${rut};AMBAS;2018-02-14;T;2;1;1.1.10;${saleDebit};0;Venta navegador`,
    `${rut};AMBAS;2018-02-14;T;2;2;4.1.01;0;1.000.000;Venta navegador`,
    `${rut};AMBAS;2018-02-14;T;2;3;2.1.10;0;190.000;Venta navegador`,
  ].join('\n');

describe('accounting statements', () => {
  test('admin imports a ledger; USER_SOCIETY opens, compares, drills down, downloads PDF and Excel', {
    timeout: 120_000,
  }, async () => {
    const admin = await newPage(browser);
    const client = await newPage(browser);
    try {
      const superAdmin = (await signIn('superadmin@demo.cl')).access;
      const minera = await call(getSociety, { token: superAdmin, params: { uuid: demo.societies.minera } });
      const rut = minera.body.society_rut as string;
      // The viewer opens through the USER_SOCIETY's own accounting assignments (its sidebar's Contabilidad items).
      const menu = await call(getModuleAccounting, { token: (await signIn('sociedad@demo.cl')).access });
      const assignmentOf = (type: number) =>
        menu.body.flatMap((m) => m.report_list).find((item) => item.type === type)?.uuid as string;
      expect(assignmentOf(1)).toBeDefined();

      // The admin's import: a voucher that does not balance is reported on its rows and nothing is stored.
      await signInWithCookies(admin.context, webUrl, 'grupo@demo.cl');
      const page = admin.page;
      await page.goto(`${webUrl}/admin/accounting/import`);
      await page.getByRole('heading', { name: 'Importar contabilidad' }).waitFor();
      await page.getByLabel('Sociedad').selectOption({ label: 'Minera Atacama SpA' });
      await page.getByLabel('Archivo', { exact: true }).selectOption({ label: 'Libro diario' });
      // The picker's input is visually hidden behind 'Subir archivo' (which gives way to the chosen file's name).
      const chooseFile = (content: string) =>
        page
          .locator('input[type="file"]')
          .setInputFiles({ name: 'libro.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });
      await chooseFile(ledger(rut, '1.190.001'));
      await page.getByRole('button', { name: 'Importar' }).click();
      const report = page.getByTestId('import-report');
      await report.getByText('El archivo no se importó: 3 filas con error.').waitFor();
      expect(await report.locator('[data-row="4"]').innerText()).toContain('no cuadra');
      await screenshot(page, 'accounting-import-rejected');
      await chooseFile(ledger(rut, '1.190.000'));
      await page.getByRole('button', { name: 'Importar' }).click();
      await report.getByText('Archivo importado con éxito: 5 filas.').waitFor();

      // The society user: no society selector, the latest period by default, then February 2018.
      await signInWithCookies(client.context, webUrl, 'sociedad@demo.cl');
      const view = client.page;
      await view.goto(`${webUrl}/accounting/1/${assignmentOf(1)}`);
      await view.getByTestId('balance-table').waitFor();
      // No society filter in the viewer for a USER_SOCIETY (the sidebar's selection is the shell's, not the viewer's).
      expect(await view.getByRole('main').getByLabel('Sociedad').count()).toBe(0);
      await view.getByLabel('Período').selectOption({ label: 'Febrero 2018' });
      const caja = view.locator('[data-account="1.1.01"]');
      await caja.getByText('5.000.000').first().waitFor();
      expect(await view.getByTestId('statement-header').innerText()).toContain('Minera Atacama SpA');
      const sums = await view.locator('[data-footer="Sumas iguales"]').innerText();
      expect(sums).toContain('6.190.000');

      // Drill-down of Clientes: its line and total.
      await view.getByRole('button', { name: 'Ver detalle de Clientes' }).click();
      const modal = view.getByTestId('detail-modal');
      await modal.getByText('Venta navegador').waitFor();
      expect(await modal.getByTestId('detail-total').innerText()).toBe('1.190.000');
      await modal.getByRole('button', { name: 'Cerrar' }).click();

      // Downloads: the PDF, and the Excel read back.
      const pdfDownload = view.waitForEvent('download');
      await view.getByRole('button', { name: 'Descargar' }).click();
      await view.getByRole('menuitem', { name: 'PDF' }).click();
      const pdf = await pdfDownload;
      // Named by statement, company and period, in Spanish.
      expect(pdf.suggestedFilename()).toBe('balance-de-8-columnas-minera-atacama-spa-2018-02.pdf');
      const excelDownload = view.waitForEvent('download');
      await view.getByRole('button', { name: 'Descargar' }).click();
      await view.getByRole('menuitem', { name: 'Excel' }).click();
      const excel = await excelDownload;
      const rows = (await readSheet((await excel.path()) as string)) as unknown[][];
      expect(rows.find((r) => r[0] === '1.1.10')?.slice(2, 4)).toEqual([1_190_000, 0]);
      expect(rows.map((r) => r[0])).toContain('Período: Febrero 2018');

      // Financial situation: a period chosen on one side is disabled on the other; compare January with February.
      await view.goto(`${webUrl}/accounting/2/${assignmentOf(2)}`);
      await view.getByRole('table', { name: 'Activos' }).waitFor();
      await view.getByLabel('Período').selectOption({ label: 'Febrero 2018' });
      await view.getByLabel('Comparar con').selectOption({ label: 'Enero 2018' });
      const disabled = view.getByLabel('Período').locator('option', { hasText: 'Enero 2018' });
      expect(await disabled.isDisabled()).toBe(true);
      const assets = view.getByRole('table', { name: 'Activos' });
      await assets.getByRole('columnheader', { name: 'Enero 2018' }).waitFor();
      expect(await assets.locator('[data-account="1.1.10"]').innerText()).toMatch(/1\.190\.000\s+0/);
      await screenshot(view, 'accounting-financial-compare');

      // 375 px: with the drawer shell the statement fits the width (its table scrolls inside its card)
      // and axe finds no serious violation.
      await view.setViewportSize({ width: 375, height: 800 });
      await screenshot(view, 'accounting-financial-375');
      expect(await view.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await seriousViolations(view)).toEqual([]);
    } finally {
      await admin.context.close();
      await client.context.close();
    }
  });
});
