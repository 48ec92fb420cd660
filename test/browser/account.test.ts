import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { postToken } from '../../shared/contracts/auth';
import { generateInvitation } from '../../shared/contracts/registration';
import { seriousViolations, settled } from '../helpers/a11y';
import { call, DEMO_PASSWORD, signIn } from '../helpers/api';
import { launchBrowser, newPage, screenshot, signInThroughForm, signInWithCookies } from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { newEmail } from '../helpers/fresh';
import { mailedInvitationToken, mailedResetToken } from '../helpers/mail';

/**
 * The account pages (portal spec §2 'Registration by invitation', 'Password recovery', /changePassword, /userinfo):
 * an invited user registers through the mailed link and signs in; then recovers the password through the mail.
 */
const { webUrl, demo } = inject('portal');
const FIRST_PASSWORD = 'Registro.Uno1';
const RESET_PASSWORD = 'Recupera.Dos2';
const CHANGED_PASSWORD = 'Cambiada.Tres3';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An invitation made through the API as a project admin; answers the /register token of its mail. */
async function invite(email: string): Promise<string> {
  const { access } = await signIn('proyecto@demo.cl');
  const invited = await call(generateInvitation, {
    token: access,
    body: { user_role: 'USER_GROUP', email, group: [demo.groups.norte] },
  });
  expect(invited.status).toBe(201);
  return await mailedInvitationToken(email);
}

