import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { accountingImport } from '../../shared/i18n/es/accounting';
import { seriousViolations } from '../helpers/a11y';
import { launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';
import { lyingXlsxBomb, xlsxBomb } from '../helpers/hostile-files';

/**
 * Hostile spreadsheets on the import screen: a GROUP_ADMIN who picks a 408 KB XLSX whose shared strings inflate to
 * 400 MB (or one whose directory lies about it) sees the Spanish reason it was not read, at 1366 px and at 375 px.
 */
const { webUrl } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const CHART = [
  ['cod_cta', 'nom_cta', 'clase', 'nivel1', 'nivel2', 'parent1'],
  ['1.1.01', 'Caja', 'ACTIVO', 'ACTIVO', 'ACTIVOS CORRIENTES', 'Efectivo'],
];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('hostile spreadsheets on the import screen', () => {
  test.each([
    {
      width: 1366,
      height: 900,
      file: () => xlsxBomb(CHART, 400),
      message: accountingImport.fileErrors.inflatedTooLarge(48),
    },
    {
      width: 375,
      height: 800,
      file: () => lyingXlsxBomb(CHART, 400),
      message: accountingImport.fileErrors.sizeMismatch,
    },
  ])(
    'at $width px, the chart import of a zip bomb says why it was not read',
    async ({ width, height, file, message }) => {
      const data = await file();
      const { context, page } = await newPage(browser, { viewport: { width, height } });
      try {
        await signInWithCookies(context, webUrl, 'grupo@demo.cl');
        await page.goto(`${webUrl}/admin/accounting/import`);
        await page.getByRole('heading', { name: 'Importar contabilidad' }).waitFor();
        await page.getByLabel('Sociedad').selectOption({ label: 'Minera Atacama SpA' });
        await page.getByLabel('Archivo', { exact: true }).selectOption({ label: 'Plan de cuentas' });
        await page.locator('input[type="file"]').setInputFiles({ name: 'plan.xlsx', mimeType: XLSX, buffer: data });
        await page.getByRole('button', { name: 'Importar' }).click();
        const report = page.getByTestId('import-report');
        await report.getByText(`- ${message}`).waitFor();
        await report.getByText('El archivo no se importó:', { exact: true }).waitFor();
        await screenshot(page, `accounting-import-bomb-${width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
