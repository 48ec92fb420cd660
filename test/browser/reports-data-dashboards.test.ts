import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';

/**
 * Built-in dashboards drawn from the portal's own data: sociedad@demo.cl (Minera Atacama, whose documents
 * and ledger the seed adds) opens 'Actividad de documentos' and 'Resumen contable' from 'Mis reportes' and their charts draw.
 */
const { webUrl } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('documents and accounting dashboards', () => {
  test('the society user opens both from the sidebar and sees their charts', async () => {
    const { context, page } = await newPage(browser);
    await signInWithCookies(context, webUrl, 'sociedad@demo.cl');
    const open = async (menuName: string) => {
      await page.goto(`${webUrl}/home`);
      await page.getByRole('button', { name: 'Mis reportes' }).click();
      await page.getByRole('link', { name: menuName, exact: true }).and(page.locator('[href*="/reportView/"]')).click();
      await page.waitForURL(/\/reportView\//);
      await page.getByTestId('built-in-dashboard').waitFor();
    };

    await open('Actividad de documentos');
    // Its own name in the open 'Mis reportes': 'Documentos' alone is the documents entry of the same menu.
    const mainNavigation = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(mainNavigation.getByRole('link', { name: 'Documentos', exact: true }).count()).resolves.toBe(1);
    // The seed uploads Minera Atacama's PDFs (a few KB each): this month's count and the space of their folders.
    const perMonth = page.getByTestId('panel-documents-per-month');
    await perMonth.locator('svg.recharts-surface').first().waitFor();
    const folders = page.getByTestId('panel-folder-sizes');
    await expect.poll(() => folders.locator('.recharts-bar-rectangle path').count()).toBeGreaterThan(0);
    await screenshot(page, 'reports-documents-dashboard');

    await open('Resumen contable');
    // The seeded ledger has revenue and expenses every month: bars in both, a line for the result.
    for (const panel of ['panel-revenue', 'panel-expenses']) {
      await expect
        .poll(() => page.getByTestId(panel).locator('.recharts-bar-rectangle path').count())
        .toBeGreaterThan(0);
    }
    await page.getByTestId('panel-result').locator('.recharts-line-curve').first().waitFor();
    // Axis figures in Chilean format (thousands with a dot; the month labels are not numbers).
    const ticks = await page.getByTestId('panel-revenue').locator('text').allTextContents();
    expect(ticks.some((tick) => /^\d{1,3}(\.\d{3})+$/.test(tick))).toBe(true);
    expect(await page.getByTestId('dashboard-note').count()).toBe(0);
    await screenshot(page, 'reports-accounting-dashboard');
    await context.close();
  }, 120_000);
});
