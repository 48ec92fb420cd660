import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { getUserInfo } from '../../shared/contracts/auth';
import { SESSION_COOKIES } from '../../shared/session-cookies';
import { call, DEMO_PASSWORD } from '../helpers/api';
import { launchBrowser, newPage, screenshot, signInThroughForm } from '../helpers/browser';
import { browserCookie } from '../helpers/session-cookies';

/** Each demo role signs in through the login form and gets the shell of its role (portal spec §2, §5). */
const { webUrl } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A cookie of the portal's host on whatever path (the session's access token is on /api). */
describe('each role signs in through the form and lands on /home with its sidebar', () => {
  test.each([
    ['superadmin@demo.cl', '/admin/projects', false],
    ['proyecto@demo.cl', '/admin/group', true],
    ['grupo@demo.cl', '/admin/society', true],
    ['usuariogrupo@demo.cl', undefined, true],
    ['sociedad@demo.cl', undefined, true],
  ])('%s', async (email, adminTarget, documents) => {
    const { context, page } = await newPage(browser);
    try {
      const browsingLog = page.waitForRequest(
        (request) => request.url().endsWith('/api/v1/logs/browsing-log/') && request.method() === 'POST',
      );
      await signInThroughForm(page, webUrl, email, DEMO_PASSWORD);
      // The greeting names the signed-in user as the API knows them, through the token of the session's cookie.
      // The session is bound to the portal it started on, so the call names that portal as the edge would.
      const { body: info } = await call(getUserInfo, {
        token: (await browserCookie(context, webUrl, SESSION_COOKIES.access)) as string,
        portal: new URL(webUrl).origin,
      });
      await page.getByRole('heading', { name: `Hola ${info.user.first_name}` }).waitFor();
      expect(await page.locator('.home-welcome').isVisible()).toBe(true);

      const nav = page.getByRole('navigation', { name: 'Navegación principal' });
      expect(await nav.getByRole('link', { name: 'Inicio' }).isVisible()).toBe(true);
      expect(await nav.getByRole('button', { name: 'Mis reportes' }).isVisible()).toBe(true);
      expect(await nav.getByRole('button', { name: 'Contabilidad' }).isVisible()).toBe(true);
      expect(await nav.getByRole('link', { name: 'Documentos' }).count()).toBe(documents ? 1 : 0);
      const admin = nav.getByRole('link', { name: 'Panel de administración' });
      if (adminTarget) expect(await admin.getAttribute('href')).toBe(adminTarget);
      else expect(await admin.count()).toBe(0);
      // 'Volver' is hidden on /home.
      expect(await page.getByRole('button', { name: 'Volver' }).count()).toBe(0);

      expect(JSON.parse((await browsingLog).postData() ?? '{}')).toMatchObject({
        browsing_url: '/home',
        browsing_module: 'home',
      });
      if (email === 'proyecto@demo.cl') await screenshot(page, 'home-project-admin');
    } finally {
      await context.close();
    }
  });
});
