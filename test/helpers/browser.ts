import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { DEMO_TRUSTED_DEVICE } from '../../local/demo-accounts';
import { CHROMIUM_PATH, installCommand } from '../../local/prerequisites';
import { TRUSTED_DEVICE_COOKIE, TRUSTED_DEVICE_COOKIE_PATH } from '../../shared/second-factor';
import { STORAGE_KEYS } from '../../web/src/lib/storage';
import { signInAsBrowser } from './session-cookies';

/**
 * Browser tests drive Debian's Chromium through playwright-core (`npx playwright install` cannot download browsers
 * here; `npm test` installs Chromium with apt when it can). One browser per test file, a new context per test.
 */
export const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', 'test-results', 'screenshots');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH to use another). Install it with: ${installCommand(['chromium'])}`,
    );
  }
  // Chromium writes download names in the locale's charset: under the bare C locale of a minimal machine (no LANG) a
  // name such as 'Balance Año Ñuble.pdf' became 'download'. A machine with a locale has UTF-8; so does this browser.
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...env, LANG: process.env.LANG || 'C.UTF-8' },
  });
}

/**
 * Clicks a navigation link (within `scope`, the whole page by default), opening the menu drawer first where the screen
 * is too narrow to show it.
 */
export async function clickNav(page: Page, name: string, scope: Page | Locator = page): Promise<void> {
  const link = scope.getByRole('link', { name, exact: true }).filter({ visible: true }).first();
  const drawer = page.getByRole('button', { name: 'Abrir menú' }).filter({ visible: true });
  await link.or(drawer).first().waitFor();
  if (!(await link.isVisible())) await openDrawer(page);
  await link.click();
}

/**
 * How long a browser step may wait for the page. Two browser workers, the portal's API, DynamoDB Local and Chromium
 * share two cores, so an answer can stall for seconds behind another file's heavy request: a wait is not a speed
 * check (bench/ measures speed), only a bound on a page that never comes.
 */
export const BROWSER_WAIT_MS = 30_000;

/**
 * Until a navigation has landed: the router loads no page (`<html data-navigating>`, set as a navigation starts) and
 * has rendered the address (`<html data-route>`). The URL alone changes before the page is there.
 */
export async function landed(page: Page, timeout = BROWSER_WAIT_MS): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.documentElement.hasAttribute('data-navigating') &&
      document.documentElement.dataset.route === window.location.pathname,
    null,
    { timeout },
  );
}

/** Opens the phone's menu drawer once a navigation has landed: a page arriving after it opened would close it. */
export async function openDrawer(page: Page): Promise<void> {
  await landed(page);
  await page.getByRole('button', { name: 'Abrir menú' }).filter({ visible: true }).click();
  await page.getByRole('button', { name: 'Cerrar menú' }).waitFor();
}

/** A fresh context (own cookies and storage) in Spanish, Chilean time, desktop size. */
export async function newPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; reducedMotion?: 'reduce' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    reducedMotion: options.reducedMotion,
  });
  context.setDefaultTimeout(BROWSER_WAIT_MS);
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login form and waits for /home. */
export async function signInThroughForm(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await trustDemoDevice(page.context(), baseUrl);
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL(`${baseUrl}/home`);
}

/**
 * Gives the browser the demo's trusted device (local/demo-accounts.ts), as a SUPER_ADMIN's browser holds it after a
 * code with 'Confiar en este dispositivo': the form then asks a SUPER_ADMIN (always with a second factor) for no code.
 */
export async function trustDemoDevice(context: BrowserContext, baseUrl: string): Promise<void> {
  await context.addCookies([
    {
      name: TRUSTED_DEVICE_COOKIE,
      value: DEMO_TRUSTED_DEVICE,
      domain: new URL(baseUrl).hostname,
      path: TRUSTED_DEVICE_COOKIE_PATH,
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      expires: Date.now() / 1000 + 86_400,
    },
  ]);
}

/**
 * Signs in through the API as the SPA's login form does and puts in the context what that leaves: the API's HttpOnly
 * session cookies, as its answer set them (paths and flags included), and the SPA's sign-in marker. A test that is not
 * about the form starts signed in with one page load less. `signedInAt` backdates the marker (the session's 55
 * minutes as the SPA counts them).
 */
