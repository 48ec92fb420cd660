import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { PROMO_FADE_MS, PROMO_INTERVAL_MS } from '../../web/src/features/home/components/promo-rotator';
import { WELCOME_SCREEN_MAX_MS } from '../../web/src/lib/constants';
import { DEMO_PASSWORD } from '../helpers/api';
import {
  launchBrowser,
  newPage,
  presetLocalStorage,
  screenshot,
  signInWithCookies,
  stopPageClock,
} from '../helpers/browser';
import { tableAccess, testUserRecord } from '../helpers/db';

/**
 * /home (portal §2 Home): the greeting, the indicator boxes filled from GET api/v1/indicators/ (the bundled
 * dataset the test portal stored at start), the per-role selection kept in local storage, the welcome screen while
 * the indicators load (at most 4.5 s), and the page at 375 px.
 */
const { webUrl, demo, env } = inject('portal');
let browser: Browser;
/** A USER_SOCIETY of two societies (Minera Atacama, Comercial Norte), so the selection has a choice. */
let twoSocieties: { email: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const { users } = await tableAccess();
  const { createIdentity } = await import('../../functions/lib/auth/identities');
  const uuid = randomUUID();
  const email = `inicio-${uuid.slice(0, 8)}@prueba.cl`;
  await createIdentity(uuid, email, DEMO_PASSWORD);
  const andes = demo.projects.andes;
  const norte = demo.groups.norte;
  await users.putNewUser(testUserRecord({ uuid, email, user_role: 'USER_SOCIETY', first_name: 'Inés' }), [
    { field: 'project_uuids', uuid: andes, project_uuid: andes },
    { field: 'society_uuids', uuid: demo.societies.minera, project_uuid: andes, group_uuid: norte },
    { field: 'society_uuids', uuid: demo.societies.comercial, project_uuid: andes, group_uuid: norte },
  ]);
  twoSocieties = { email };
});
afterAll(async () => {
  await browser?.close();
});

async function openHome(email: string, options: { storage?: Record<string, string>; width?: number } = {}) {
  const { context, page } = await newPage(browser, {
    viewport: options.width ? { width: options.width, height: 800 } : undefined,
  });
  await signInWithCookies(context, webUrl, email);
  if (options.storage) await presetLocalStorage(context, options.storage);
  await page.goto(`${webUrl}/home`);
  return { context, page };
}

const box = (page: Page, code: string) => page.locator(`[data-indicator="${code}"]`);

/**
 * With the page's clock paused, moves it in 10 ms steps until the locator shows (the data layer's notifications run on
 * timers, so a paused page never renders an answer by itself); the page's time moves only by these steps. Small steps
 * keep a slow machine's page young: its time grows with the steps it needed, not with how long they took.
 */
async function advanceUntilVisible(page: Page, locator: ReturnType<Page['locator']>) {
  for (let step = 0; step < 2000; step++) {
    if (await locator.isVisible()) return;
    await page.clock.runFor(10);
  }
  await locator.waitFor({ timeout: 1 });
}

/** In page time: when the promotional text first appeared (recorded by an init script). */
const recordPromoMount = () => {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.home-promo')) return;
    (window as unknown as { promoAt: number }).promoAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true });
};

describe('indicators', () => {
  test('the five boxes show the stored values with date, variation, trend and the sample-data label', async () => {
    const { context, page } = await openHome('sociedad@demo.cl');
    try {
      await page.getByRole('heading', { level: 1, name: 'Hola Sara' }).waitFor();
      await page.getByText('Bienvenido a nuestro portal').first().waitFor();
      await box(page, 'dolar').waitFor();
      const names = await page.locator('[data-indicator] h3').allTextContents();
      expect(names).toEqual(['USD', 'UF', 'EUR', 'UTM', 'IPC']);

      const usd = box(page, 'dolar');
      await expect(usd.locator('.home-indicator-value').textContent()).resolves.toBe('$934,54');
      await expect(usd.locator('.home-indicator-date').textContent()).resolves.toContain('al 04-07-2022');
      await expect(usd.getByText('Sube 0,26 % respecto del valor anterior').count()).resolves.toBe(1);
      await expect(usd.getByText('Datos de muestra', { exact: true }).isVisible()).resolves.toBe(true);
      await expect(
        usd.getByRole('img', { name: 'Tendencia de Dólar observado en los últimos 30 días' }).count(),
      ).resolves.toBe(1);

      await expect(box(page, 'uf').locator('.home-indicator-value').textContent()).resolves.toBe('$33.139,50');
      await expect(box(page, 'utm').locator('.home-indicator-value').textContent()).resolves.toBe('$58.248');
      await expect(box(page, 'utm').locator('.home-indicator-date').textContent()).resolves.toContain('julio 2022');
      await expect(box(page, 'ipc').locator('.home-indicator-value').textContent()).resolves.toBe('1,2 %');
      // The euro's latest sample day keeps its own date; one point in its window: no change shown, no trend line.
      const euro = box(page, 'euro');
      await expect(euro.locator('.home-indicator-value').textContent()).resolves.toBe('$945,21');
      await expect(euro.locator('.home-indicator-date').textContent()).resolves.toBe('al 24-06-2022');
      await expect(euro.locator('svg').count()).resolves.toBe(0);
      await expect(
        page.getByText('Datos de muestra al 04-07-2022; no corresponden a valores actuales.').isVisible(),
      ).resolves.toBe(true);
      await screenshot(page, 'home-desktop');
    } finally {
      await context.close();
    }
  });

  test('the browser calls no third party: every request stays on the portal and its own storage', async () => {
    const { context, page } = await newPage(browser);
    const origins = new Set<string>();
    page.on('request', (request) => {
      if (!request.url().startsWith('data:')) origins.add(new URL(request.url()).origin);
    });
    try {
      await signInWithCookies(context, webUrl, 'sociedad@demo.cl');
      await page.goto(`${webUrl}/home`);
      await box(page, 'ipc').waitFor();
      // The project's logo comes from the portal's own bucket (s3rver here, S3 deployed) by a presigned URL.
      const own = [new URL(webUrl).origin, new URL(env.AWS_ENDPOINT_URL_S3 as string).origin];
      expect([...origins].filter((origin) => !own.includes(origin))).toEqual([]);
      expect(origins).toContain(new URL(webUrl).origin);
    } finally {
      await context.close();
    }
  });
});

