import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { expectFitsAndAccessible } from '../helpers/a11y';
import { DEMO_PASSWORD } from '../helpers/api';
import { clickNav, launchBrowser, newPage, signInWithCookies } from '../helpers/browser';
import { createTestUser } from '../helpers/db';

/**
 * Passkeys in Chromium with its virtual authenticator (CDP WebAuthn domain: a platform authenticator, CTAP2, resident
 * keys, user verification that always succeeds): a person reaches 'Mi perfil' from /home, creates a passkey (with its
 * current password), signs
 * out, and signs in again with 'Ingresar con llave de acceso' alone, landing on /home without a password; at 1366 and
 * 375 px, axe clean. A fresh person each, on the portal that is no firm's (a firm's domain is proved in the API tests).
 */
const { unbrandedWebUrl } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test.each([
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
])('a passkey made in Mi perfil signs in without a password ($width px)', async (viewport) => {
  const { email } = await createTestUser('USER_SOCIETY');
  const { context, page } = await newPage(browser, { viewport });
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await signInWithCookies(context, unbrandedWebUrl, email);
    await page.goto(`${unbrandedWebUrl}/home`);
    await clickNav(page, 'Mi perfil');
    await page.waitForURL(`${unbrandedWebUrl}/userinfo`);
    const card = page.getByTestId('passkeys');
    await card.getByText('Aún no tienes llaves de acceso.').waitFor();

    // Without a name the form says what is missing; with one the device makes the passkey.
    await card.getByRole('button', { name: 'Crear llave de acceso' }).click();
    await card.getByText('Escribe un nombre para reconocer esta llave.').waitFor();
    await card.getByText('Ingresa tu contraseña actual.').waitFor();
    await card.getByLabel('Nombre de la llave').fill('Mi notebook');
    // The current password is asked: a session alone does not make a passkey.
    await card.getByLabel('Tu contraseña actual', { exact: true }).fill(DEMO_PASSWORD);
    await card.getByRole('button', { name: 'Crear llave de acceso' }).click();
    await card.getByTestId('passkey-added').getByText('Tu llave de acceso quedó creada').waitFor();
    const item = card.getByTestId('passkey-item');
    await item.getByText('Mi notebook').waitFor();
    await item.getByText('Aún sin usar').waitFor();
    await expect(item.getByText(`Portal: ${new URL(unbrandedWebUrl).hostname}`).isVisible()).resolves.toBe(true);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    await expectFitsAndAccessible(page, `passkeys-account-${viewport.width}`);

    // Signed out (from /home: the page a session ends on is the one the next sign-in opens), the login offers the
    // passkey: no e-mail, no password, no code.
    await clickNav(page, 'Inicio');
    await page.waitForURL(`${unbrandedWebUrl}/home`);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión en el portal' }).click();
    await page.goto(`${unbrandedWebUrl}/login`);
    const passkeyButton = page.getByRole('button', { name: 'Ingresar con llave de acceso' });
    await passkeyButton.waitFor();
    await expectFitsAndAccessible(page, `passkeys-login-${viewport.width}`);
    const signedIn = page.waitForResponse(
      (response) => response.url().includes('/api/v1/token/passkey') && !response.url().includes('options'),
    );
    await passkeyButton.click();
    const answer = await signedIn;
    expect(answer.status(), await answer.text()).toBe(200);
    await page.waitForURL(`${unbrandedWebUrl}/home`);

    // The list shows its use.
    await clickNav(page, 'Mi perfil');
    await page
      .getByTestId('passkey-item')
      .getByText(/Último uso: /)
      .waitFor();
  } finally {
    await context.close();
  }
});
