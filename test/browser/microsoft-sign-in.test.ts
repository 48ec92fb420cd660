import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { DEMO_MICROSOFT_PEOPLE, DEMO_TENANTS } from '../../local/microsoft-stand-in';
import * as registration from '../../shared/contracts/registration';
import { expectFitsAndAccessible } from '../helpers/a11y';
import { call, signIn } from '../helpers/api';
import { launchBrowser, newPage, signInWithCookies } from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { unique } from '../helpers/fresh';

/**
 * Microsoft sign-in in Chromium, through the whole redirect flow: the branded login's button, the local Entra ID
 * stand-in's own login page (local/microsoft-stand-in.ts: oidc-provider's, in English, not the portal's), and back.
 * The demo's first firm (on the test portal's address) has it on; the second firm's portal (127.0.0.1) does not.
 */
const { webUrl, unbrandedWebUrl, demo } = inject('portal');
const otherFirm = webUrl.replace('//localhost:', '//127.0.0.1:');
let browser: Browser;
let invited: string;
let superAdminEmail: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // A SUPER_ADMIN of this file's own invites: another file may end the demo one's sessions meanwhile.
  superAdminEmail = (await createTestUser('SUPER_ADMIN')).email;
  const superAdmin = (await signIn(superAdminEmail)).access;
  invited = `invitada-${unique()}@${DEMO_TENANTS.andes.domains[0]}`;
  const body = { user_role: 'USER_SOCIETY', email: invited, society: [demo.societies.minera] };
  expect((await call(registration.generateInvitation, { token: superAdmin, body })).status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
});

/** On the stand-in's page: the person's e-mail as its login, any password, 'Sign-in'. */
async function microsoftPage(page: Page, email: string) {
  await page.waitForURL((url) => url.pathname.includes(`/${DEMO_TENANTS.andes.id}/v2.0/`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('cualquiera');
  await page.locator('button[type="submit"]').click();
}

describe("the firm's setting", () => {
  test.each([
    [1366, 900],
    [375, 800],
  ])("the SUPER_ADMIN sees it in the project wizard's 'Inicio de sesión' (%i px)", async (width, height) => {
    const { context, page } = await newPage(browser, { viewport: { width, height } });
    try {
      // Through the unbranded portal, where a SUPER_ADMIN's session is bound (no firm's).
      await signInWithCookies(context, unbrandedWebUrl, superAdminEmail);
      await page.goto(`${unbrandedWebUrl}/admin/projects/edit/${demo.projects.andes}`);
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.locator('[aria-current="step"]', { hasText: 'Inicio de sesión' }).waitFor();
      const mode = page.getByLabel('Ingreso con Microsoft');
      expect(await mode.inputValue()).toBe('TENANT');
      expect(await page.getByLabel('ID del inquilino (tenant) de Microsoft Entra ID').inputValue()).toBe(
        DEMO_TENANTS.andes.id,
      );
      // A malformed tenant id is named before anything is sent.
      await page.getByLabel('ID del inquilino (tenant) de Microsoft Entra ID').fill('no-es-un-id');
      await page.getByText('Ingresa el ID del inquilino tal como lo muestra Microsoft Entra ID').waitFor();
      await mode.selectOption({ label: 'Cualquier cuenta de Microsoft' });
      expect(await page.getByLabel('ID del inquilino (tenant) de Microsoft Entra ID').count()).toBe(0);
      await expectFitsAndAccessible(page, `microsoft-wizard-${width}`);
    } finally {
      await context.close();
    }
  });
});

describe('Microsoft sign-in through the local Entra ID', () => {
  test('an invited person lands signed in (1366 px)', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    try {
      await page.goto(`${webUrl}/login`);
      const button = page.getByRole('link', { name: 'Ingresar con Microsoft' });
      await button.waitFor();
      await expectFitsAndAccessible(page, 'microsoft-login-1366');
      await button.click();
      await microsoftPage(page, invited);
      await page.waitForURL(`${webUrl}/home`);
      // Signed in as the invited person: the invitation became its account, named from Microsoft's claims.
      await page
        .getByText(invited.split('@')[0]?.split('-')[0] ?? '', { exact: false })
        .first()
        .waitFor();
      expect(page.url()).toBe(`${webUrl}/home`);
    } finally {
      await context.close();
    }
  });

  test('an unknown person is refused with the reason (375 px)', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      await page.goto(`${webUrl}/login`);
      await page.getByRole('link', { name: 'Ingresar con Microsoft' }).click();
      await microsoftPage(page, DEMO_MICROSOFT_PEOPLE.unknown);
      const alert = page.getByTestId('login-error');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('Tu cuenta de Microsoft no está invitada a este portal.');
      // The code left the address bar.
      expect(page.url()).toBe(`${webUrl}/login`);
      await expectFitsAndAccessible(page, 'microsoft-refused-375');
    } finally {
      await context.close();
    }
  });

  test("another firm's portal refuses: no button there, and its start sends back with the reason", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      await page.goto(`${otherFirm}/login`);
      await page.getByRole('heading', { name: 'Ingresa a tu cuenta' }).waitFor();
      expect(await page.getByRole('link', { name: 'Ingresar con Microsoft' }).count()).toBe(0);
      // The first firm's link followed on the second firm's portal.
      await page.goto(`${otherFirm}/api/v1/token/microsoft/`);
      const alert = page.getByTestId('login-error');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('Este portal no tiene habilitado el ingreso con Microsoft.');
      expect(page.url()).toBe(`${otherFirm}/login`);
      await expectFitsAndAccessible(page, 'microsoft-other-firm-375');
    } finally {
      await context.close();
    }
  });
});
