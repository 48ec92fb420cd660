import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { getSociety } from '../../shared/contracts/societies';
import { seriousViolations, settled } from '../helpers/a11y';
import { call, signIn } from '../helpers/api';
import { launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';
import { bigLedger } from '../helpers/random-ledgers';

/**
 * Large ledger files in the browser, on a 375 px phone: a GROUP_ADMIN picks a libro diario above what one
 * request carries (2 MB); the screen uploads it to S3 by presigned POST (upload bar), polls the import job (phase
 * and progress bar in a live region) and ends on the same per-row report as the small path: first a file with one
 * voucher that does not balance (its rows listed), then the corrected file (imported, its periods listed).
 */
const { webUrl, demo } = inject('portal');
const PHONE = { width: 375, height: 740 };
const REQUEST_CAP = 2 * 1024 * 1024;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Records, in the page, every state the progress shows (the live region's text and both bars' values) so the test
 * sees the polling however fast the job runs between two assertions.
 */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: { phase: string; upload: number | null; job: number | null }[] = [];
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    const take = () => {
      const phase = document.querySelector('[data-testid="large-import-phase"]')?.textContent ?? '';
      if (!phase) return;
      const bar = (id: string) => (document.getElementById(id) as HTMLProgressElement | null)?.value ?? null;
      const state = { phase, upload: bar('ledger-upload-progress'), job: bar('ledger-job-progress') };
      const last = seen[seen.length - 1];
      if (!last || last.phase !== state.phase || last.upload !== state.upload || last.job !== state.job)
        seen.push(state);
    };
    new MutationObserver(take).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { progressSeen: { phase: string; upload: number | null; job: number | null }[] })
          .progressSeen,
    );
}

describe('large ledger import', () => {
  test('an admin imports a ledger above the request cap at 375 px: upload bar, job phases, the per-row report', {
    timeout: 300_000,
  }, async () => {
    const superAdmin = (await signIn('superadmin@demo.cl')).access;
    const minera = await call(getSociety, { token: superAdmin, params: { uuid: demo.societies.minera } });
    const rut = minera.body.society_rut as string;
    const vouchers = 12_000;
    const bad = bigLedger(rut, 2014, vouchers, 7_001);
    // The good file is larger, so the job runs long enough for the screen to poll it through its phases.
    const goodVouchers = 60_000;
    const good = bigLedger(rut, 2014, goodVouchers);
    expect(Buffer.byteLength(good)).toBeGreaterThan(REQUEST_CAP);

    const { context, page } = await newPage(browser, { viewport: PHONE });
    try {
      await signInWithCookies(context, webUrl, 'grupo@demo.cl');
      await page.goto(`${webUrl}/admin/accounting/import`);
      await page.getByRole('heading', { name: 'Importar contabilidad' }).waitFor();
      const main = page.getByRole('main');
      await main.getByLabel('Sociedad').selectOption({ label: 'Minera Atacama SpA' });
      await main.getByLabel('Archivo', { exact: true }).selectOption({ label: 'Libro diario' });
      const report = page.getByTestId('import-report');
      const importFile = async (content: string, whileRunning?: () => Promise<void>) => {
        await page
          .locator('input[type="file"]')
          // Several MB through the browser protocol: on a loaded machine that alone took more than the default 15 s.
          .setInputFiles(
            { name: 'libro-grande.csv', mimeType: 'text/csv', buffer: Buffer.from(content) },
            { timeout: 60_000 },
          );
        const seen = await recordProgress(page);
        await main.getByRole('button', { name: 'Importar' }).click();
        // The upload bar shows at once, named by its label.
        await page.getByRole('progressbar', { name: 'Subida del archivo' }).waitFor();
        if (whileRunning) {
          await page.getByRole('progressbar', { name: 'Procesamiento del archivo' }).waitFor({ timeout: 120_000 });
          await whileRunning();
        }
        await report.waitFor({ timeout: 240_000 });
        return seen();
      };

      // One voucher that does not balance: the job ends with its two rows reported, as the small path reports them.
      const badSeen = await importFile(bad);
      await report.getByText('El archivo no se importó: 2 filas con error.').waitFor();
      expect(await report.locator('[data-row="14002"]').innerText()).toContain('no cuadra');
      expect(await report.locator('[data-row="14003"]').count()).toBe(1);
      expect(badSeen.some((s) => s.job !== null)).toBe(true);
      // Reporting is over: the bars and the live region are gone.
      expect(await page.getByTestId('large-import-progress').count()).toBe(0);

      // The corrected file: imported, with the three months it replaced.
      // The progress itself at 375 px: it fits and axe finds no serious violation in the bars and the live region.
      const seen = await importFile(good, async () => {
        await screenshot(page, 'accounting-import-large-progress-375');
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        expect(await seriousViolations(page)).toEqual([]);
      });
      await report.getByText(`Archivo importado con éxito: ${goodVouchers * 2} filas.`).waitFor();
      expect(await report.innerText()).toMatch(/01-2014: 40000 líneas/);
      expect(await report.innerText()).toMatch(/03-2014: 40000 líneas/);

      // What the screen showed on the way: the upload reached 100 %, then the job bar with a Spanish phase line,
      // its progress never going back.
      expect(
        seen.some((s) => s.upload === 100),
        JSON.stringify(seen),
      ).toBe(true);
      const jobStates = seen.filter((s) => s.job !== null);
      expect(jobStates.length, JSON.stringify(seen)).toBeGreaterThan(0);
      for (const state of jobStates)
        expect(state.phase).toMatch(
          /^(En cola para procesar|(Esperando el archivo|Leyendo el archivo|Validando las filas|Guardando los movimientos|Terminado): \d{1,3} %)$/,
        );
      // 120,000 rows keep the job busy for several polls: at least one shows it mid-way, with a phase and a share.
      expect(
        jobStates.some((s) => /^(Leyendo el archivo|Validando las filas|Guardando los movimientos): /.test(s.phase)),
        JSON.stringify(seen),
      ).toBe(true);
      const jobValues = jobStates.map((s) => s.job as number);
      expect(jobValues.every((v, i) => i === 0 || v >= (jobValues[i - 1] as number))).toBe(true);

      // 375 px: nothing sticks out sideways and axe finds no serious violation.
      await settled(page);
      await screenshot(page, 'accounting-import-large-375');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
