import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { postToken } from '../../shared/contracts/auth';
import { createProject } from '../../shared/contracts/projects';
import { expectFitsAndAccessible } from '../helpers/a11y';
import { call, ok, signIn } from '../helpers/api';
import { clickNav, launchBrowser, newPage, signInWithCookies } from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { unique } from '../helpers/fresh';

/**
 * The sign-in history in the SPA: a firm's admin opens a client's detail and reads its sign-ins ('Historial de
 * ingresos': the way in, a refusal's reason, the address; 'Ver más' for older ones); the client reads its own in
 * 'Mi perfil' ('Tus últimos ingresos'), reached from /home; at 1366 and 375 px, axe clean.
 */
const { unbrandedWebUrl: webUrl } = inject('portal');
let browser: Browser;
let admin: { email: string };
let client: { uuid: string; email: string };

const REFUSED_IP = '10.9.8.7';
/** One page of the SPA's history holds ten: the refusal, older than ten sign-ins, waits behind 'Ver más'. */
const SIGN_INS = 10;

beforeAll(async () => {
  browser = await launchBrowser();
  const superAdmin = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
  const projectAdmin = await createTestUser('PROJECT_ADMIN');
  const body = {
    project_name: `Firma ingresos ${unique()}`,
    client_name: 'Cliente SpA',
    associated_service_description: 'Contabilidad',
    service_description: 'Portal',
    admin: [projectAdmin.uuid],
  };
  const project = ok('project', await call(createProject, { token: superAdmin, body })).uuid;
  admin = projectAdmin;
  client = await createTestUser('USER_SOCIETY', [project]);
  const refused = await call(postToken, { ip: REFUSED_IP, body: { email: client.email, password: 'No.Es.La.Clave1' } });
  expect(refused.status).toBe(401);
  for (let n = 0; n < SIGN_INS; n += 1) await signIn(client.email);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
];

test.each(VIEWPORTS)("an admin reads a user's sign-ins in its detail ($width px)", async (viewport) => {
  const { context, page } = await newPage(browser, { viewport });
  try {
    await signInWithCookies(context, webUrl, admin.email);
    await page.goto(`${webUrl}/admin/users/detail/${client.uuid}`);
    const history = page.getByTestId('sign-in-history');
    await history.waitFor();
    await expect(page.getByText('Historial de ingresos').first().isVisible()).resolves.toBe(true);
    const events = history.getByTestId('sign-in-event');
    await expect(events.count()).resolves.toBe(SIGN_INS);
    const first = events.first();
    await expect(first.getByText('Ingreso', { exact: false }).first().isVisible()).resolves.toBe(true);
    await expect(first.getByTestId('sign-in-method').textContent()).resolves.toBe('Forma de ingreso: Contraseña');
    // Chilean date and time ('28-11-2026, 00:40').
    await expect(first.locator('time').textContent()).resolves.toMatch(/^\d{2}-\d{2}-\d{4},? \d{2}:\d{2}$/);
    await expectFitsAndAccessible(page, `sign-in-history-admin-${viewport.width}`);

    // The older refusal comes with 'Ver más', with its reason and the address it came from.
    await history.getByRole('button', { name: 'Ver más' }).click();
    const refusal = history.locator('[data-action="LOGIN_REFUSED"]');
    await refusal.waitFor();
    await expect(events.count()).resolves.toBe(SIGN_INS + 1);
    await expect(refusal.getByText('Ingreso rechazado').isVisible()).resolves.toBe(true);
    await expect(refusal.getByTestId('sign-in-reason').textContent()).resolves.toBe(
      'Motivo: Correo o contraseña incorrectos',
    );
    await expect(refusal.getByText(`Dirección IP: ${REFUSED_IP}`).isVisible()).resolves.toBe(true);
    await expect(history.getByRole('button', { name: 'Ver más' }).count()).resolves.toBe(0);
    await expectFitsAndAccessible(page, `sign-in-history-admin-more-${viewport.width}`);
  } finally {
    await context.close();
  }
});

test.each(VIEWPORTS)("a person reads its own sign-ins in 'Mi perfil' ($width px)", async (viewport) => {
  const { context, page } = await newPage(browser, { viewport });
  try {
    await signInWithCookies(context, webUrl, client.email);
    await page.goto(`${webUrl}/home`);
    await clickNav(page, 'Mi perfil');
    await page.waitForURL(`${webUrl}/userinfo`);
    const card = page.getByTestId('own-sign-ins');
    await card.getByRole('heading', { name: 'Tus últimos ingresos' }).waitFor();
    const first = card.getByTestId('sign-in-event').first();
    await first.waitFor();
    await expect(first.getByTestId('sign-in-method').textContent()).resolves.toBe('Forma de ingreso: Contraseña');
    await expect(card.getByRole('button', { name: 'Ver más' }).isVisible()).resolves.toBe(true);
    await expectFitsAndAccessible(page, `sign-in-history-own-${viewport.width}`);
  } finally {
    await context.close();
  }
});
