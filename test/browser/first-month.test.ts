import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import * as projects from '../../shared/contracts/projects';
import { rutCheckDigit } from '../../shared/rut';
import { seriousViolations, settled } from '../helpers/a11y';
import { call, signIn } from '../helpers/api';
import { launchBrowser, newPage, pickOne, screenshot, signInWithCookies } from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { runDigest } from '../helpers/jobs';
import { bodyOf, tokenFrom, waitForMail, waitForMailWhere } from '../helpers/mail';
import { CHART_CSV, ledgerCsv } from '../integration/accounting-helpers';

/**
 * A firm's first month, as people do it: the new firm's admin (clicks only, from /home) creates a group, a society and
 * an invitation with document access, imports the chart and the ledger, uploads two documents at once and assigns the
 * four statements; the invited client registers (on a phone), gets the daily document digest, sees the documents and
 * the four statements, and shares a document. The firm has its own address (a `*.localhost` name of this portal).
 */
const { webUrl } = inject('portal');
const firmUrl = webUrl.replace('//localhost:', `//primer-mes-${randomUUID().slice(0, 6)}.localhost:`);
const PASSWORD = 'Primer.Mes2026';
const DAY = 86_400_000;
let browser: Browser;
const names = {
  firm: `Contadores Primer Mes ${randomUUID().slice(0, 6)}`,
  group: `Grupo Primer Mes ${randomUUID().slice(0, 4)}`,
  society: `Comercial Primer Mes ${randomUUID().slice(0, 4)} SpA`,
};
const rutBody = String(60_000_000 + Math.floor(Math.random() * 9_000_000));
const rut = `${rutBody}-${rutCheckDigit(rutBody)}`;
const clientEmail = `cliente-primer-mes-${randomUUID().slice(0, 8)}@demo.cl`;
let adminEmail = '';

