import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { generateInvitation } from '../../shared/contracts/registration';
import { expectFitsAndAccessible } from '../helpers/a11y';
import { call, signIn } from '../helpers/api';
import { launchBrowser, newPage, signInWithCookies } from '../helpers/browser';
import { mailedInvitationToken } from '../helpers/mail';

/**
 * The back-office screens of a firm's setup, on a phone (the bar: "every screen works at 375 px and has no serious axe violation"):
 * the branded login preview of the project wizard's 'Diseño' step, the CSV import's per-row report with its links on,
 * and the registration page that names the inviting firm. Each is checked for horizontal overflow and for serious or
 * critical axe violations.
 */
const { webUrl, demo } = inject('portal');
const PHONE = { width: 375, height: 740 };
// A 1×1 PNG, for the logo and background the wizard previews.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.concurrent('back-office screens at 375 px', () => {
  test('the project wizard’s branded login preview', { timeout: 90_000 }, async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    try {
      await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
      await page.goto(`${webUrl}/admin/projects/create`);
      const next = page.getByRole('button', { name: 'Siguiente' });
      const name = `Móvil ${randomUUID().slice(0, 8)}`;
      await page.getByLabel('Nombre del proyecto (*)').fill(name);
      await page.getByLabel('Nombre del cliente (*)').fill('Cliente Móvil SpA');
      await page.getByLabel('Descripción del servicio asociado (*)').fill('Contabilidad');
      await page.getByLabel('Descripción del servicio (*)').fill('Portal de clientes');
      await page.getByLabel('Título del sitio').fill(`${name} | Portal`);
      await next.click();
      await page.locator('[aria-current="step"]', { hasText: 'Inicio de sesión' }).waitFor();
      await next.click();
      await page.locator('[aria-current="step"]', { hasText: 'Diseño' }).waitFor();
      await page
        .locator('input[type=file]')
        .first()
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      const preview = page.getByTestId('brand-preview');
      await preview.waitFor();
      expect(await page.getByTestId('brand-preview-title').textContent()).toContain(name);
      // The preview itself fits the phone.
      const box = await preview.boundingBox();
      expect(box?.width).toBeGreaterThan(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      await expectFitsAndAccessible(page, 'mobile-project-wizard-design-375');
    } finally {
      await context.close();
    }
  });

  test('the CSV import report and its links', { timeout: 90_000 }, async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    const email = `csv-movil-${randomUUID().slice(0, 8)}@demo.cl`;
    const csv = Buffer.from(
      [
        'email,first_name,last_name,rut_user,phone_number,user_role,project,group,society',
        `${email},Marta,Soto,,+56 9 4444 3333,USER_GROUP,Contadores Andes,Grupo Norte,`,
        'no-es-correo,Sin,Correo,,,USER_GROUP,Contadores Andes,Grupo Norte,',
      ].join('\n'),
    );
    try {
      await signInWithCookies(context, webUrl, 'proyecto@demo.cl');
      await page.goto(`${webUrl}/admin/users/import`);
      await page.getByRole('heading', { name: 'Importar usuarios' }).waitFor();
      await expectFitsAndAccessible(page, 'mobile-csv-import-form-375');
      await page
        .getByLabel('Archivo CSV (*)')
        .setInputFiles({ name: 'usuarios.csv', mimeType: 'text/csv', buffer: csv });
      await page.getByRole('button', { name: 'Importar usuarios' }).click();
      // A partial import: the report of each row, and the ways on.
      const results = page.getByTestId('import-results');
      await results.locator('[data-row="3"]').waitFor();
      const toPending = page.getByRole('link', { name: 'Ver invitaciones pendientes' });
      await toPending.waitFor();
      const linkBox = await toPending.boundingBox();
      expect((linkBox?.x ?? 0) + (linkBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      await expectFitsAndAccessible(page, 'mobile-csv-import-report-375');
    } finally {
      await context.close();
    }
  });

  test('the registration page that names the firm', { timeout: 90_000 }, async () => {
    const email = `registro-movil-${randomUUID().slice(0, 8)}@demo.cl`;
    const { access } = await signIn('proyecto@demo.cl');
    const invited = await call(generateInvitation, {
      token: access,
      body: { user_role: 'USER_GROUP', email, group: [demo.groups.norte] },
    });
    expect(invited.status).toBe(201);
    const token = await mailedInvitationToken(email);
    const { context, page } = await newPage(browser, { viewport: PHONE });
    try {
      await page.goto(`${webUrl}/register/${token}`);
      await page.getByText('Contadores Andes te invita a su portal de clientes').waitFor();
      const logo = page.getByRole('img', { name: 'Logo de Contadores Andes' });
      await logo.waitFor();
      const logoBox = await logo.boundingBox();
      expect((logoBox?.x ?? 0) + (logoBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      await expectFitsAndAccessible(page, 'mobile-registration-375');
    } finally {
      await context.close();
    }
  });
});
