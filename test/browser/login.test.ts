import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { DEMO_PASSWORD } from '../helpers/api';
import { backgroundHex, launchBrowser, newPage, presetLocalStorage, screenshot } from '../helpers/browser';

/** The login page: branding per origin, and the Spanish texts of refusals (portal spec §2, §4, §8). */
const { webUrl } = inject('portal');
const otherOrigin = webUrl.replace('localhost', '127.0.0.1');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('branded login', () => {
  test.each([
    [webUrl, 'Contadores Andes', '#005a9f', 'login-contadores-andes'],
    [otherOrigin, 'Auditores del Pacífico', '#0f7b5f', 'login-auditores-del-pacifico'],
  ])('%s shows %s in its colour %s', async (origin, project, colour, shot) => {
    const { context, page } = await newPage(browser);
    try {
      // The footer's year comes from the browser's clock, so the test sets it rather than reading today's.
      await page.clock.setFixedTime(new Date('2031-06-15T12:00:00-04:00'));
      await page.goto(`${origin}/login`);
      await page.getByRole('heading', { name: 'Ingresa a tu cuenta' }).waitFor();
      expect(await page.getByRole('heading', { name: project }).isVisible()).toBe(true);
      expect(await page.title()).toBe(`Portal ${project}`);
      expect(await backgroundHex(page, 'button[type=submit]')).toBe(colour);
      expect(await page.getByLabel('Recordarme').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).getAttribute('href')).toBe(
        '/forgottenPassword',
      );
      // Microsoft sign-in shows where the firm turned it on (the demo's first firm: local/seed.ts).
      const microsoft = page.getByRole('link', { name: 'Ingresar con Microsoft' });
      expect(await microsoft.count()).toBe(project === 'Contadores Andes' ? 1 : 0);
      expect(await page.getByText('© 2031').isVisible()).toBe(true);
      // Everything the firm uploaded is used: the background image under the brand panel, the logo, the
      // icon as favicon, the site title and description; each image URL answers with a PNG.
      const background = await page
        .locator('.portal-brand-panel')
        .evaluate((panel) => getComputedStyle(panel).backgroundImage);
      const imageUrl = /url\("([^"]+)"\)/.exec(background)?.[1];
      expect(imageUrl, background).toBeTruthy();
      const logo = page.getByRole('img', { name: project, exact: false });
      await logo.waitFor();
      const logoUrl = await logo.getAttribute('src');
      await expect.poll(() => page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/icon-[^/]+\.png/);
      const iconUrl = await page.locator('link[rel="icon"]').getAttribute('href');
      for (const url of [imageUrl, logoUrl, iconUrl]) {
        // Outside the page: the assets bucket answers the page's <img> and CSS, not its fetch (no CORS for that).
        const answer = await page.request.get(url as string);
        expect(answer.headers()['content-type'], String(url)).toBe('image/png');
      }
      expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
        `Portal de clientes de ${project}`,
      );
      // The branding is kept for the next load.
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('branding') ?? 'null'));
      expect(stored?.project_name).toBe(project);
      await screenshot(page, shot);
    } finally {
      await context.close();
    }
  });

  test('with no project for the origin, the stored branding goes and the plain login shows in #005A9F', async () => {
    const { context, page } = await newPage(browser);
    try {
      // A branding stored by an earlier visit, then the API no longer knows the origin.
      await presetLocalStorage(context, {
        branding: JSON.stringify({ project_name: 'Antiguo', primary_color: '#0F7B5F', meta_title: 'Antiguo' }),
      });
      await page.route('**/api/v1/personalization/login/', (route) =>
        route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":"NOT_FOUND"}' }),
      );
      await page.goto(`${otherOrigin}/login`);
      await page.getByRole('heading', { name: 'Bienvenido' }).waitFor();
      expect(await page.getByText('Ingresa a tu cuenta').count()).toBe(0);
      expect(await page.getByLabel('Recordarme').count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('branding'))).toBeNull();
      expect(await page.title()).toBe('Portal');
      expect(await backgroundHex(page, 'button[type=submit]')).toBe('#005a9f');
      await screenshot(page, 'login-plain');
    } finally {
      await context.close();
    }
  });
});

describe('a signed-out unknown address', () => {
  test('says the page does not exist instead of showing the landing', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${webUrl}/no-existe`);
      await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
      expect(page.url()).toBe(`${webUrl}/no-existe`);
    } finally {
      await context.close();
    }
  });
});

describe('a signed-out deep link', () => {
  test('sends the visitor to sign in, then opens the page it asked for, not /home', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${webUrl}/support?slide=2`);
      await page.waitForURL(`${webUrl}/`);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).first().click();
      await page.waitForURL(`${webUrl}/login`);
      await page.getByLabel('Correo electrónico').fill('sociedad@demo.cl');
      await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.waitForURL(`${webUrl}/support?slide=2`);
      // Once: signing out and in again goes to /home.
      expect(await page.evaluate(() => sessionStorage.getItem('wanted_page'))).toBeNull();
    } finally {
      await context.close();
    }
  });
});

describe('refusals, in Spanish', () => {
  test('empty fields are named without calling the API; refusals get the spec messages', async () => {
    const { context, page } = await newPage(browser);
    try {
      const tokenCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/v1/token/')) tokenCalls.push(request.url());
      });
      await page.goto(`${webUrl}/login`);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.getByText('¡Oops! Este campo es obligatorio: completa correo electrónico').waitFor();
      expect(await page.getByText('¡Oops! Este campo es obligatorio: completa contraseña').isVisible()).toBe(true);
      expect(tokenCalls).toHaveLength(0);

      await page.getByLabel('Correo electrónico').fill('usuariogrupo@demo.cl');
      await page.getByLabel('Contraseña', { exact: true }).fill('Incorrecta.1');
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      const alert = page.getByTestId('login-error');
      await alert.waitFor();
      expect((await alert.textContent())?.trim()).toBe('¡Vaya! El correo y/o contraseña no son válidos.');
      expect(page.url()).toBe(`${webUrl}/login`);
      await screenshot(page, 'login-wrong-password');

      // The lock and server failures: the API's throttle has its own tests, here only the wording counts.
      const answers = [
        { status: 429, body: { code: 'TOO_MANY_ATTEMPTS', remaining_time: 299 } },
        { status: 500, body: { code: 'INTERNAL_ERROR' } },
      ];
      await page.route('**/api/v1/token/', (route) => {
        const answer = answers.shift() ?? { status: 500, body: {} };
        return route.fulfill({
          status: answer.status,
          contentType: 'application/json',
          body: JSON.stringify(answer.body),
        });
      });
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.getByText('Demasiados intentos. Por favor, espere 4:59.').waitFor();
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.getByText('¡Oops! Parece que algo salío mal. Por favor, vuelve a intentarlo más tarde.').waitFor();
    } finally {
      await context.close();
    }
  });
});