describe('promotional text', () => {
  /**
   * The page's clock (Playwright's clock) is paused before the page loads, so the timers run only when the test moves
   * time: the change comes exactly at 7 s, with the fade's half-way point 0.75 s later, on any machine.
   */
  test('changes every 7 s with a fade; with reduced motion asked for, it changes without one', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await browser.newContext({
        locale: 'es-CL',
        reducedMotion,
        viewport: { width: 1280, height: 800 },
      });
      const page = await context.newPage();
      try {
        await signInWithCookies(context, webUrl, 'sociedad@demo.cl');
        await context.addInitScript(recordPromoMount);
        await stopPageClock(page);
        await page.goto(`${webUrl}/home`);
        const promo = page.locator('.home-promo');
        await advanceUntilVisible(page, promo);
        const first = await promo.textContent();
        const sinceMount = await page.evaluate(
          () => performance.now() - (window as unknown as { promoAt: number }).promoAt,
        );

        // The interval starts with the text's first render, in the same page instant (the clock stands still).
        await page.clock.runFor(PROMO_INTERVAL_MS - sinceMount - 1);
        expect(await promo.textContent()).toBe(first);
        expect(await promo.getAttribute('data-visible')).toBe('true');

        await page.clock.runFor(1);
        const transition = await promo.evaluate((element) => getComputedStyle(element).transitionProperty);
        if (reducedMotion === 'reduce') {
          expect(transition).toBe('none');
          expect(await promo.getAttribute('data-visible')).toBe('true');
          expect(await promo.textContent()).not.toBe(first);
        } else {
          expect(transition).toBe('opacity');
          // Fading out: still the old text, hidden.
          expect(await promo.getAttribute('data-visible')).toBe('false');
          expect(await promo.textContent()).toBe(first);
          await page.clock.runFor(PROMO_FADE_MS / 2);
          expect(await promo.getAttribute('data-visible')).toBe('true');
          expect(await promo.textContent()).not.toBe(first);
        }
      } finally {
        await context.close();
      }
    }
  });
});

