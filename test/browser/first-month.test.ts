import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import * as projects from '../../shared/contracts/projects';
import { rutCheckDigit } from '../../shared/rut';
import { seriousViolations, settled } from '../helpers/a11y';
import { call, signIn } from '../helpers/api';
import {
  clickNav,
  launchBrowser,
  newPage,
  openDrawer,
  pickOne,
  screenshot,
  signInWithCookies,
} from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { firmDomainReady } from '../helpers/firm-domain';
import { runDigest } from '../helpers/jobs';
import { bodyOf, mailedInvitationToken, waitForMailWhere } from '../helpers/mail';
import { CHART_CSV, ledgerCsv } from '../integration/accounting-helpers';

/**
 * A firm's first month, as people do it: the new firm's admin (clicks only, from /home) creates a group, a society and
 * an invitation with document access, imports the chart and the ledger, uploads two documents at once and assigns the
 * four statements; the invited client registers, gets the daily document digest, sees the documents and the four
 * statements, and shares a document. Each firm has its own address (a `*.localhost` name of this portal). The journey
 * runs twice, so each half is done on a desktop and on a phone: the admin at 1366 px and the client at 375 px, then
 * the other way round.
 */
const { webUrl } = inject('portal');
const PASSWORD = 'Primer.Mes2026';
const DAY = 86_400_000;
let browser: Browser;

interface Firm {
  url: string;
  names: { firm: string; group: string; society: string };
  rut: string;
  clientEmail: string;
  adminEmail: string;
}

