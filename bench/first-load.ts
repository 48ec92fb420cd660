import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../local/demo-accounts';
import { startPortal } from '../local/portal';
import { CHROMIUM_PATH } from '../local/prerequisites';
import { median } from './stats';

export const title =
  "First view of each statement in Chromium: the production build against Vite's dev server, with and without a hover first";

/**
 * A client signs in through the form on a cold browser and opens each statement from the sidebar, as a person does:
 * the time from the click on the menu entry to the statement's table on screen, which is the lazy page's code plus
 * its dates and report requests. 'hover' first rests the pointer on the entry until the page's code has arrived (the
 * menu prefetches it), as a person's pointer does before a click. Each figure is a median of BENCH_RUNS fresh
 * browser contexts, on this machine's loopback ('local') and, for the production build, with 40 ms of round trip and
 * 20 Mbit/s ('40 ms RTT', a client on a good connection far from the edge; the dev server's hundreds of unbundled
 * modules are a developer's on this machine). BENCH_WEB=built runs the production build only.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CLIENT = 'sociedad@demo.cl';
const TABLES: Record<number, string> = {
  1: 'Balance de 8 columnas',
  2: 'Activos',
  3: 'Estado de resultados',
  4: 'Estado de flujo de efectivo',
};
const NETWORKS = {
  local: null,
  '40 ms RTT': { offline: false, latency: 40, downloadThroughput: 2_500_000, uploadThroughput: 2_500_000 },
} as const;

async function signedInPage(browser: Browser, webUrl: string, network: keyof typeof NETWORKS) {
  const context = await browser.newContext({ locale: 'es-CL', viewport: { width: 1366, height: 800 } });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const conditions = NETWORKS[network];
  if (conditions) {
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', conditions);
  }
  const started = performance.now();
  await page.goto(`${webUrl}/login`);
  await page.getByLabel('Correo electrónico').fill(CLIENT);
  const login = performance.now() - started;
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  const submitted = performance.now();
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL(`${webUrl}/home`);
  await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
  return { page, close: () => context.close(), login, home: performance.now() - submitted };
}

/** From the click on the statement's menu entry to its table on screen. */
async function openStatement(page: Page, type: number, hover: boolean): Promise<number> {
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  const group = nav.getByRole('button', { name: 'Contabilidad' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  const entry = nav.locator(`a[href^="/accounting/${type}/"]`);
  if (hover) {
    await entry.hover();
    // The prefetch has landed when the page's code is loaded: the menu marks the entry once its import resolved.
    await entry.and(page.locator('[data-prefetched="true"]')).waitFor();
  }
  const started = performance.now();
  await entry.click();
  await page.getByRole('table', { name: TABLES[type] }).waitFor();
  return performance.now() - started;
}

async function measure(web: 'dev' | 'built') {
  const portal = await startPortal({ mode: 'test', web });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] });
  try {
    // The dev server transforms each module at its first request: one untimed pass, as a developer's second load.
    if (web === 'dev') {
      const warm = await signedInPage(browser, portal.webUrl, 'local');
      for (const type of [1, 2, 3, 4]) await openStatement(warm.page, type, false);
      await warm.close();
    }
    // The dev server is a developer's, on this machine: a far client meets the production build only.
    const networks = web === 'dev' ? (['local'] as const) : (Object.keys(NETWORKS) as Array<keyof typeof NETWORKS>);
    for (const network of networks) {
      const logins: number[] = [];
      const homes: number[] = [];
      const figures: Record<string, number[]> = {};
      for (let run = 0; run < RUNS; run++) {
        for (const type of [1, 2, 3, 4]) {
          for (const hover of [false, true]) {
            // A fresh context per statement: its code and data come cold, as on a person's first visit.
            const session = await signedInPage(browser, portal.webUrl, network);
            logins.push(session.login);
            homes.push(session.home);
            const key = `${TABLES[type]}${hover ? ', hover first' : ''}`;
            figures[key] = [...(figures[key] ?? []), await openStatement(session.page, type, hover)];
            await session.close();
          }
        }
      }
      console.log(`${web}, ${network}: /login ${ms(median(logins))}, sign-in to /home ${ms(median(homes))}`);
      for (const [key, values] of Object.entries(figures)) {
        console.log(`  ${key.padEnd(42)} median ${ms(median(values))}  max ${ms(Math.max(...values))}`);
      }
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`.padStart(7);

export async function run(): Promise<void> {
  const webs = process.env.BENCH_WEB === 'built' ? (['built'] as const) : (['built', 'dev'] as const);
  console.log(`runs per figure: ${RUNS}; machine load ${(await import('node:os')).loadavg()[0]?.toFixed(1)}`);
  for (const web of webs) await measure(web);
}
