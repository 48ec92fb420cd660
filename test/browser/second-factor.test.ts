import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { epochSeconds } from '../../functions/lib/data/table';
import { createProject } from '../../shared/contracts/projects';
import { expectFitsAndAccessible } from '../helpers/a11y';
import { call, DEMO_PASSWORD, ok, signIn } from '../helpers/api';
import { launchBrowser, newPage, signInWithCookies } from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { unique } from '../helpers/fresh';

/**
 * The second factor in Chromium: the SUPER_ADMIN makes it mandatory for a firm's admins in the project wizard; the
 * firm's admin is sent to enrolment at its next sign-in, scans (reads) the key shown, activates with a code computed
 * here and keeps its recovery codes; then signs in with a code after a wrong one refused in Spanish; on a phone a
 * recovery code works once and is refused the second time; the SUPER_ADMIN resets the factor from the user's detail.
 * Codes come from otplib for the server's clock (functions/lib/clock.ts, not moved here); the next step's code stands
 * for the app's next one (the server admits a phone's clock 30 s ahead).
 */
const { webUrl, unbrandedWebUrl } = inject('portal');
let browser: Browser;
let project: string;
let admin: { uuid: string; email: string };
/** A SUPER_ADMIN of this file's own: another file may end the demo one's sessions while these run. */
let superAdminEmail: string;

beforeAll(async () => {
  browser = await launchBrowser();
  superAdminEmail = (await createTestUser('SUPER_ADMIN')).email;
  const superAdmin = (await signIn(superAdminEmail)).access;
  admin = await createTestUser('PROJECT_ADMIN');
  const body = {
    project_name: `Firma Dos Pasos ${unique()}`,
    client_name: 'Cliente SpA',
    associated_service_description: 'Contabilidad',
    service_description: 'Portal',
    admin: [admin.uuid],
  };
  project = ok('project', await call(createProject, { token: superAdmin, body })).uuid;
});
afterAll(async () => {
  await browser?.close();
});

const codeOf = (secret: string, ahead = 0) => generate({ secret, epoch: epochSeconds() + 30 * ahead });