export async function signInWithCookies(
  context: BrowserContext,
  baseUrl: string,
  email: string,
  options: { signedInAt?: number } = {},
): Promise<void> {
  const url = new URL(baseUrl);
  // The session is bound to the portal the browser will call through.
  const { jar } = await signInAsBrowser(email, { portal: url.origin, remember: true });
  const now = Date.now() / 1000;
  await context.addCookies([
    ...jar.all().map((cookie) => ({
      name: cookie.name,
      value: cookie.value,
      domain: url.hostname,
      path: cookie.path,
      httpOnly: cookie.httpOnly,
      secure: cookie.secure,
      sameSite: 'Strict' as const,
      expires: cookie.maxAge === undefined ? -1 : now + cookie.maxAge,
    })),
    {
      name: STORAGE_KEYS.signedInAt,
      value: String(options.signedInAt ?? Date.now()),
      domain: url.hostname,
      path: '/',
      sameSite: 'Strict',
    },
  ]);
}

/** Sets local storage of `baseUrl`'s origin before any page script runs (on every load of the context). */
export async function presetLocalStorage(context: BrowserContext, values: Record<string, string>): Promise<void> {
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

/**
 * Stops the page's clock before the page loads: its timers then run only when the test moves them
 * (`page.clock.runFor`). An installed clock runs from its install on, so pausing at the test's own `Date.now()` could
 * land behind it on a busy machine ("Cannot fast-forward to the past"): it pauses 10 s after the install time, a jump
 * made while the page is still blank.
 */
export async function stopPageClock(page: Page): Promise<void> {
  const installed = Date.now();
  await page.clock.install({ time: installed });
  await page.clock.pauseAt(installed + 10_000);
}

/** Saves a full-page screenshot to test-results/screenshots/<name>.jpg (git-ignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.jpg`);
  // JPEG: a full-page PNG took about 1.2 s to encode, a JPEG about 0.14 s.
  await page.screenshot({ path, fullPage: true, type: 'jpeg', quality: 70 });
  return path;
}

/** The computed background colour of an element as #rrggbb. */
export async function backgroundHex(page: Page, selector: string): Promise<string> {
  const rgb = await page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  const parts =
    rgb
      .match(/\d+(\.\d+)?/g)
      ?.slice(0, 3)
      .map(Number) ?? [];
  return `#${parts.map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Chooses `option` in a single-choice picker (SelectionList: project and group filters and fields search on
 * the server): types `search` into the picker's own search box, then checks the option's radio button.
 * `option` '' checks the picker's first row ('Todos los proyectos' and the like) without searching.
 */
export async function pickOne(scope: Page | Locator, label: string, option: string, search = option): Promise<void> {
  const picker = scope.getByRole('radiogroup', { name: label, exact: true });
  if (option === '') {
    await picker.getByRole('radio').first().check();
    return;
  }
  await scope.getByLabel(`Buscar en ${label.replace(/ \(\*\)$/, '')}`, { exact: true }).fill(search);
  await picker.getByRole('radio', { name: option, exact: true }).check();
}

/** The value checked in a single-choice picker ('' when none). */
export async function pickedValue(scope: Page | Locator, label: string): Promise<string> {
  const checked = scope.getByRole('radiogroup', { name: label, exact: true }).locator('input[type="radio"]:checked');
  return (await checked.count()) === 0 ? '' : ((await checked.getAttribute('value')) ?? '');
}

/**
 * Runs a document row's action as a person would at the page's width: its button on a wide screen, or 'Acciones de …'
 * then the menu's entry on a phone, where the row's actions fold into one menu.
 */
export async function rowAction(page: Page, rowText: string, action: string): Promise<void> {
  const row = page.getByRole('row').filter({ hasText: rowText });
  const button = row.getByRole('button', { name: action, exact: true });
  if ((await button.count()) > 0) {
    await button.click();
    return;
  }
  await row.getByRole('button', { name: /^Acciones de / }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}
