import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type {
  BalanceReport,
  CashFlowReport,
  FinancialSituationReport,
  StatusResultsReport,
} from '../../shared/contracts/accounting';
import { getModuleAccounting } from '../../shared/contracts/modules';
import { formatAmount } from '../../web/src/features/accounting/lib/format';
import { seriousViolations } from '../helpers/a11y';
import { call, signIn } from '../helpers/api';
import { launchBrowser, newPage, openDrawer, screenshot, signInWithCookies } from '../helpers/browser';

/**
 * The four statements as the demo client meets them: opened from the sidebar's 'Contabilidad' menu, in both bases and
 * both currencies, the numbers on screen read against the API's answer, compared, drilled down with the amounts in
 * view, at 1366 px and 375 px, and each statement reached straight from each other one through the menu.
 */
const { webUrl } = inject('portal');
const CLIENT = 'sociedad@demo.cl';
let browser: Browser;
/** The client's four accounting assignments: the menu's label per statement type. */
let menu: Record<number, string>;

beforeAll(async () => {
  browser = await launchBrowser();
  const { body } = await call(getModuleAccounting, { token: (await signIn(CLIENT)).access });
  menu = Object.fromEntries(body.flatMap((m) => m.report_list).map((item) => [item.type, item.menu_name]));
  expect(Object.keys(menu).sort()).toEqual(['1', '2', '3', '4']);
});
afterAll(async () => {
  await browser?.close();
});

const TABLES: Record<number, string> = {
  1: 'Balance de 8 columnas',
  2: 'Activos',
  3: 'Estado de resultados',
  4: 'Estado de flujo de efectivo',
};
const RULES = [
  ['IFRS', 'IFRS'],
  ['TRBT', 'Tributaria'],
] as const;
const MONEY = [
  ['LOCAL', 'Pesos (CLP)'],
  ['USD', 'Dólares (USD)'],
] as const;

const isReport = (response: Response) => /\/api\/v1\/accounting\/[^/]+\/report\//.test(response.url());
const paramsOf = (response: Response) => new URL(response.url()).searchParams;

/**
 * A GET answer's JSON. Chromium may have dropped a body it delivered ('No data found for resource', seen under a full
 * run's load): the same GET again, with the page's headers, answers the same.
 */
async function jsonOf(page: Page, response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    const again = await page.request.get(response.url(), { headers: await response.request().allHeaders() });
    return again.json();
  }
}

/** Every report the page received, latest per statement family (a cached one is not fetched again). */
function reportLog(page: Page): Map<string, Promise<unknown>> {
  const latest = new Map<string, Promise<unknown>>();
  page.on('response', (r) => {
    if (!isReport(r) || !r.ok()) return;
    const body = jsonOf(page, r);
    // A report nobody awaits (replaced by a later one) must not end the run as an unhandled rejection.
    body.catch(() => undefined);
    latest.set(new URL(r.url()).pathname.split('/')[4] as string, body);
  });
  return latest;
}

/** Opens a statement through the sidebar (on a phone, its drawer first), as a person would; answers its report. */
async function openFromMenu(page: Page, type: number, log: Map<string, Promise<unknown>>): Promise<unknown> {
  if ((page.viewportSize()?.width ?? 1366) < 768) await openDrawer(page);
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  const group = nav.getByRole('button', { name: 'Contabilidad' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name: menu[type] as string, exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`/accounting/${type}/`));
  await page.getByRole('table', { name: TABLES[type] }).waitFor();
  return log.get(FAMILIES[type] as string);
}

const FAMILIES: Record<number, string> = {
  1: 'balance8columns',
  2: 'financial-situation',
  3: 'status-results',
  4: 'cashflow',
};

