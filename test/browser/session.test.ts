import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { ACCESS_COOKIE_PATH, REFRESH_COOKIE_PATHS, SESSION_COOKIES } from '../../shared/session-cookies';
import { STORAGE_KEYS } from '../../web/src/lib/storage';
import { DEMO_PASSWORD } from '../helpers/api';
import {
  launchBrowser,
  newPage,
  presetLocalStorage,
  screenshot,
  signInThroughForm,
  signInWithCookies,
} from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { browserCookie } from '../helpers/session-cookies';

/** Route guards and the session rules (portal spec §2, §4; admin spec §2). */
const { webUrl, unbrandedWebUrl, demo } = inject('portal');
// Users of the firm whose portal the tests browse (webUrl is Andes' branded portal): others are refused there.
const andesUser = (role: 'USER_GROUP' | 'USER_SOCIETY') => createTestUser(role, [demo.projects.andes]);
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

/** A cookie of the portal's host, on whatever path (the session's are on /api paths). */
/** Replaces a session cookie of the API as a stale or revoked one would be. */
async function setSessionCookie(context: BrowserContext, name: string, value: string, path: string): Promise<void> {
  const { hostname } = new URL(webUrl);
  await context.addCookies([
    { name, value, domain: hostname, path, httpOnly: true, secure: true, sameSite: 'Strict' as const },
  ]);
}

const loginButton = (page: Page) => page.getByRole('button', { name: 'Ingresar', exact: true });
const notice = async (page: Page) => (await page.getByTestId('session-notice').textContent())?.trim();

