import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { expectFitsAndAccessible } from '../helpers/a11y';
import { launchBrowser, newPage, signInWithCookies } from '../helpers/browser';

/**
 * The tax calendar ('Calendario tributario'): reached from /home's 'Vence este mes' card; a client reads its society's
 * obligations (no filing action) at 375 px; a group admin marks an F29 filed with the filed form at 1366 px and sees
 * its state change, undoes it, and ticks F50 for the society.
 */
const { webUrl, demo } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openFromHome(email: string, width: number) {
  const { context, page } = await newPage(browser, { viewport: { width, height: 800 } });
  await signInWithCookies(context, webUrl, email);
  await page.goto(`${webUrl}/home`);
  const card = page.getByTestId('home-tax-month');
  await card.getByRole('heading', { name: 'Vence este mes' }).waitFor();
  await card.getByRole('link', { name: 'Ver calendario tributario' }).click();
  await page.getByRole('heading', { level: 1, name: 'Calendario tributario' }).waitFor();
  await page.getByTestId('tax-calendar-table').waitFor();
  return { context, page };
}

describe('Calendario tributario', () => {
  test('a client reads its society’s calendar at 375 px, each obligation with its state and no action', async () => {
    const { context, page } = await openFromHome('sociedad@demo.cl', 375);
    try {
      const table = page.getByTestId('tax-calendar-table');
      expect(await table.locator('[data-obligation^="F29#"]').count()).toBe(12);
      await table.locator('[data-obligation^="F22#"]').waitFor();
      expect(await table.getByText(/^(Pendiente|Vencida|Presentada)$/).count()).toBeGreaterThanOrEqual(13);
      expect(await page.getByRole('button', { name: /^Marcar presentada/ }).count()).toBe(0);
      await expectFitsAndAccessible(page, 'tax-calendar-client-375');
    } finally {
      await context.close();
    }
  });

  test('a group admin marks an F29 filed with its form, and the row says so', async () => {
    const { context, page } = await openFromHome('grupo@demo.cl', 1366);
    try {
      await page.getByLabel('Sociedad', { exact: true }).selectOption(demo.societies.minera);
      await page.getByLabel('Año', { exact: true }).selectOption('2026');
      const row = page.locator('[data-obligation="F29#2026-06"]');
      await row.waitFor();
      await row.getByRole('button', { name: 'Marcar presentada: F29 de junio 2026' }).click();
      const form = page.getByRole('form', { name: 'Marcar presentada: F29 de junio 2026' });
      await form.getByLabel('Formulario presentado (opcional)').setInputFiles({
        name: 'F29 junio 2026.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n% F29 junio\n%%EOF\n'),
      });
      await expectFitsAndAccessible(page, 'tax-calendar-admin-form-1366');
      await form.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText('F29 de junio 2026: marcada como presentada.').waitFor();
      await row.getByText('Presentada', { exact: true }).waitFor();
      const fileButton = row.getByRole('button', { name: /^Descargar F29 junio 2026( \(\d+\))?\.pdf$/ });
      const [download] = await Promise.all([page.waitForEvent('download'), fileButton.click()]);
      expect(download.suggestedFilename()).toMatch(/^F29 junio 2026( \(\d+\))?\.pdf$/);
      await expectFitsAndAccessible(page, 'tax-calendar-admin-1366');

      // Marked by mistake: undone, the row goes back to its state by the date.
      await row.getByRole('button', { name: 'Desmarcar como presentada: F29 de junio 2026' }).click();
      await page
        .getByText('F29 de junio 2026: ya no figura como presentada; el archivo sigue en su carpeta.')
        .waitFor();
      await row.getByText('Vencida', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: /^Descargar/ }).count()).toBe(0);

      // The society files F50 too: its twelve months join the calendar; then back as it was.
      const settings = page.getByRole('form', { name: 'Qué aplica a esta sociedad' });
      const f50 = settings.locator('label.amplify-checkbox').filter({ hasText: 'Declara el F50' });
      await f50.click();
      expect(await settings.getByRole('checkbox', { name: 'Declara el F50' }).isChecked()).toBe(true);
      // Every read on screen loads again after a write (web/src/lib/query-client.ts); the societies list answers
      // only once the calendar has answered and shown F50's rows, as on a loaded machine: the notice still shows.
      await page.route('**/api/v1/societies/user/society/', async (route) => {
        await page.locator('[data-obligation="F50#2026-06"]').waitFor();
        await route.continue();
      });
      await settings.getByRole('button', { name: 'Guardar configuración' }).click();
      await page.getByText('Configuración guardada.').waitFor();
      await page.unroute('**/api/v1/societies/user/society/');
      expect(await settings.getByRole('checkbox', { name: 'Declara el F50' }).isChecked()).toBe(true);
      await page.locator('[data-obligation="F50#2026-06"]').waitFor();
      expect(await page.locator('[data-obligation^="F50#"]').count()).toBe(12);
      await f50.click();
      await settings.getByRole('button', { name: 'Guardar configuración' }).click();
      await page.locator('[data-obligation^="F50#"]').first().waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