/** Reads the screen against the report the API answered: the figures a person would check. */
async function expectScreenMatches(page: Page, type: number, report: unknown): Promise<void> {
  const view = page.getByTestId('statement-view');
  // The screen has drawn this answer once its header names the answer's currency and basis.
  const { header } = report as BalanceReport;
  await page
    .getByTestId('statement-header')
    .filter({ hasText: `· ${header.money_symbol} · ${header.rule === 'TRBT' ? 'Tributaria' : 'IFRS'}` })
    .waitFor();
  if (type === 1) {
    const r = report as BalanceReport;
    const money = r.header.money_type;
    expect(r.rows.length).toBeGreaterThan(0);
    for (const row of r.rows.slice(0, 4)) {
      const text = await view.locator(`[data-account="${row.cod_cta}"]`).innerText();
      expect(text).toContain(formatAmount(row.debitos, money));
      expect(text).toContain(formatAmount(row.creditos, money));
    }
    const sums = await view.locator('[data-footer="Sumas iguales"]').innerText();
    expect(sums).toContain(formatAmount(r.footer.equal_sums.activo, money));
  } else if (type === 2 || type === 3) {
    const r = report as FinancialSituationReport & StatusResultsReport;
    const rows = type === 2 ? r.assets : r.rows;
    const accounts = rows.filter((row) => row.cod_cta !== '');
    expect(accounts.length).toBeGreaterThan(0);
    const table = view.getByRole('table', { name: TABLES[type] });
    for (const row of accounts.slice(0, 4)) {
      const text = await table.locator(`[data-account="${row.cod_cta}"]`).innerText();
      expect(text).toContain(formatAmount(row.imp_mov_mn_sg, r.header.money_type));
      if (row.imp_mov_mn_sg_compare !== null) {
        expect(text).toContain(formatAmount(row.imp_mov_mn_sg_compare, r.header.money_type));
      }
    }
  } else {
    const r = report as CashFlowReport;
    expect(r.rows.length).toBeGreaterThan(0);
    const table = view.getByRole('table', { name: TABLES[4] });
    for (const row of r.rows) {
      const text = await table.locator('tr', { hasText: row.name }).first().innerText();
      expect(text).toContain(formatAmount(row.total, r.header.money_type));
    }
    expect(await view.getByText(formatAmount(r.closing_cash, r.header.money_type)).count()).toBeGreaterThan(0);
  }
  expect(await page.getByTestId('statement-no-data').count()).toBe(0);
  if ((report as BalanceReport).header.money_type === 'USD') {
    expect(await page.getByTestId('statement-header').innerText()).toMatch(
      /Dólar observado: [\d.,]+ \(\d\d-\d\d-\d{4}\)/,
    );
  }
}

/** Chooses a filter and waits for the report the change asked for. */
async function choose(page: Page, label: string, option: string, expected: Record<string, string>): Promise<unknown> {
  const answer = page.waitForResponse(
    (r) => isReport(r) && r.ok() && Object.entries(expected).every(([k, v]) => paramsOf(r).get(k) === v),
  );
  await page.getByTestId('statement-view').getByLabel(label, { exact: true }).selectOption({ label: option });
  return jsonOf(page, await answer);
}