describe('route guards', () => {
  test('a visitor on /home lands on /; /health-check is public', async () => {
    await withPage(async (page) => {
      await page.goto(`${webUrl}/home`);
      await loginButton(page).waitFor();
      expect(page.url()).toBe(`${webUrl}/`);
      await page.goto(`${webUrl}/health-check`);
      await page.getByText('The App is Healthy').waitFor();
    });
  });

  test('a GROUP_ADMIN typing /admin/projects lands on /home; its admin sidebar lists only its sections', async () => {
    await withPage(async (page, context) => {
      await signInWithCookies(context, webUrl, 'grupo@demo.cl');
      await page.goto(`${webUrl}/admin/projects`);
      await page.getByRole('heading', { name: /^Hola / }).waitFor();
      expect(page.url()).toBe(`${webUrl}/home`);

      await page.getByRole('link', { name: 'Panel de administración' }).click();
      await page.waitForURL(`${webUrl}/admin/society`);
      const nav = page.getByRole('navigation', { name: 'Navegación de administración' });
      await nav.getByRole('link', { name: 'Sociedad' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Usuarios' }).isVisible()).toBe(true);
      expect(await nav.getByRole('link', { name: 'Proyectos' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Grupos de sociedades' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Sociedades' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Volver' }).isVisible()).toBe(true);
      await screenshot(page, 'admin-group-admin');
    });
  });

  test('a signed-in user on a guest page lands on /home; signing out from the user menu returns to /', async () => {
    await withPage(async (page, context) => {
      // A user of its own: signing out ends every session of the user, and tests beside this one use the demo
      // accounts.
      await signInWithCookies(context, webUrl, (await andesUser('USER_SOCIETY')).email);
      await page.goto(`${webUrl}/forgottenPassword`);
      await page.getByRole('heading', { name: /^Hola / }).waitFor();
      expect(page.url()).toBe(`${webUrl}/home`);
      const logout = page.waitForResponse((response) => response.url().endsWith('/api/v1/logs/session-log/logout/'));
      await page.getByRole('button', { name: 'Menú de usuario' }).click();
      await page.getByRole('menuitem', { name: 'Cerrar sesión en el portal' }).click();
      await loginButton(page).waitFor();
      expect(page.url()).toBe(`${webUrl}/`);
      expect((await logout).status()).toBe(200);
      expect(await browserCookie(context, webUrl, STORAGE_KEYS.signedInAt)).toBeUndefined();
      expect(await browserCookie(context, webUrl, SESSION_COOKIES.access)).toBeUndefined();
      expect(await browserCookie(context, webUrl, SESSION_COOKIES.refresh)).toBeUndefined();
    });
  });
});

describe('session rules', () => {
  // The page's clock is Playwright's, moved by the test: the SPA's own timers (the 5-minute check, the 55-minute
  // sign-out) fire as they would after that much time, without waiting for it or back-dating anything.
  test('15 minutes without activity on an open page end the session with the Spanish notice', async () => {
    await withPage(async (page, context) => {
      await signInWithCookies(context, webUrl, (await andesUser('USER_GROUP')).email);
      await page.clock.install();
      await page.goto(`${webUrl}/home`);
      await page.getByRole('heading', { name: /^Hola / }).waitFor();
      await page.clock.fastForward('10:00');
      // Signing out clears the sign-in marker at once, so its presence shows the checks that ran kept the session.
      expect(await browserCookie(context, webUrl, STORAGE_KEYS.signedInAt)).toBeDefined();
      expect(page.url()).toBe(`${webUrl}/home`);
      await page.clock.fastForward('06:00');
      await page.getByTestId('session-notice').waitFor();
      expect(page.url()).toBe(`${webUrl}/`);
      expect(await notice(page)).toBe('Sesión terminada por inactividad');
      await screenshot(page, 'login-after-inactivity');
    });
  });

  test('55 minutes after sign-in the session ends for security, however active the user is', async () => {
    await withPage(async (page, context) => {
      await signInWithCookies(context, webUrl, (await andesUser('USER_GROUP')).email);
      await page.clock.install();
      await page.goto(`${webUrl}/home`);
      await page.getByRole('heading', { name: /^Hola / }).waitFor();
      // Active every 5 minutes for 50 minutes: the inactivity rule never applies.
      for (let step = 1; step <= 10; step++) {
        await page.clock.fastForward('05:00');
        await page.mouse.move(100 + step * 10, 200);
        expect(await browserCookie(context, webUrl, STORAGE_KEYS.signedInAt)).toBeDefined();
      }
      expect(await browserCookie(context, webUrl, STORAGE_KEYS.signedInAt)).toBeDefined();
      expect(page.url()).toBe(`${webUrl}/home`);
      await page.clock.fastForward('05:30');
      await page.getByTestId('session-notice').waitFor();
      expect(page.url()).toBe(`${webUrl}/`);
      expect(await notice(page)).toBe('Por seguridad estamos cerrando sesión.');
    });
  });

  test('a tab reopened after 15 idle minutes, or 55 minutes after sign-in, does not resume the session', async () => {
    await withPage(async (page, context) => {
      await signInWithCookies(context, webUrl, (await andesUser('USER_GROUP')).email);
      await presetLocalStorage(context, { last_activity: String(Date.now() - 16 * 60_000) });
      await page.goto(`${webUrl}/home`);
      await page.getByTestId('session-notice').waitFor();
      expect(page.url()).toBe(`${webUrl}/`);
      expect(await notice(page)).toBe('Sesión terminada por inactividad');
    });
    await withPage(async (page, context) => {
      await signInWithCookies(context, webUrl, (await andesUser('USER_GROUP')).email, {
        signedInAt: Date.now() - 56 * 60_000,
      });
      await page.goto(`${webUrl}/home`);
      await page.getByTestId('session-notice').waitFor();
      expect(page.url()).toBe(`${webUrl}/`);
      expect(await notice(page)).toBe('Por seguridad estamos cerrando sesión.');
    });
  });

  test('a refused access token is refreshed once and the page loads', async () => {
    await withPage(async (page, context) => {
      await signInWithCookies(context, webUrl, 'proyecto@demo.cl');
      await setSessionCookie(context, SESSION_COOKIES.access, 'caducado', ACCESS_COOKIE_PATH);
      const refreshes: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/v1/token/refresh/')) refreshes.push(request.url());
      });
      await page.goto(`${webUrl}/home`);
      await page.getByRole('heading', { name: /^Hola / }).waitFor();
      expect(refreshes).toHaveLength(1);
      expect(await browserCookie(context, webUrl, SESSION_COOKIES.access)).not.toBe('caducado');
    });
  });

  test('a refused refresh token signs the user out', async () => {
    await withPage(async (page, context) => {
      await signInWithCookies(context, webUrl, 'proyecto@demo.cl');
      await setSessionCookie(context, SESSION_COOKIES.access, 'caducado', ACCESS_COOKIE_PATH);
      for (const path of REFRESH_COOKIE_PATHS)
        await setSessionCookie(context, SESSION_COOKIES.refresh, 'revocado', path);
      await page.goto(`${webUrl}/home`);
      await loginButton(page).waitFor();
      expect(page.url()).toBe(`${webUrl}/`);
      // The refused refresh cleared the session's cookies.
      expect(await browserCookie(context, webUrl, SESSION_COOKIES.refresh)).toBeUndefined();
      expect(await browserCookie(context, webUrl, SESSION_COOKIES.access)).toBeUndefined();
    });
  });
});

describe('the session in HttpOnly cookies', () => {
  // Local http origins as npm start serves them: Chromium keeps the API's Secure cookies on each (a SUPER_ADMIN signs
  // in on any portal, branded or not).
  const origins = [
    ['localhost', webUrl],
    ['*.localhost', unbrandedWebUrl],
    ['127.0.0.1', webUrl.replace('//localhost:', '//127.0.0.1:')],
  ] as const;
  test.each(origins)(
    'on %s: after the login form no script sees a token; the portal navigates and writes',
    async (label, base) => {
      await withPage(async (page, context) => {
        const { email } = await createTestUser('SUPER_ADMIN');
        await signInThroughForm(page, base, email, DEMO_PASSWORD);
        await page.getByRole('heading', { name: /^Hola / }).waitFor();
        // What a script injected into the page could read: the sign-in marker, and no token.
        const scriptCookies = await page.evaluate(() => document.cookie);
        expect(scriptCookies).toContain(`${STORAGE_KEYS.signedInAt}=`);
        expect(scriptCookies).not.toContain('portal_session');
        expect(scriptCookies).not.toMatch(/eyJ[\w-]+\./);
        const host = new URL(base).hostname;
        const session = (await context.cookies()).filter(
          (c) => c.domain === host && c.name.startsWith('portal_session'),
        );
        expect(session.map((c) => c.name).sort()).toEqual([
          SESSION_COOKIES.access,
          ...REFRESH_COOKIE_PATHS.map(() => SESSION_COOKIES.refresh),
        ]);
        for (const c of session) expect([c.httpOnly, c.secure, c.sameSite]).toEqual([true, true, 'Strict']);

        // Navigate by clicking, then write: an industry added from the societies screen.
        await page.getByRole('link', { name: 'Panel de administración' }).click();
        const nav = page.getByRole('navigation', { name: 'Navegación de administración' });
        await nav.getByRole('link', { name: 'Sociedad', exact: true }).click();
        await page.waitForURL(`${base}/admin/society`);
        await page.getByRole('button', { name: 'Industrias' }).click();
        const name = `Industria ${randomUUID().slice(0, 8)}`;
        const dialog = page.getByRole('dialog', { name: 'Industrias' });
        await dialog.getByLabel('Nueva industria').fill(name);
        const created = page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/v1/societies/industry-type/') && response.request().method() === 'POST',
        );
        await dialog.getByRole('button', { name: 'Agregar' }).click();
        expect((await created).status()).toBe(201);
        await dialog.getByRole('table', { name: 'Industrias' }).getByText(name, { exact: true }).waitFor();
        await screenshot(page, `session-cookies-write-${label.replace(/\W/g, '')}`);
      });
    },
  );
});
