import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, test } from 'vitest';
import { getUserInfo } from '../../shared/contracts/auth';
import { call, DEMO_PASSWORD } from '../helpers/api';
import { launchBrowser, newPage, screenshot, signInThroughForm } from '../helpers/browser';

/** Signing in per role, the shell, route guards and the session rules (portal spec §2, §4; admin spec §2). */
const { webUrl } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function withPage(run: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const { context, page } = await newPage(browser);
  try {
    await run(page, context);
  } finally {
    await context.close();
  }
}

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies(webUrl)).find((c) => c.name === name)?.value;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

describe.concurrent('each role signs in through the form and lands on /home with its sidebar', () => {
  test.for([
    ['superadmin@demo.cl', '/admin/projects', false],
    ['proyecto@demo.cl', '/admin/group', true],
    ['grupo@demo.cl', '/admin/society', true],
    ['usuariogrupo@demo.cl', undefined, true],
    ['sociedad@demo.cl', undefined, true],
  ] as const)('%s', async ([email, adminTarget, documents], { expect }) => {
    await withPage(async (page, context) => {
      const browsingLog = page.waitForRequest(
        (request) => request.url().endsWith('/api/v1/logs/browsing-log/') && request.method() === 'POST',
      );
      await signInThroughForm(page, webUrl, email, DEMO_PASSWORD);
      // The greeting names the signed-in user, as the API knows them (through the token the SPA stored).
      const access = await cookie(context, 'portal_access');
      const { body: info } = await call(getUserInfo, { token: access as string });
      await page.getByRole('heading', { name: `Hola ${info.user.first_name}` }).waitFor();
      expect(await page.getByText('Bienvenido a nuestro portal').isVisible()).toBe(true);

      const nav = sidebar(page);
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
    });
  });
});

describe.concurrent('route guards', () => {
  test('a visitor on /home lands on /', async ({ expect }) => {
    await withPage(async (page) => {
      await page.goto(`${webUrl}/home`);
      await page.waitForURL(`${webUrl}/`);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).waitFor();
    });
  });

  test('a GROUP_ADMIN typing /admin/projects lands on /home; its admin sidebar lists only its sections', async ({
    expect,
  }) => {
    await withPage(async (page) => {
      await signInThroughForm(page, webUrl, 'grupo@demo.cl', DEMO_PASSWORD);
      await page.goto(`${webUrl}/admin/projects`);
      await page.waitForURL(`${webUrl}/home`);
      await page.getByRole('heading', { name: /^Hola / }).waitFor();

      await page.goto(`${webUrl}/admin/society`);
      const nav = page.getByRole('navigation', { name: 'Navegación de administración' });
      await nav.getByRole('link', { name: 'Sociedad' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Usuarios' }).isVisible()).toBe(true);
      expect(await nav.getByRole('link', { name: 'Proyectos' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'G.Sociedad' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Sociedades' }).isVisible()).toBe(true);
      await screenshot(page, 'admin-group-admin');
    });
  });

  test('a signed-in user on a guest page lands on /home, and signing out from the user menu returns to /', async ({
    expect,
  }) => {
    await withPage(async (page, context) => {
      await signInThroughForm(page, webUrl, 'sociedad@demo.cl', DEMO_PASSWORD);
      await page.goto(`${webUrl}/forgottenPassword`);
      await page.waitForURL(`${webUrl}/home`);
      await page.getByRole('button', { name: 'Menú de usuario' }).click();
      await page.getByRole('menuitem', { name: 'Cerrar sesión en el portal' }).click();
      await page.waitForURL(`${webUrl}/`);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).waitFor();
      expect(await cookie(context, 'portal_access')).toBeUndefined();
      expect(await cookie(context, 'portal_refresh')).toBeUndefined();
    });
  });
});

describe.concurrent('session rules', () => {
  test('15 minutes without activity end the session with the Spanish notice', async ({ expect }) => {
    await withPage(async (page) => {
      await signInThroughForm(page, webUrl, 'usuariogrupo@demo.cl', DEMO_PASSWORD);
      await page.evaluate(() => localStorage.setItem('last_activity', String(Date.now() - 16 * 60_000)));
      await page.reload();
      await page.waitForURL(`${webUrl}/`);
      await page.getByTestId('session-notice').waitFor();
      expect((await page.getByTestId('session-notice').innerText()).trim()).toBe('Sesión terminada por inactividad');
      await screenshot(page, 'login-after-inactivity');
    });
  });

  test('55 minutes after sign-in the session ends for security', async ({ expect }) => {
    await withPage(async (page, context) => {
      await signInThroughForm(page, webUrl, 'usuariogrupo@demo.cl', DEMO_PASSWORD);
      const { hostname } = new URL(webUrl);
      await context.addCookies([
        { name: 'portal_signed_in_at', value: String(Date.now() - 56 * 60_000), domain: hostname, path: '/' },
      ]);
      await page.reload();
      await page.waitForURL(`${webUrl}/`);
      await page.getByTestId('session-notice').waitFor();
      expect((await page.getByTestId('session-notice').innerText()).trim()).toBe(
        'Por seguridad estamos cerrando sesión.',
      );
    });
  });

  test('a refused access token is refreshed once and the page loads', async ({ expect }) => {
    await withPage(async (page, context) => {
      await signInThroughForm(page, webUrl, 'proyecto@demo.cl', DEMO_PASSWORD);
      const { hostname } = new URL(webUrl);
      await context.addCookies([{ name: 'portal_access', value: 'caducado', domain: hostname, path: '/' }]);
      const refreshes: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/v1/token/refresh/')) refreshes.push(request.url());
      });
      await page.reload();
      await page.getByRole('heading', { name: /^Hola / }).waitFor();
      expect(refreshes).toHaveLength(1);
      expect(await cookie(context, 'portal_access')).not.toBe('caducado');
    });
  });

  test('a refused refresh token signs the user out', async ({ expect }) => {
    await withPage(async (page, context) => {
      await signInThroughForm(page, webUrl, 'proyecto@demo.cl', DEMO_PASSWORD);
      const { hostname } = new URL(webUrl);
      await context.addCookies([
        { name: 'portal_access', value: 'caducado', domain: hostname, path: '/' },
        { name: 'portal_refresh', value: 'revocado', domain: hostname, path: '/' },
      ]);
      await page.reload();
      await page.waitForURL(`${webUrl}/`);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).waitFor();
      expect(await cookie(context, 'portal_refresh')).toBeUndefined();
    });
  });
});