/** Opens the first drill-down of the statement; its total equals the API's and is in view, not clipped. */
async function drillDown(page: Page, type: number): Promise<void> {
  const detail = page.waitForResponse((r) => /\/detail\//.test(r.url()) && r.ok());
  const opener =
    type === 4
      ? page.getByRole('button', { name: /: ver detalle de .+ en / }).first()
      : page
          .getByRole('table', { name: TABLES[type] })
          .getByRole('button', { name: /^Ver detalle de / })
          .first();
  await opener.click();
  const body = (await jsonOf(page, await detail)) as { footer: { total: number }; header: { money_type: string } };
  const modal = page.getByTestId('detail-modal');
  const total = modal.getByTestId('detail-total');
  await total.waitFor();
  expect(await total.innerText()).toBe(formatAmount(body.footer.total, body.header.money_type));
  const box = await total.boundingBox();
  const width = page.viewportSize()?.width as number;
  expect(box).not.toBeNull();
  expect((box?.x as number) + (box?.width as number)).toBeLessThanOrEqual(width);
  expect(box?.x as number).toBeGreaterThanOrEqual(0);
  // Every line's amount sits in view too (the modal's table does not push it off to the right).
  const amounts = modal.locator('tbody tr td:last-child');
  for (const cell of (await amounts.all()).slice(0, 5)) {
    const b = await cell.boundingBox();
    expect((b?.x as number) + (b?.width as number)).toBeLessThanOrEqual(width);
  }
  await screenshot(page, `statement-${type}-drilldown-${width}`);
  await modal.getByRole('button', { name: 'Cerrar' }).click();
  await modal.waitFor({ state: 'hidden' });
}

describe('the four statements in the browser, with data', () => {
  for (const width of [1366, 375]) {
    test(`${width} px: each statement in both bases and currencies, compared and drilled down`, {
      timeout: 240_000,
    }, async () => {
      const { context, page } = await newPage(browser, { viewport: { width, height: 900 } });
      try {
        await signInWithCookies(context, webUrl, CLIENT);
        const log = reportLog(page);
        await page.goto(`${webUrl}/home`);
        for (const type of [1, 2, 3, 4]) {
          // The spec's defaults: IFRS in pesos. Then each step changes one filter: USD, the tax basis, pesos, IFRS.
          let report = await openFromMenu(page, type, log);
          expect((report as BalanceReport).header).toMatchObject({ rule: 'IFRS', money_type: 'LOCAL' });
          await expectScreenMatches(page, type, report);
          report = await choose(page, 'Moneda', MONEY[1][1], { rule: 'IFRS', money_type: 'USD' });
          await expectScreenMatches(page, type, report);
          report = await choose(page, 'Norma contable', RULES[1][1], { rule: 'TRBT', money_type: 'USD' });
          await expectScreenMatches(page, type, report);
          report = await choose(page, 'Moneda', MONEY[0][1], { rule: 'TRBT', money_type: 'LOCAL' });
          await expectScreenMatches(page, type, report);
          report = await choose(page, 'Norma contable', RULES[0][1], { rule: 'IFRS', money_type: 'LOCAL' });
          await expectScreenMatches(page, type, report);
          if (type === 2 || type === 3) {
            const compare = page.getByTestId('statement-view').getByLabel('Comparar con', { exact: true });
            const options = await compare.locator('option:not([disabled])').allInnerTexts();
            const other = options.find((o) => /\d{4}$/.test(o.trim())) as string;
            expect(other).toBeDefined();
            report = await choose(page, 'Comparar con', other.trim(), { report_type: 'COMPARE' });
            const table = page.getByRole('table', { name: TABLES[type] });
            await table.getByRole('columnheader', { name: 'Variación', exact: true }).waitFor();
            await expectScreenMatches(page, type, report);
          }
          await screenshot(page, `statement-${type}-${width}`);
          // The top bar's 'Volver' and 'Ayuda' sit side by side, not over each other.
          const back = await page.getByRole('button', { name: 'Volver' }).boundingBox();
          const help = await page.getByRole('banner').getByRole('button', { name: 'Ayuda' }).boundingBox();
          expect((back?.x as number) + (back?.width as number)).toBeLessThanOrEqual(help?.x as number);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          ).toBeLessThanOrEqual(0);
          await drillDown(page, type);
          expect(await seriousViolations(page)).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
  }

  test('from each statement straight to each other one through the menu: never a crash, never the last one’s table', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    try {
      await signInWithCookies(context, webUrl, CLIENT);
      const log = reportLog(page);
      await page.goto(`${webUrl}/home`);
      let current = 0;
      for (const from of [1, 2, 3, 4]) {
        for (const to of [1, 2, 3, 4]) {
          if (from === to) continue;
          if (current !== from) await openFromMenu(page, from, log);
          const report = await openFromMenu(page, to, log);
          current = to;
          await expectScreenMatches(page, to, report);
          expect(await page.getByRole('heading', { name: 'Algo salió mal en esta página' }).count()).toBe(0);
          for (const other of [1, 2, 3, 4].filter((x) => x !== to)) {
            expect(await page.getByRole('table', { name: TABLES[other] }).count()).toBe(0);
          }
        }
      }
      expect(crashes).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