/** The SUPER_ADMIN opens the firm on its own address and names its admin (its own screens are proven elsewhere). */
async function newFirm(): Promise<Firm> {
  const tag = randomUUID().slice(0, 6);
  const rutBody = String(60_000_000 + Math.floor(Math.random() * 9_000_000));
  const firm: Firm = {
    url: webUrl.replace('//localhost:', `//primer-mes-${tag}.localhost:`),
    names: {
      firm: `Contadores Primer Mes ${tag}`,
      group: `Grupo Primer Mes ${tag.slice(0, 4)}`,
      society: `Comercial Primer Mes ${tag.slice(0, 4)} SpA`,
    },
    rut: `${rutBody}-${rutCheckDigit(rutBody)}`,
    clientEmail: `cliente-primer-mes-${randomUUID().slice(0, 8)}@demo.cl`,
    adminEmail: '',
  };
  const admin = await createTestUser('PROJECT_ADMIN');
  firm.adminEmail = admin.email;
  const created = await call(projects.createProject, {
    token: (await signIn('superadmin@demo.cl')).access,
    body: {
      project_name: firm.names.firm,
      client_name: 'Primer Mes SpA',
      associated_service_description: 'Contabilidad',
      service_description: 'Portal de clientes',
      custom_portal_url: firm.url,
      admin: [admin.uuid],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  // Its DNS is in place before its people are invited, so its mails link to its own address.
  await firmDomainReady((created.body as { uuid: string }).uuid, firm.url);
  return firm;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Navegación de administración' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

/** An admin list from the admin menu, then its create page through `link`, once the list has loaded. */
async function openList(page: Page, label: string, path: string, link: string) {
  await clickNav(page, label, adminNav(page));
  await page.getByRole('table').first().getByRole('row').nth(1).waitFor();
  await page.getByRole('link', { name: link }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`${path}/`));
}

async function axeClean(page: Page, where: string) {
  await settled(page);
  expect(await seriousViolations(page), where).toEqual([]);
}

/** The firm's admin, from /home: group, society, invitation, chart and ledger, two documents, four statements. */
async function adminSetsUp(page: Page, firm: Firm) {
  await page.goto(`${firm.url}/home`);
  await clickNav(page, 'Panel de administración');

  // A group.
  await openList(page, 'Grupos de sociedades', '/admin/group', '+ Crear');
  await page.getByLabel('Nombre del grupo (*)').fill(firm.names.group);
  await page.getByLabel('Descripción del grupo (*)').fill('Clientes del primer mes');
  await pickOne(page, 'Proyecto (*)', firm.names.firm, 'Primer Mes');
  await page.getByRole('button', { name: 'Crear grupo' }).click();
  await page.getByRole('heading', { name: 'Grupo creado con éxito' }).waitFor();

  // A society, in the group.
  await openList(page, 'Sociedad', '/admin/society', '+ Crear');
  await page.getByLabel('Razón social (*)').fill(firm.names.society);
  await page.getByLabel('RUT', { exact: true }).fill(firm.rut);
  await page.getByLabel('Giro (*)').fill('Comercio');
  await page.getByLabel('Código de empresa (*)').fill('CPM');
  await page.getByLabel('Correo de la sociedad (*)').fill('contacto@primermes.cl');
  await pickOne(page, 'Grupo (*)', firm.names.group, 'Primer Mes');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Nombre de contacto (*)').fill('Carla Contacto');
  await page.getByLabel('Teléfono (*)').fill('+56 9 2222 3333');
  await page.getByLabel('Panel tributario (*)').selectOption('True');
  await page.getByRole('button', { name: 'Crear sociedad' }).click();
  await page.getByRole('heading', { name: 'Sociedad creada con éxito' }).waitFor();

  // The client's invitation, with access to documents (on unless turned off).
  await openList(page, 'Usuarios', '/admin/users', 'Invitar');
  await page.getByLabel('Rol (*)').selectOption({ label: 'Usuario de sociedad' });
  await page.getByLabel('Correo (*)').fill(firm.clientEmail);
  await page.getByRole('group', { name: 'Sociedades (*)' }).getByText(firm.names.society).click();
  expect(await page.getByLabel('Acceso a documentos').isChecked()).toBe(true);
  await axeClean(page, 'invitation form');
  await page.getByRole('button', { name: 'Invitar usuario' }).click();
  await page.getByRole('heading', { name: 'Usuario invitado con éxito' }).waitFor();

  // The chart, then the ledger.
  await clickNav(page, 'Importar contabilidad', adminNav(page));
  await page.getByLabel('Sociedad').selectOption({ label: firm.names.society });
  const report = page.getByTestId('import-report');
  for (const [kind, file, content, rows] of [
    ['Plan de cuentas', 'plan.csv', CHART_CSV, /importado con éxito/],
    ['Libro diario', 'libro.csv', ledgerCsv(firm.rut), /importado con éxito/],
  ] as const) {
    await page.getByLabel('Archivo', { exact: true }).selectOption({ label: kind });
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: file, mimeType: 'text/csv', buffer: Buffer.from(content) });
    await page.getByRole('button', { name: 'Importar' }).click();
    await report.getByText(rows).last().waitFor();
  }

  // The firm's folder for every society ('Contabilidad', a template folder), then two documents at once into it.
  await clickNav(page, 'Documentos', adminNav(page));
  const tree = page.getByTestId('document-browser');
  const firmRow = tree.getByRole('button', { name: new RegExp(firm.names.firm) }).first();
  await firmRow.click();
  await page.getByRole('link', { name: 'Carpetas plantilla' }).click();
  await page.getByRole('button', { name: 'Crear carpeta' }).click();
  await page.getByRole('dialog').getByLabel('Nombre').fill('Contabilidad');
  await page.getByRole('dialog').getByRole('button', { name: 'Crear' }).click();
  await page.getByRole('row').filter({ hasText: 'Contabilidad' }).waitFor();
  await clickNav(page, 'Documentos', adminNav(page));
  await firmRow.click();
  await tree.getByRole('button', { name: firm.names.group }).click();
  await tree.getByRole('button', { name: firm.names.society }).click();
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
    await clickNav(page, 'Contabilidad', adminNav(page));
    await page.getByRole('link', { name: 'Asignar reporte' }).click();
    await page.getByLabel('Tipo de reporte (*)').selectOption({ label: type });
    await page.getByLabel('Nombre en el menú (*)').fill(type);
    await page.getByLabel('Descripción (*)').fill(`${type} de ${firm.names.society}`);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.locator('label.amplify-checkbox').filter({ hasText: 'Usuario de sociedad' }).click();
    expect(await page.getByRole('checkbox', { name: 'Usuario de sociedad' }).isChecked()).toBe(true);
    await page.getByRole('group', { name: 'Sociedades' }).getByText(firm.names.society).click();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByLabel('Módulo (*)').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Asignar reporte' }).click();
    await page.getByRole('heading', { name: 'Reporte asignado con éxito' }).waitFor();
  }
  await screenshot(page, `first-month-admin-${page.viewportSize()?.width}`);
}

