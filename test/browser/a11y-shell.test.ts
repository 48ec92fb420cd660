import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { horizontalOverflow, seriousViolations, settled } from '../helpers/a11y';
import { launchBrowser, newPage, openDrawer, screenshot, signInWithCookies } from '../helpers/browser';
import { createTestUser } from '../helpers/db';

/** The shell on a phone and the top bar: drawer below 768 px, 375 px pages, avatar after an upload, health. */
const { webUrl } = inject('portal');
let browser: Browser;
const PHONE = { width: 375, height: 740 };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('at 375 px', () => {
  test('the sidebar is a drawer: button with aria-expanded, focus inside, Escape closes and focus returns', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    try {
      await signInWithCookies(context, webUrl, 'usuariogrupo@demo.cl');
      await page.goto(`${webUrl}/home`);
      await settled(page);
      const button = page.getByRole('button', { name: 'Abrir menú' });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      const drawerId = (await button.getAttribute('aria-controls')) as string;
      const drawer = page.locator(`[id="${drawerId}"]`);
      // Closed, the drawer's links are neither visible nor reachable.
      expect(await drawer.getByRole('link', { name: 'Inicio' }).isVisible()).toBe(false);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'shell-home-375');

      await button.click();
      const close = page.getByRole('button', { name: 'Cerrar menú' });
      expect(await close.getAttribute('aria-expanded')).toBe('true');
      await drawer.getByRole('link', { name: 'Inicio' }).waitFor();
      // Focus moves into the drawer once it has slid in.
      await page.waitForFunction((id) => document.getElementById(id)?.contains(document.activeElement), drawerId);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'shell-drawer-375');

      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Abrir menú' }).waitFor();
      expect(await page.evaluate((id) => document.activeElement?.getAttribute('aria-controls') === id, drawerId)).toBe(
        true,
      );

      // A link in the drawer navigates and closes it.
      await openDrawer(page);
      await drawer.getByRole('link', { name: 'Soporte' }).click();
      await page.waitForURL(`${webUrl}/support`);
      expect(await page.getByRole('button', { name: 'Abrir menú' }).getAttribute('aria-expanded')).toBe('false');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      // So does a tap on the entry of the page already shown (nothing else would tell the person it worked).
      await openDrawer(page);
      await drawer.getByRole('link', { name: 'Soporte' }).click();
      await page.getByRole('button', { name: 'Abrir menú' }).waitFor();
      expect(await page.getByRole('button', { name: 'Abrir menú' }).getAttribute('aria-expanded')).toBe('false');

      // A change of the page's own address while the menu is open (a list writing its filters into the hash) leaves it
      // open: the router sees a navigation to the same page.
      await openDrawer(page);
      await drawer.getByRole('link', { name: 'Inicio' }).waitFor();
      await page.evaluate(() => {
        window.history.replaceState(window.history.state, '', `${window.location.pathname}#1?search=`);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      });
      await page.waitForURL(`${webUrl}/support#1?search=`);
      expect(await page.getByRole('button', { name: 'Cerrar menú' }).getAttribute('aria-expanded')).toBe('true');
      await drawer.getByRole('link', { name: 'Inicio' }).click();
      await page.waitForURL(`${webUrl}/home`);
      expect(await page.getByRole('button', { name: 'Abrir menú' }).getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });

  test('the selection picker in the drawer has its name; axe is clean closed, open, and after a resize', async () => {
    // The case that once gave a critical select-name: an accounting page opened wide, then narrowed to 375 px.
    const { context, page } = await newPage(browser);
    try {
      await signInWithCookies(context, webUrl, 'grupo@demo.cl');
      await page.goto(`${webUrl}/accounting/1/00000000-0000-4000-8000-000000000001`);
      await settled(page);
      const wide = page
        .getByRole('navigation', { name: 'Navegación principal' })
        .getByRole('combobox', { name: 'Grupo sociedad' });
      await wide.waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.setViewportSize(PHONE);
      expect(await seriousViolations(page)).toEqual([]);
      // Closed, the drawer (and its picker) is inert: out of the keyboard order and the accessibility tree.
      const button = page.getByRole('button', { name: 'Abrir menú' });
      const drawer = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
      await expect.poll(() => drawer.evaluate((element) => (element as HTMLElement).inert)).toBe(true);

      await button.click();
      const inDrawer = drawer.getByRole('combobox', { name: 'Grupo sociedad' });
      await inDrawer.waitFor();
      expect(await drawer.evaluate((element) => (element as HTMLElement).inert)).toBe(false);
      expect(await inDrawer.getAttribute('aria-label')).toBe('Grupo sociedad');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'shell-drawer-selection-375');
    } finally {
      await context.close();
    }
  });

  test('an admin list is usable: the table scrolls inside its card, the page does not', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    try {
      await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
      await page.goto(`${webUrl}/admin/society`);
      await page.getByRole('table').first().waitFor();
      await settled(page);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const card = page.locator('.admin-table-card').first();
      const scrolls = await card.evaluate((element) => getComputedStyle(element).overflowX);
      expect(['auto', 'scroll']).toContain(scrolls);
      await screenshot(page, 'shell-admin-societies-375');
    } finally {
      await context.close();
    }
  });
});

describe('top bar and health', () => {
  test('the top-bar avatar changes right after an upload on /userinfo, without a reload', async () => {
    // A user of Andes, whose branded portal webUrl is (others are refused there).
    const { email } = await createTestUser('USER_GROUP', [inject('portal').demo.projects.andes]);
    const { context, page } = await newPage(browser);
    try {
      await signInWithCookies(context, webUrl, email);
      await page.goto(`${webUrl}/userinfo`);
      await page.getByTestId('profile-avatar').waitFor();
      const avatar = page.getByTestId('top-bar-avatar');
      expect(await avatar.locator('img').count()).toBe(0);
      let reloaded = false;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reloaded = true;
      });
      await page.getByTestId('avatar-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByTestId('avatar-saved').waitFor();
      await avatar.locator('img').waitFor();
      expect(await avatar.locator('img').getAttribute('src')).toMatch(/^http/);
      expect(reloaded).toBe(false);
    } finally {
      await context.close();
    }
  });

  test("/health-check says 'The App is Healthy' only after the API's health answers ok", async () => {
    const { context, page } = await newPage(browser);
    try {
      const health = page.waitForResponse((r) => r.url().endsWith('/api/v1/health/'));
      await page.goto(`${webUrl}/health-check`);
      expect((await health).status()).toBe(200);
      await page.getByText('The App is Healthy').waitFor();

      // With the API unreachable the page says so instead.
      await page.route('**/api/v1/health/', (route) => route.abort('connectionrefused'));
      await page.reload();
      await page.getByText(/not Healthy/).waitFor();
      expect(await page.getByText('The App is Healthy').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