/** The firm's admin types its password on the unbranded portal (the demo names brand other firms). */
async function password(page: Page) {
  await page.goto(`${unbrandedWebUrl}/login`);
  await page.getByLabel('Correo electrónico').fill(admin.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

let secret = '';
let recovery: string[] = [];

test('a firm that makes it mandatory sends its admin to enrolment; a wrong code is refused in Spanish, a right one signs in', async () => {
  // The SUPER_ADMIN sets the policy on the project, in the wizard's 'Inicio de sesión' step.
  const sa = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    await signInWithCookies(sa.context, webUrl, superAdminEmail);
    await sa.page.goto(`${webUrl}/admin/projects/edit/${project}`);
    await sa.page.getByRole('button', { name: 'Siguiente' }).click();
    await sa.page.locator('[aria-current="step"]', { hasText: 'Inicio de sesión' }).waitFor();
    await sa.page.getByLabel('Verificación en dos pasos obligatoria para').selectOption({ label: 'Administradores' });
    const saved = sa.page.waitForResponse(
      (r) => r.url().includes(`/api/v1/projects/project/${project}`) && r.request().method() === 'PATCH',
    );
    await sa.page.getByRole('button', { name: 'Siguiente' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect((await answer.json()).mfa_policy).toBe('ADMINS');
  } finally {
    await sa.context.close();
  }

  const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    await password(page);
    await page.getByRole('heading', { name: 'Activa la verificación en dos pasos' }).waitFor();
    await page.getByRole('img', { name: 'Código QR para tu aplicación de autenticación' }).waitFor();
    secret = ((await page.getByTestId('second-factor-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(page.url()).toBe(`${unbrandedWebUrl}/login`);
    await expectFitsAndAccessible(page, 'second-factor-enrol-1366');

    await page.getByLabel('Código de verificación').fill(await codeOf(secret));
    await page.getByRole('button', { name: 'Activar' }).click();
    // The codes, or the refusal said on the page (its text is the failure's message).
    const refused = page.getByTestId('second-factor-error');
    await page.getByRole('heading', { name: 'Guarda tus códigos de recuperación' }).or(refused).first().waitFor();
    expect(await refused.allTextContents()).toEqual([]);
    recovery = await page
      .getByRole('list', { name: 'Códigos de recuperación' })
      .getByRole('listitem')
      .allTextContents();
    expect(recovery).toHaveLength(10);
    await expectFitsAndAccessible(page, 'second-factor-recovery-codes-1366');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(`${unbrandedWebUrl}/home`);
  } finally {
    await context.close();
  }

  const next = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    await password(next.page);
    await next.page.getByRole('heading', { name: 'Verificación en dos pasos' }).waitFor();
    // Five minutes old: outside the window a phone's clock is given.
    await next.page.getByLabel('Código de verificación').fill(await codeOf(secret, -10));
    await next.page.getByRole('button', { name: 'Verificar' }).click();
    await next.page
      .getByTestId('second-factor-error')
      .getByText('¡Oops! El código no es válido. Revisa tu aplicación de autenticación e inténtalo de nuevo.')
      .waitFor();
    await expectFitsAndAccessible(next.page, 'second-factor-wrong-code-1366');
    await next.page.getByLabel('Código de verificación').fill(await codeOf(secret, 1));
    await next.page.getByRole('button', { name: 'Verificar' }).click();
    await next.page.waitForURL(`${unbrandedWebUrl}/home`);
  } finally {
    await next.context.close();
  }
});

test('on a phone a recovery code signs in once and is refused the second time; the SUPER_ADMIN resets the factor', async () => {
  expect(recovery).toHaveLength(10);
  const code = recovery[0] as string;
  const enterRecoveryCode = async (page: Page) => {
    await password(page);
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await page.getByLabel('Código de recuperación').fill(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
  };
  const first = await newPage(browser, { viewport: { width: 375, height: 812 } });
  try {
    await password(first.page);
    await first.page.getByRole('heading', { name: 'Verificación en dos pasos' }).waitFor();
    await expectFitsAndAccessible(first.page, 'second-factor-code-375');
    await first.page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await first.page.getByLabel('Código de recuperación').fill(code);
    await first.page.getByRole('button', { name: 'Verificar' }).click();
    await first.page.waitForURL(`${unbrandedWebUrl}/home`);
  } finally {
    await first.context.close();
  }
  const second = await newPage(browser, { viewport: { width: 375, height: 812 } });
  try {
    await enterRecoveryCode(second.page);
    await second.page
      .getByTestId('second-factor-error')
      .getByText('¡Oops! El código no es válido.', { exact: false })
      .waitFor();
    expect(second.page.url()).toBe(`${unbrandedWebUrl}/login`);
    await expectFitsAndAccessible(second.page, 'second-factor-recovery-refused-375');
  } finally {
    await second.context.close();
  }

  // A lost phone: the SUPER_ADMIN resets the factor on the user's detail, after a confirmation.
  const sa = await newPage(browser, { viewport: { width: 375, height: 812 } });
  try {
    await signInWithCookies(sa.context, webUrl, superAdminEmail);
    await sa.page.goto(`${webUrl}/admin/users/detail/${admin.uuid}`);
    await sa.page.getByText('Activa', { exact: true }).waitFor();
    await sa.page.getByRole('button', { name: 'Restablecer verificación en dos pasos' }).click();
    const dialog = sa.page.getByRole('dialog', { name: 'Restablecer verificación en dos pasos' });
    await dialog.getByRole('button', { name: 'Restablecer verificación en dos pasos' }).click();
    await sa.page.getByRole('status').getByText('Verificación en dos pasos restablecida.').waitFor();
    await sa.page.getByText('No activada', { exact: true }).waitFor();
    await expectFitsAndAccessible(sa.page, 'second-factor-reset-375');
  } finally {
    await sa.context.close();
  }
  // The next sign-in enrols again.
  const after = await newPage(browser, { viewport: { width: 375, height: 812 } });
  try {
    await password(after.page);
    await after.page.getByRole('heading', { name: 'Activa la verificación en dos pasos' }).waitFor();
    await after.page.getByTestId('second-factor-secret').waitFor();
    await expectFitsAndAccessible(after.page, 'second-factor-enrol-375');
  } finally {
    await after.context.close();
  }
});
