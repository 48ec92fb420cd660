import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { epochSeconds } from '../../functions/lib/data/table';
import { postToken } from '../../shared/contracts/auth';
import { createProject } from '../../shared/contracts/projects';
import { expectFitsAndAccessible } from '../helpers/a11y';
import { call, DEMO_PASSWORD, ok, signIn } from '../helpers/api';
import { launchBrowser, newPage, signInWithCookies } from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { unique } from '../helpers/fresh';

/**
 * The second factor turned on from 'Mi perfil' in Chromium, at 1366 and 375 px: a client of a firm that asks for none
 * sees 'No activada', activates with the key shown and a code computed here with otplib for the server's clock, keeps
 * its ten recovery codes, sees 'Activa', and its next password sign-in asks for a code.
 */
// The unbranded portal: the demo's branded one admits only its own firm's people.
const { unbrandedWebUrl: webUrl } = inject('portal');
let browser: Browser;
let project: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const superAdmin = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
  const admin = await createTestUser('PROJECT_ADMIN');
  const body = {
    project_name: `Firma Voluntaria ${unique()}`,
    client_name: 'Cliente SpA',
    associated_service_description: 'Contabilidad',
    service_description: 'Portal',
    admin: [admin.uuid],
    mfa_policy: 'NONE',
  };
  project = ok('project', await call(createProject, { token: superAdmin, body })).uuid;
});
afterAll(async () => {
  await browser?.close();
});

test.each([
  [1366, 900],
  [375, 800],
])('at %i px a client turns it on from Mi perfil and keeps its recovery codes', async (width, height) => {
  const client = await createTestUser('USER_SOCIETY', [project]);
  const { context, page } = await newPage(browser, { viewport: { width, height } });
  try {
    await signInWithCookies(context, webUrl, client.email);
    await page.goto(`${webUrl}/userinfo`);
    const card = page.getByTestId('second-factor');
    await expect.poll(() => card.getByTestId('second-factor-status').textContent()).toBe('No activada');
    await card.getByRole('button', { name: 'Activar' }).click();
    const secret = (await card.getByTestId('second-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect.poll(() => card.getByRole('img', { name: /Código QR/ }).isVisible()).toBe(true);
    await expectFitsAndAccessible(page, `second-factor-voluntary-enrol-${width}`);

    // A wrong code is refused in Spanish and the factor stays off.
    const right = await generate({ secret, epoch: epochSeconds() });
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    await card.getByLabel('Código de verificación').fill(wrong);
    await card.getByRole('button', { name: 'Activar' }).click();
    await expect.poll(() => card.getByTestId('second-factor-error').textContent()).toContain('El código no es válido');

    await card.getByLabel('Código de verificación').fill(await generate({ secret, epoch: epochSeconds() }));
    await card.getByRole('button', { name: 'Activar' }).click();
    const codes = card.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    await expect.poll(() => card.getByTestId('second-factor-status').textContent()).toBe('Activa');
    await expectFitsAndAccessible(page, `second-factor-voluntary-recovery-codes-${width}`);
    await card.getByRole('button', { name: 'Listo' }).click();
    await expect.poll(() => codes.count()).toBe(0);
  } finally {
    await context.close();
  }
  const next = await call(postToken, { body: { email: client.email, password: DEMO_PASSWORD } });
  expect(next.body.access).toBeUndefined();
  expect(next.body.second_factor?.step).toBe('VERIFY');
});