describe('welcome screen', () => {
  /**
   * The page's clock is paused before the page loads and the indicators' answer is held until the test lets it go, so
   * the cap is proven at its exact instant (counted from the page load) and the boxes come with the answer.
   */
  test('shows only while the indicators load, leaves with their answer, and never stays past 4.5 s', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInWithCookies(context, webUrl, 'sociedad@demo.cl');
      await stopPageClock(page);
      const welcome = page.locator('.home .portal-welcome');

      // A quick answer: the welcome screen leaves when the boxes come, before the cap.
      await page.goto(`${webUrl}/home`);
      await advanceUntilVisible(page, box(page, 'dolar'));
      expect(await page.evaluate(() => performance.now())).toBeLessThan(WELCOME_SCREEN_MAX_MS);
      expect(await welcome.count()).toBe(0);

      // An answer held back: the welcome screen stays until the cap, then placeholders fill the wait.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let asked: () => void = () => {};
      const indicatorsAsked = new Promise<void>((resolve) => {
        asked = resolve;
      });
      await page.route('**/api/v1/indicators/**', async (route) => {
        asked();
        await held;
        await route.continue();
      });
      await page.reload();
      await advanceUntilVisible(page, welcome);
      await indicatorsAsked;
      const sinceLoad = await page.evaluate(() => performance.now());
      await page.clock.runFor(Math.max(0, WELCOME_SCREEN_MAX_MS - sinceLoad - 1));
      expect(await welcome.count()).toBe(1);
      expect(await page.locator('.home [aria-busy="true"]').count()).toBe(0);

      await page.clock.runFor(1);
      await welcome.waitFor({ state: 'detached' });
      expect(await page.locator('.home [aria-busy="true"]').count()).toBeGreaterThan(0);
      expect(await box(page, 'dolar').count()).toBe(0);

      release();
      await advanceUntilVisible(page, box(page, 'dolar'));
      expect(await page.locator('.home [aria-busy="true"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('selection per role', () => {
  test.each([
    ['proyecto@demo.cl', 'Proyecto', 'Contadores Andes'],
    ['grupo@demo.cl', 'Grupo sociedad', 'Grupo Norte'],
    ['usuariogrupo@demo.cl', 'Grupo sociedad', 'Grupo Norte'],
    ['sociedad@demo.cl', 'Sociedad', 'Minera Atacama SpA'],
  ])('%s chooses among its %s items', async (email, label, first) => {
    const { context, page } = await openHome(email);
    try {
      const select = page.getByLabel(label, { exact: true });
      await select.waitFor();
      const chosen = await select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent);
      expect(chosen).toBe(first);
    } finally {
      await context.close();
    }
  });

  test('SUPER_ADMIN has no selection', async () => {
    const { context, page } = await openHome('superadmin@demo.cl');
    try {
      await box(page, 'dolar').waitFor();
      await expect(page.locator('.home-selection').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  test('the stored uuid is used, an unknown one falls back to the first, a change is stored', async () => {
    const stored = await openHome(twoSocieties.email, { storage: { society: demo.societies.comercial } });
    try {
      const select = stored.page.getByLabel('Sociedad', { exact: true });
      await select.waitFor();
      expect(await select.inputValue()).toBe(demo.societies.comercial);
    } finally {
      await stored.context.close();
    }

    const unknown = await openHome(twoSocieties.email, { storage: { society: demo.societies.pesquera } });
    try {
      const select = unknown.page.getByLabel('Sociedad', { exact: true });
      await select.waitFor();
      expect(await select.inputValue()).toBe(demo.societies.minera);
      expect(await unknown.page.evaluate(() => localStorage.getItem('society'))).toBe(demo.societies.minera);
      await select.selectOption({ label: 'Comercial Norte Ltda.' });
      expect(await unknown.page.evaluate(() => localStorage.getItem('society'))).toBe(demo.societies.comercial);
      expect(await select.inputValue()).toBe(demo.societies.comercial);
    } finally {
      await unknown.context.close();
    }
  });
});

describe('the selection on other pages', () => {
  test.each([
    ['an accounting page', `/accounting/1/${randomUUID()}`],
    ['a report page', `/reportView/${randomUUID()}`],
  ])('the sidebar offers it on %s; changing it there returns to /home with the new one', async (_, path) => {
    const { context, page } = await openHome(twoSocieties.email, { storage: { society: demo.societies.minera } });
    try {
      await page.getByLabel('Sociedad', { exact: true }).waitFor();
      // On /home the selection is the page's own; the sidebar does not repeat it.
      expect(await page.locator('.portal-sidebar-selection').count()).toBe(0);
      await page.goto(`${webUrl}${path}`);
      const select = page
        .getByRole('navigation', { name: 'Navegación principal' })
        .getByRole('combobox', { name: 'Sociedad' });
      await select.waitFor();
      expect(await select.inputValue()).toBe(demo.societies.minera);
      await select.selectOption({ label: 'Comercial Norte Ltda.' });
      await page.waitForURL(`${webUrl}/home`);
      expect(await page.evaluate(() => localStorage.getItem('society'))).toBe(demo.societies.comercial);
      expect(await page.getByLabel('Sociedad', { exact: true }).inputValue()).toBe(demo.societies.comercial);
    } finally {
      await context.close();
    }
  });

  test('on a page that does not depend on it (profile), changing it stays on the page', async () => {
    const { context, page } = await openHome(twoSocieties.email, { storage: { society: demo.societies.minera } });
    try {
      await page.getByLabel('Sociedad', { exact: true }).waitFor();
      await page.goto(`${webUrl}/userinfo`);
      const select = page
        .getByRole('navigation', { name: 'Navegación principal' })
        .getByRole('combobox', { name: 'Sociedad' });
      await select.selectOption({ label: 'Comercial Norte Ltda.' });
      await expect.poll(() => page.evaluate(() => localStorage.getItem('society'))).toBe(demo.societies.comercial);
      expect(new URL(page.url()).pathname).toBe('/userinfo');
    } finally {
      await context.close();
    }
  });
});

describe('at 375 px', () => {
  test('fits the width, has no serious accessibility violation, and is saved as a screenshot', async () => {
    const { context, page } = await openHome('sociedad@demo.cl', { width: 375 });
    try {
      await box(page, 'ipc').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // Nothing spills out of the page or its boxes, whatever width the shell leaves them.
      const spilling = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.home, .home-indicator, .home-section-title')]
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .map((element) => element.className),
      );
      expect(spilling).toEqual([]);
      const results = await new AxeBuilder({ page: page as never }).include('.home').analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
      await screenshot(page, 'home-375');
    } finally {
      await context.close();
    }
  });
});