/**
 * The invited client: registration, the digest (when `digest`: the job marks a day done, so only the first journey's
 * client can get that day's mail; a mail is the same on any screen), the documents, the four statements, a share link
 * for a stranger.
 */
async function clientUses(page: Page, firm: Firm, digest: boolean) {
  // The client registers from the mailed link.
  const token = await mailedInvitationToken(firm.clientEmail);
  await page.goto(`${firm.url}/register/${token}`);
  await page.getByLabel('Nombre', { exact: true }).fill('Camila');
  await page.getByLabel('Apellidos').fill('Cliente Muñoz');
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await axeClean(page, 'register');
  await page.getByRole('button', { name: 'Finalizar registro' }).click();
  await page.waitForURL(`${firm.url}/home`);
  await axeClean(page, 'home');

  // The next morning's digest: both documents, in the firm's name, with a link to its documents page.
  if (digest) {
    expect((await runDigest(Date.now() + DAY)).sent).toBeGreaterThanOrEqual(1);
    const mail = await waitForMailWhere(firm.clientEmail, (m) => bodyOf(m).includes('Cartola enero'));
    expect(bodyOf(mail)).toContain('Balance enero');
    expect(bodyOf(mail)).toContain(firm.names.firm);
    expect(bodyOf(mail)).toContain(`${firm.url}/documents_user/root`);
  }

  // The documents, through the menu.
  await clickNav(page, 'Documentos', mainNav(page));
  const files = page.getByTestId('document-browser');
  await files.getByRole('button', { name: firm.names.society }).click();
  await files.getByRole('button', { name: 'Contabilidad' }).first().click();
  await page.getByRole('row').filter({ hasText: 'Cartola enero' }).waitFor();
  await page.getByRole('row').filter({ hasText: 'Balance enero' }).waitFor();
  await axeClean(page, 'documents');

  // The four statements, each from the menu, each with its table.
  for (const [label, table] of [
    ['Balance de 8 columnas', 'Balance de 8 columnas'],
    ['Estado de situación financiera', 'Activos'],
    ['Estado de resultados', 'Estado de resultados'],
    ['Flujo de efectivo', 'Estado de flujo de efectivo'],
  ] as const) {
    if (await page.getByRole('button', { name: 'Abrir menú' }).isVisible()) await openDrawer(page);
    const group = mainNav(page).getByRole('button', { name: 'Contabilidad' });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await mainNav(page).getByRole('link', { name: label, exact: true }).click();
    await page.getByRole('table', { name: table }).waitFor();
    expect(await page.getByTestId('statement-no-data').count()).toBe(0);
  }
  await axeClean(page, 'statement');
  await screenshot(page, `first-month-client-statement-${page.viewportSize()?.width}`);

  // A document shared: the link opens the file's page for anyone.
  await page.goBack();
  await clickNav(page, 'Documentos', mainNav(page));
  await files.getByRole('button', { name: firm.names.society }).click();
  await files.getByRole('button', { name: 'Contabilidad' }).first().click();
  const row = page.getByRole('row').filter({ hasText: 'Cartola enero' });
  await row
    .getByRole('button', { name: /Acciones de|Compartir/ })
    .first()
    .click();
  const share = page.getByRole('menuitem', { name: 'Compartir' });
  if (await share.count()) await share.click();
  const modal = page.getByTestId('share-modal');
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
}

for (const [adminWidth, clientWidth] of [
  [1366, 375],
  [375, 1366],
] as const) {
  test(`a new firm sets up its client at ${adminWidth} px, and the client uses the portal at ${clientWidth} px`, {
    timeout: 300_000,
  }, async () => {
    const firm = await newFirm();
    const admin = await newPage(browser, { viewport: { width: adminWidth, height: 900 } });
    const client = await newPage(browser, { viewport: { width: clientWidth, height: 800 } });
    try {
      await signInWithCookies(admin.context, firm.url, firm.adminEmail);
      await adminSetsUp(admin.page, firm);
      await clientUses(client.page, firm, adminWidth === 1366);
    } catch (error) {
      await screenshot(admin.page, `first-month-failed-admin-${adminWidth}`);
      await screenshot(client.page, `first-month-failed-client-${clientWidth}`);
      throw error;
    } finally {
      await admin.context.close();
      await client.context.close();
    }
  });
}
