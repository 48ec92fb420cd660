import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, test } from 'vitest';
import { postToken } from '../../shared/contracts/auth';
import { call } from '../helpers/api';
import { backgroundHex, launchBrowser, newPage, screenshot } from '../helpers/browser';

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

describe.concurrent('branded login', () => {
  test.for([
    [webUrl, 'Contadores Andes', '#005a9f', 'login-contadores-andes'],
    [otherOrigin, 'Auditores del Pacífico', '#0f7b5f', 'login-auditores-del-pacifico'],
  ] as const)('%s shows %s in its colour %s', async ([origin, project, colour, shot], { expect }) => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${origin}/`);
      await page.getByRole('heading', { name: 'Ingresa a tu cuenta' }).waitFor();
      expect(await page.getByRole('heading', { name: project }).isVisible()).toBe(true);
      expect(await page.title()).toBe(`Portal ${project}`);
      expect(await backgroundHex(page, 'button[type=submit]')).toBe(colour);
      expect(await page.getByLabel('Recordarme').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).getAttribute('href')).toBe(
        '/forgottenPassword',
      );
      expect(await page.getByRole('button', { name: 'Ingresar con Microsoft' }).isDisabled()).toBe(true);
      expect(await page.getByText(`© ${new Date().getFullYear()}`).isVisible()).toBe(true);
      // The branding is kept for the next load.
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('branding') ?? 'null'));
      expect(stored?.project_name).toBe(project);
      await screenshot(page, shot);
    } finally {
      await context.close();
    }
  });

  test('with no project for the origin, the stored branding goes and the plain login shows in #005A9F', async ({
    expect,
  }) => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${otherOrigin}/`);
      await page.getByRole('heading', { name: 'Ingresa a tu cuenta' }).waitFor();
      await page.route('**/api/v1/personalization/login/', (route) =>
        route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":"NOT_FOUND"}' }),
      );
      await page.reload();
      await page.getByRole('heading', { name: 'Bienvenido' }).waitFor();
      expect(await page.getByText('Ingresa a tu cuenta').count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('branding'))).toBeNull();
      expect(await page.title()).toBe('Portal');
      expect(await backgroundHex(page, 'button[type=submit]')).toBe('#005a9f');
      await screenshot(page, 'login-plain');
    } finally {
      await context.close();
    }
  });
});

describe.concurrent('refusals, in Spanish', () => {
  test('a wrong password', async ({ expect }) => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${webUrl}/login`);
      await page.getByLabel('Correo electrónico').fill('usuariogrupo@demo.cl');
      await page.getByLabel('Contraseña', { exact: true }).fill('Incorrecta.1');
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      const alert = page.getByTestId('login-error');
      await alert.waitFor();
      expect((await alert.innerText()).trim()).toBe('¡Vaya! El correo y/o contraseña no son válidos.');
      expect(page.url()).toBe(`${webUrl}/login`);
    } finally {
      await context.close();
    }
  });

  test('empty fields are named without calling the API', async ({ expect }) => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${webUrl}/`);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.getByText('Oops! Este campo es obligatorio, por favor complete email').waitFor();
      expect(await page.getByText('Oops! Este campo es obligatorio, por favor complete contraseña').isVisible()).toBe(
        true,
      );
    } finally {
      await context.close();
    }
  });

  test('too many attempts shows the wait as m:ss', async ({ expect }) => {
    const email = `bloqueo-${Date.now()}@demo.cl`;
    for (let i = 0; i < 5; i++) await call(postToken, { body: { email, password: 'Incorrecta.1' } });
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${webUrl}/`);
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('Incorrecta.1');
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      const alert = page.getByTestId('login-error');
      await alert.waitFor();
      expect((await alert.innerText()).trim()).toMatch(/^Demasiados intentos\. Por favor, espere [45]:\d\d\.$/);
    } finally {
      await context.close();
    }
  });
});