beforeAll(async () => {
  browser = await launchBrowser();
  // The SUPER_ADMIN opens the firm and names its admin (its own screens are proven elsewhere).
  const admin = await createTestUser('PROJECT_ADMIN');
  adminEmail = admin.email;
  const created = await call(projects.createProject, {
    token: (await signIn('superadmin@demo.cl')).access,
    body: {
      project_name: names.firm,
      client_name: 'Primer Mes SpA',
      associated_service_description: 'Contabilidad',
      service_description: 'Portal de clientes',
      custom_portal_url: firmUrl,
      admin: [admin.uuid],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
});
afterAll(async () => {
  await browser?.close();
});

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Navegación de administración' });

/** An admin list from the admin menu, then its create page through `link`, once the list has loaded. */
async function openList(page: Page, label: string, path: string, link: string) {
  await adminNav(page).getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('table').first().getByRole('row').nth(1).waitFor();
  await page.getByRole('link', { name: link }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`${path}/`));
}

async function axeClean(page: Page, where: string) {
  await settled(page);
  expect(await seriousViolations(page), where).toEqual([]);
}

test('a new firm sets up its client, and the client uses the portal on a phone', { timeout: 300_000 }, async () => {
  const admin = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  const client = await newPage(browser, { viewport: { width: 375, height: 800 } });
  try {
    const page = admin.page;
    await signInWithCookies(admin.context, firmUrl, adminEmail);
    await page.goto(`${firmUrl}/home`);
    await page.getByRole('link', { name: 'Panel de administración' }).click();

    // A group.
    await openList(page, 'Grupos de sociedades', '/admin/group', '+ Crear');
    await page.getByLabel('Nombre del grupo (*)').fill(names.group);
    await page.getByLabel('Descripción del grupo (*)').fill('Clientes del primer mes');
    await pickOne(page, 'Proyecto (*)', names.firm, 'Primer Mes');
    await page.getByRole('button', { name: 'Crear grupo' }).click();
    await page.getByRole('heading', { name: 'Grupo creado con éxito' }).waitFor();

    // A society, in the group.
    await openList(page, 'Sociedad', '/admin/society', '+ Crear');
    await page.getByLabel('Razón social (*)').fill(names.society);
    await page.getByLabel('RUT', { exact: true }).fill(rut);
    await page.getByLabel('Giro (*)').fill('Comercio');
    await page.getByLabel('Código de empresa (*)').fill('CPM');
    await page.getByLabel('Correo de la sociedad (*)').fill('contacto@primermes.cl');
    await pickOne(page, 'Grupo (*)', names.group, 'Primer Mes');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByLabel('Nombre de contacto (*)').fill('Carla Contacto');
    await page.getByLabel('Teléfono (*)').fill('+56 9 2222 3333');
    await page.getByLabel('Panel tributario (*)').selectOption('True');
    await page.getByRole('button', { name: 'Crear sociedad' }).click();
    await page.getByRole('heading', { name: 'Sociedad creada con éxito' }).waitFor();

    // The client's invitation, with access to documents (on unless turned off).
    await openList(page, 'Usuarios', '/admin/users', 'Invitar');
    await page.getByLabel('Rol (*)').selectOption({ label: 'Usuario de sociedad' });
    await page.getByLabel('Correo (*)').fill(clientEmail);
    await page.getByRole('group', { name: 'Sociedades (*)' }).getByText(names.society).click();
    expect(await page.getByLabel('Acceso a documentos').isChecked()).toBe(true);
    await axeClean(page, 'invitation form');
    await page.getByRole('button', { name: 'Invitar usuario' }).click();
    await page.getByRole('heading', { name: 'Usuario invitado con éxito' }).waitFor();

    // The chart, then the ledger.
    await adminNav(page).getByRole('link', { name: 'Importar contabilidad' }).click();
    await page.getByLabel('Sociedad').selectOption({ label: names.society });
    const report = page.getByTestId('import-report');
    for (const [kind, file, content, rows] of [
      ['Plan de cuentas', 'plan.csv', CHART_CSV, /importado con éxito/],
      ['Libro diario', 'libro.csv', ledgerCsv(rut), /importado con éxito/],
    ] as const) {
      await page.getByLabel('Archivo', { exact: true }).selectOption({ label: kind });
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: file, mimeType: 'text/csv', buffer: Buffer.from(content) });
      await page.getByRole('button', { name: 'Importar' }).click();
      await report.getByText(rows).last().waitFor();
    }

    // The firm's folder for every society ('Contabilidad', a template folder), then two documents at once into it.
    await adminNav(page).getByRole('link', { name: 'Documentos', exact: true }).click();
    const tree = page.getByTestId('document-browser');
    const firmRow = tree.getByRole('button', { name: new RegExp(names.firm) }).first();
    await firmRow.click();
    await page.getByRole('link', { name: 'Carpetas plantilla' }).click();
    await page.getByRole('button', { name: 'Crear carpeta' }).click();
    await page.getByRole('dialog').getByLabel('Nombre').fill('Contabilidad');
    await page.getByRole('dialog').getByRole('button', { name: 'Crear' }).click();
    await page.getByRole('row').filter({ hasText: 'Contabilidad' }).waitFor();
    await adminNav(page).getByRole('link', { name: 'Documentos', exact: true }).click();
    await firmRow.click();
    await tree.getByRole('button', { name: names.group }).click();
    await tree.getByRole('button', { name: names.society }).click();
    await tree.getByRole('button', { name: 'Contabilidad' }).first().click();
    await page.getByRole('button', { name: 'Subir documento' }).click();
    await page.getByLabel('Archivo').setInputFiles([
      { name: 'Balance enero.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 balance\n%%EOF') },
      { name: 'Cartola enero.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 cartola\n%%EOF') },
    ]);
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await page.getByTestId('upload-done').waitFor();
    expect(await page.getByTestId('upload-done').textContent()).toContain('2 documentos subidos con éxito');

    // The four statements, assigned to the society's users.
    for (const type of [
      'Balance de 8 columnas',
      'Estado de situación financiera',
      'Estado de resultados',
      'Flujo de efectivo',
    ]) {
      await adminNav(page).getByRole('link', { name: 'Contabilidad', exact: true }).click();
      await page.getByRole('link', { name: 'Asignar reporte' }).click();
      await page.getByLabel('Tipo de reporte (*)').selectOption({ label: type });
      await page.getByLabel('Nombre en el menú (*)').fill(type);
      await page.getByLabel('Descripción (*)').fill(`${type} de ${names.society}`);
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.locator('label.amplify-checkbox').filter({ hasText: 'Usuario de sociedad' }).click();
      expect(await page.getByRole('checkbox', { name: 'Usuario de sociedad' }).isChecked()).toBe(true);
      await page.getByRole('group', { name: 'Sociedades' }).getByText(names.society).click();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByLabel('Módulo (*)').selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Asignar reporte' }).click();
      await page.getByRole('heading', { name: 'Reporte asignado con éxito' }).waitFor();
    }
    await screenshot(page, 'first-month-admin');

    // The client registers from the mailed link, on a phone.
    const phone = client.page;
    const token = tokenFrom(await waitForMail(clientEmail, 'Invitación'), 'register');
    await phone.goto(`${firmUrl}/register/${token}`);
    await phone.getByLabel('Nombre', { exact: true }).fill('Camila');
    await phone.getByLabel('Apellidos').fill('Cliente Muñoz');
    await phone.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await phone.getByLabel('Confirmar contraseña').fill(PASSWORD);
    await axeClean(phone, 'register');
    await phone.getByRole('button', { name: 'Finalizar registro' }).click();
    await phone.waitForURL(`${firmUrl}/home`);
    await axeClean(phone, 'home');

    // The next morning's digest: both documents, in the firm's name, with a link to its documents page.
    expect((await runDigest(Date.now() + DAY)).sent).toBeGreaterThanOrEqual(1);
    const digest = await waitForMailWhere(clientEmail, (mail) => bodyOf(mail).includes('Cartola enero'));
    expect(bodyOf(digest)).toContain('Balance enero');
    expect(bodyOf(digest)).toContain(names.firm);
    expect(bodyOf(digest)).toContain(`${firmUrl}/documents_user/root`);

    // The documents, through the menu.
    await phone.getByRole('button', { name: 'Abrir menú' }).click();
    await phone
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Documentos' })
      .click();
    const files = phone.getByTestId('document-browser');
    await files.getByRole('button', { name: names.society }).click();
    await files.getByRole('button', { name: 'Contabilidad' }).first().click();
    await phone.getByRole('row').filter({ hasText: 'Cartola enero' }).waitFor();
    await phone.getByRole('row').filter({ hasText: 'Balance enero' }).waitFor();
    await axeClean(phone, 'documents');

    // The four statements, each from the menu, each with its table.
    for (const [label, table] of [
      ['Balance de 8 columnas', 'Balance de 8 columnas'],
      ['Estado de situación financiera', 'Activos'],
      ['Estado de resultados', 'Estado de resultados'],
      ['Flujo de efectivo', 'Estado de flujo de efectivo'],
    ] as const) {
      await phone.getByRole('button', { name: 'Abrir menú' }).click();
      const nav = phone.getByRole('navigation', { name: 'Navegación principal' });
      const group = nav.getByRole('button', { name: 'Contabilidad' });
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
      await nav.getByRole('link', { name: label, exact: true }).click();
      await phone.getByRole('table', { name: table }).waitFor();
      expect(await phone.getByTestId('statement-no-data').count()).toBe(0);
    }
    await axeClean(phone, 'statement');
    await screenshot(phone, 'first-month-client-statement-375');

    // A document shared: the link opens the file's page for anyone.
    await phone.goBack();
    await phone.getByRole('button', { name: 'Abrir menú' }).click();
    await phone
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Documentos' })
      .click();
    await files.getByRole('button', { name: names.society }).click();
    await files.getByRole('button', { name: 'Contabilidad' }).first().click();
    const row = phone.getByRole('row').filter({ hasText: 'Cartola enero' });
    await row
      .getByRole('button', { name: /Acciones de|Compartir/ })
      .first()
      .click();
    const share = phone.getByRole('menuitem', { name: 'Compartir' });
    if (await share.count()) await share.click();
    const modal = phone.getByTestId('share-modal');
    await modal.getByRole('button', { name: 'Generar link' }).click();
    const field = modal.getByLabel('Link', { exact: true });
    await expect.poll(() => field.inputValue()).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
    const link = await field.inputValue();
    const outsider = await newPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      await outsider.page.goto(link);
      await outsider.page.getByText('Cartola enero').first().waitFor();
      await axeClean(outsider.page, 'share page');
    } finally {
      await outsider.context.close();
    }
  } catch (error) {
    await screenshot(admin.page, 'first-month-failed-admin');
    await screenshot(client.page, 'first-month-failed-client');
    throw error;
  } finally {
    await admin.context.close();
    await client.context.close();
  }
});