async function fieldError(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

describe('registration by invitation', () => {
  test('the mailed link opens the form; inline checks; register; sign in lands on /home', async () => {
    const email = newEmail('registro');
    const token = await invite(email);
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${webUrl}/register/${token}`);
      await page.getByRole('heading', { name: 'Registro' }).waitFor();
      await page.getByText(email, { exact: false }).waitFor();
      const submit = page.getByRole('button', { name: 'Finalizar registro' });
      expect(await submit.isDisabled()).toBe(true);

      await page.getByLabel('Nombre', { exact: true }).fill('Al');
      await fieldError(page, 'Debe tener entre 3 y 100 caracteres.');
      await page.getByLabel('Nombre', { exact: true }).fill('Ana María');
      expect(await page.getByText('Debe tener entre 3 y 100 caracteres.').count()).toBe(0);
      await page.getByLabel('Apellidos').fill('Pérez  Soto');
      await fieldError(page, 'Solo se permiten letras (con tildes) separadas por un espacio.');
      await page.getByLabel('Apellidos').fill('Pérez Soto');
      await page.getByLabel('RUT (opcional)').fill('12345678-4');
      await fieldError(page, 'El RUT no es válido');
      await page.getByLabel('Teléfono (opcional)').fill('+56 9');
      await page.getByLabel('Contraseña', { exact: true }).fill('corta');
      await page.getByLabel('Confirmar contraseña').fill('otra');
      await fieldError(page, 'Las contraseñas deben ser iguales');
      expect(await submit.isDisabled()).toBe(true);
      await screenshot(page, 'account-register-errors');

      // RUT and phone are optional: emptied, they pass.
      await page.getByLabel('RUT (opcional)').fill('');
      await page.getByLabel('Teléfono (opcional)').fill('+56911112222');
      await page.getByLabel('Contraseña', { exact: true }).fill(FIRST_PASSWORD);
      await page.getByLabel('Confirmar contraseña').fill(FIRST_PASSWORD);
      expect(await page.getByText('Las contraseñas deben ser iguales').count()).toBe(0);
      expect(await submit.isEnabled()).toBe(true);
      await screenshot(page, 'account-register-filled');
      await submit.click();

      // Signed in at once with the password just chosen, not sent back to the login.
      await page.waitForURL(`${webUrl}/home`);
      await page.getByRole('heading', { name: 'Hola Ana María' }).waitFor();
      await screenshot(page, 'account-register-signed-in');

      // The used link is spent, and says why: the account is active, sign in (not 'expired, ask for another').
      await page.goto(`${webUrl}/`);
      await context.clearCookies();
      await page.goto(`${webUrl}/register/${token}`);
      await page.waitForURL(`${webUrl}/expiredToken`);
      await page.getByRole('heading', { name: 'Tu cuenta ya está activa' }).waitFor();
      expect(await page.getByText(/Esta invitación ya fue aceptada/).isVisible()).toBe(true);
      await screenshot(page, 'account-expired-token');
      await page.getByRole('link', { name: 'Ir a inicio de sesión' }).click();
      await page.waitForURL(`${webUrl}/`);
    } finally {
      await context.close();
    }
  });
});

describe('password recovery tells no one who has an account', () => {
  test.each([
    ['desktop', { width: 1366, height: 768 }],
    ['phone', { width: 375, height: 812 }],
  ] as const)('a registered and an unknown address get the same page (%s), axe clean', async (name, viewport) => {
    const { context, page } = await newPage(browser, { viewport });
    try {
      const pages: string[] = [];
      for (const email of ['sociedad@demo.cl', newEmail('desconocido')]) {
        await page.goto(`${webUrl}/forgottenPassword`);
        await page.getByLabel('Correo electrónico').fill(email);
        await page.getByRole('button', { name: 'Enviar', exact: true }).click();
        await page.waitForURL(/\/SuccessEmail$/);
        await page.getByRole('heading', { name: 'Revisa tu correo' }).waitFor();
        await page
          .getByText('Si el correo está registrado, te enviaremos un enlace para crear una nueva contraseña.')
          .waitFor();
        await settled(page);
        pages.push(await page.locator('main').innerText());
      }
      expect(pages[0]).toBeTruthy();
      expect(pages[1]).toBe(pages[0]);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `account-forgotten-neutral-${name}`);
    } finally {
      await context.close();
    }
  });
});

describe('an invitation to an address that has an account', () => {
  test.each([
    ['1366 px', { width: 1366, height: 900 }],
    ['375 px', { width: 375, height: 800 }],
  ])(
    'at %s: only its password is asked; a wrong one is said; the right one joins and signs in',
    async (_, viewport) => {
      // A client of the other demo firm, invited by the first one as the same role.
      const person = await createTestUser('USER_GROUP', [demo.projects.pacifico]);
      const token = await invite(person.email);
      const { context, page } = await newPage(browser, { viewport });
      try {
        await page.goto(`${webUrl}/register/${token}`);
        await page.getByTestId('register-has-account').waitFor();
        expect(await page.getByTestId('register-has-account').textContent()).toBe(
          `Ya tienes una cuenta en el portal con ${person.email} (Usuario de grupos). Escribe tu contraseña para aceptar la invitación; tus datos y tu contraseña no cambian.`,
        );
        expect(await page.getByLabel('Nombre', { exact: true }).count()).toBe(0);
        expect(await page.getByLabel('Confirmar contraseña').count()).toBe(0);
        const accept = page.getByRole('button', { name: 'Aceptar invitación' });
        expect(await accept.isDisabled()).toBe(true);
        await settled(page);
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByLabel('Contraseña', { exact: true }).fill('Otra.Clave9');
        await accept.click();
        await page.getByText('La contraseña actual no es correcta.').waitFor();
        await screenshot(page, `account-join-wrong-password-${viewport.width}`);
        await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
        await accept.click();
        await page.waitForURL(`${webUrl}/home`);
        await page.getByRole('heading', { name: 'Hola Prueba' }).waitFor();
      } finally {
        await context.close();
      }
    },
  );
});

describe('password recovery and change', () => {
  test('forgotten password → mail → link → new password → sign in; then /userinfo and /changePassword', async () => {
    const email = newEmail('clave');
    const token = await invite(email);
    const { context, page } = await newPage(browser);
    try {
      // A quick registration through the form (the full checks are in the test above).
      await page.goto(`${webUrl}/register/${token}`);
      await page.getByLabel('Nombre', { exact: true }).fill('Bruno');
      await page.getByLabel('Apellidos').fill('Clave');
      await page.getByLabel('Contraseña', { exact: true }).fill(FIRST_PASSWORD);
      await page.getByLabel('Confirmar contraseña').fill(FIRST_PASSWORD);
      await page.getByRole('button', { name: 'Finalizar registro' }).click();
      // Registered and signed in; signed out again to use the login page's link.
      await page.waitForURL(`${webUrl}/home`);
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());

      // From the login page's link.
      await page.goto(`${webUrl}/login`);
      await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
      await page.waitForURL(`${webUrl}/forgottenPassword`);
      const send = page.getByRole('button', { name: 'Enviar', exact: true });
      expect(await send.isDisabled()).toBe(true);
      await page.getByLabel('Correo electrónico').fill('no-es-correo');
      await fieldError(page, 'El email debe tener el siguiente formato nombre@dominio.cl');
      expect(await send.isDisabled()).toBe(true);
      // An unknown address gets the very page a registered one gets: nothing tells them apart.
      await page.getByLabel('Correo electrónico').fill(newEmail('nadie'));
      await send.click();
      await page.waitForURL(/\/SuccessEmail$/);
      await page.getByRole('heading', { name: 'Revisa tu correo' }).waitFor();
      await page
        .getByText('Si el correo está registrado, te enviaremos un enlace para crear una nueva contraseña.')
        .waitFor();
      await screenshot(page, 'account-forgotten-unknown');
      await page.goto(`${webUrl}/forgottenPassword`);
      await page.getByLabel('Correo electrónico').fill(newEmail('bloqueo'));

      // The per-address lock, as the API words it (the throttle itself has API tests).
      await page.route('**/api/v1/users/password/reset/', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 429,
              contentType: 'application/json',
              body: JSON.stringify({ code: 'TOO_MANY_ATTEMPTS', remaining_time: 125 }),
            })
          : route.continue(),
      );
      await send.click();
      await page.getByText('Demasiados intentos. Por favor, espere 2:05.').waitFor();
      await page.unroute('**/api/v1/users/password/reset/');

      await page.getByLabel('Correo electrónico').fill(email);
      await send.click();
      await page.waitForURL(/\/SuccessEmail$/);
      await page.getByRole('heading', { name: 'Revisa tu correo' }).waitFor();
      await screenshot(page, 'account-success-email');

      const resetToken = await mailedResetToken(email);
      await page.goto(`${webUrl}/password_reset/${resetToken}`);
      await page.getByRole('heading', { name: 'Restablecer contraseña' }).waitFor();
      const change = page.getByRole('button', { name: 'Cambiar contraseña' });
      expect(await change.isDisabled()).toBe(true);
      await page.getByLabel('Nueva contraseña').fill(RESET_PASSWORD);
      await page.getByLabel('Confirmar contraseña').fill(`${RESET_PASSWORD}x`);
      await fieldError(page, 'Las contraseñas deben ser iguales');
      expect(await change.isDisabled()).toBe(true);
      await page.getByLabel('Confirmar contraseña').fill(RESET_PASSWORD);
      await screenshot(page, 'account-password-reset');
      await change.click();
      await page.waitForURL(`${webUrl}/SuccessResetPass`);
      await page.getByRole('heading', { name: 'Contraseña modificada con éxito' }).waitFor();
      await screenshot(page, 'account-success-reset');

      // The link is spent; a made-up one is refused too.
      await page.goto(`${webUrl}/password_reset/${resetToken}`);
      await page.waitForURL(`${webUrl}/expiredToken`);
      await page.goto(`${webUrl}/password_reset/no-existe-este-token-de-prueba`);
      await page.waitForURL(`${webUrl}/expiredToken`);

      // The old password no longer works; the new one does.
      expect((await call(postToken, { body: { email, password: FIRST_PASSWORD } })).status).toBe(401);
      await signInThroughForm(page, webUrl, email, RESET_PASSWORD);

      // Profile of a group user: no lists for this role (portal §6), '-' for missing phone and position.
      await page.goto(`${webUrl}/userinfo`);
      await page.getByRole('heading', { name: 'Mi perfil' }).waitFor();
      expect(await page.getByTestId('profile-name').textContent()).toBe('Bruno Clave');
      expect(await page.getByTestId('profile-phone').textContent()).toBe('-');
      expect(await page.getByTestId('profile-position').textContent()).toBe('-');
      expect(await page.getByTestId('profile-email').textContent()).toBe(email);
      expect(await page.getByTestId('profile-role').textContent()).toBe('Usuario de grupos');
      expect(await page.getByTestId('profile-projects').count()).toBe(0);

      // Avatar: a file that is not an image is refused in the browser, before any upload.
      const uploads: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && request.url().includes('/api/v1/users/')) uploads.push(request.url());
      });
      await page
        .getByTestId('avatar-input')
        .setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('no soy una imagen') });
      await page.getByTestId('avatar-errors').getByText('El archivo debe ser una imagen de máximo 2 MB.').waitFor();
      expect(await page.getByRole('button', { name: 'Confirmar' }).count()).toBe(0);
      expect(uploads).toEqual([]);
      // Then: choose, preview with confirm and cancel; cancel keeps the old one; confirm uploads.
      await page.getByTestId('avatar-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.getByRole('button', { name: 'Cambiar foto' }).waitFor();
      await page.getByTestId('avatar-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByTestId('avatar-saved').waitFor();
      await screenshot(page, 'account-userinfo');

      // Change password: a wrong current password is refused, so is the current one as the new one; a
      // change ends every session, this one too, and the login page says to sign in again.
      await page.getByRole('link', { name: 'Cambiar contraseña' }).click();
      await page.waitForURL(`${webUrl}/changePassword`);
      // The profile's passkey card asks 'Tu contraseña actual' too: the form is filled once its page shows.
      await page.getByRole('heading', { name: 'Cambiar contraseña' }).waitFor();
      await page.getByLabel('Contraseña actual', { exact: true }).fill('Otra.Clave1');
      await page.getByLabel('Nueva contraseña').fill(CHANGED_PASSWORD);
      await page.getByLabel('Confirmar contraseña').fill(CHANGED_PASSWORD);
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await page.getByText('La contraseña actual no es correcta.').waitFor();
      await page.getByLabel('Contraseña actual', { exact: true }).fill(RESET_PASSWORD);
      await page.getByLabel('Nueva contraseña').fill(RESET_PASSWORD);
      await page.getByLabel('Confirmar contraseña').fill(RESET_PASSWORD);
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await page.getByText('¡Oops! La contraseña ingresada debe ser diferente de la actual.').waitFor();
      await screenshot(page, 'account-change-password');
      await page.getByLabel('Nueva contraseña').fill(CHANGED_PASSWORD);
      await page.getByLabel('Confirmar contraseña').fill(CHANGED_PASSWORD);
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await page.getByTestId('session-notice').waitFor();
      expect(await page.getByTestId('session-notice').textContent()).toBe(
        'Contraseña modificada con éxito. Por seguridad, inicia sesión con tu nueva contraseña.',
      );
      expect(page.url()).toBe(`${webUrl}/`);
      expect((await signIn(email, CHANGED_PASSWORD)).access).toBeTruthy();
    } finally {
      await context.close();
    }
  });

  test("a super admin's profile lists projects, groups and societies", async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
      await page.goto(`${webUrl}/userinfo`);
      await page.getByTestId('profile-role').getByText('Super administrador').waitFor();
      await page.getByTestId('profile-projects').getByText('Contadores Andes').waitFor();
      await page.getByTestId('profile-groups').getByText('Grupo Norte').waitFor();
      await page.getByTestId('profile-societies').getByText('Minera Atacama SpA').waitFor();
      expect(await page.getByTestId('profile-phone').textContent()).toBe('+56912345678');
      await screenshot(page, 'account-userinfo-superadmin');
    } finally {
      await context.close();
    }
  });
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('my own data', () => {
  for (const width of [1366, 375]) {
    test(`at ${width} px a person edits its names and phone on /userinfo; a bad phone is named, nothing saved`, async () => {
      const person = await createTestUser('USER_SOCIETY', [demo.projects.andes], 'perfil');
      const { context, page } = await newPage(browser, { viewport: { width, height: 800 } });
      try {
        await signInWithCookies(context, webUrl, person.email);
        await page.goto(`${webUrl}/userinfo`);
        await page.getByRole('button', { name: 'Editar mis datos' }).click();
        const form = page.getByTestId('profile-form');
        await form.getByLabel('Nombre', { exact: true }).fill('Rocío');
        await form.getByLabel('Apellidos').fill('Núñez Ortúzar');
        await form.getByLabel('Teléfono (opcional)').fill('abc');
        await form.getByRole('button', { name: 'Guardar' }).click();
        // The API's field message names the phone (its length or its format).
        await form.getByText(/número de teléfono/).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await form.getByLabel('Teléfono (opcional)').fill('+56 9 1234 5678');
        await form.getByRole('button', { name: 'Guardar' }).click();
        await page.getByTestId('profile-saved').waitFor();
        await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Rocío Núñez Ortúzar');
        expect(await page.getByTestId('profile-phone').textContent()).toContain('1234');
        // The top bar's greeting and the API agree.
        const { access } = await signIn(person.email);
        const { getUserInfo } = await import('../../shared/contracts/auth');
        const info = await call(getUserInfo, { token: access });
        expect(info.body.user).toMatchObject({ first_name: 'Rocío', last_name: 'Núñez Ortúzar' });
        await screenshot(page, `account-my-data-${width}`);
      } finally {
        await context.close();
      }
    });
  }
});
