import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { expectFitsAndAccessible } from '../helpers/a11y';
import { signIn } from '../helpers/api';
import { launchBrowser, newPage, signInWithCookies } from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { newSociety } from '../helpers/societies';

/**
 * The users screens: a person two firms share, as firm A's PROJECT_ADMIN sees it. The list shows firm A's
 * society and offers neither the enable toggle nor the delete; the detail lists firm A's society only; the edit form keeps the account data read-only with a note saying why, says what the document
 * access checkbox opens (firm A's documents only), and saves that checkbox alone. At 1366 px and at 375 px, axe clean.
 */
const { webUrl, demo } = inject('portal');
let browser: Browser;
let person: { uuid: string; email: string };
let societyA: { uuid: string; society_business_name: string };
let societyB: { uuid: string; society_business_name: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const superAdmin = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
  person = await createTestUser('USER_SOCIETY', [demo.projects.andes, demo.projects.pacifico]);
  // One after the other: each join is conditioned on the person's version it read.
  societyA = await newSociety(superAdmin, demo.groups.norte, { user: [person.uuid] });
  societyB = await newSociety(superAdmin, demo.groups.costa, { user: [person.uuid] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const NOTE = 'Esta persona también pertenece a proyectos, grupos o sociedades que no administras.';

describe('a person two firms share, on firm A’s users screens', () => {
  test('detail shows firm A’s side only; edit saves the document access alone', { timeout: 90_000 }, async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    try {
      await signInWithCookies(context, webUrl, 'proyecto@demo.cl');
      // The list offers no enable toggle and no delete for an account that also belongs elsewhere.
      await page.goto(`${webUrl}/admin/users`);
      await page.getByLabel('Buscar usuario').fill(person.email);
      // The list reloads once the search is in the address: the row is the searched one from then on.
      await page.waitForURL((url) => url.hash.includes(`search=${encodeURIComponent(person.email)}`));
      const row = page.getByRole('table', { name: 'Usuarios' }).getByRole('row').filter({ hasText: person.email });
      await row.waitFor();
      await row.getByRole('cell', { name: societyA.society_business_name, exact: true }).waitFor();
      await row.getByRole('button', { name: /^Acciones de / }).click();
      await page.getByRole('menuitem', { name: 'Editar' }).waitFor();
      const offered = await page.getByRole('menuitem').allTextContents();
      expect(offered).not.toContain('Deshabilitar');
      expect(offered).not.toContain('Eliminar');
      await page.keyboard.press('Escape');

      await page.goto(`${webUrl}/admin/users/detail/${person.uuid}`);
      await page.getByText(societyA.society_business_name).waitFor();
      const shown = (await page.locator('main').textContent()) ?? '';
      for (const foreign of [societyB.society_business_name, 'Auditores del Pacífico', 'Grupo Costa']) {
        expect(shown).not.toContain(foreign);
      }

      await page.goto(`${webUrl}/admin/users/edit/${person.uuid}`);
      await page.getByText(NOTE).waitFor();
      for (const label of ['Nombre (*)', 'Apellidos (*)', 'Correo (*)', 'RUT', 'Teléfono', 'Cargo', 'Descripción']) {
        expect(await page.getByLabel(label, { exact: true }).getAttribute('readonly'), label).not.toBeNull();
      }
      expect(await page.getByText('Se aplica solo a los documentos de tu proyecto.').isVisible()).toBe(true);
      const access = page.getByRole('checkbox', { name: 'Acceso a documentos' });
      expect(await access.isChecked()).toBe(false);
      await expectFitsAndAccessible(page, 'users-edit-shared');

      // The box is drawn over its input: a person clicks its label.
      await page.getByText('Acceso a documentos', { exact: true }).click();
      expect(await access.isChecked()).toBe(true);
      const patch = page.waitForRequest(
        (r) => r.method() === 'PATCH' && r.url().includes(`/api/v1/users/user/${person.uuid}/`),
      );
      await page.getByRole('button', { name: 'Guardar usuario' }).click();
      const sent = JSON.parse((await patch).postData() ?? '{}');
      expect(Object.keys(sent).sort()).toEqual(['user_documentation', 'version']);
      expect(sent.user_documentation).toBe(true);
      await page.getByRole('heading', { name: 'Usuario guardado con éxito' }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('at 375 px the edit form shows the saved access, the note and read-only data', { timeout: 90_000 }, async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    try {
      await signInWithCookies(context, webUrl, 'proyecto@demo.cl');
      await page.goto(`${webUrl}/admin/users/edit/${person.uuid}`);
      await page.getByText(NOTE).waitFor();
      expect(await page.getByLabel('Nombre (*)').getAttribute('readonly')).not.toBeNull();
      expect(await page.getByRole('checkbox', { name: 'Acceso a documentos' }).isChecked()).toBe(true);
      await expectFitsAndAccessible(page, 'users-edit-shared-phone');
    } finally {
      await context.close();
    }
  });
});
