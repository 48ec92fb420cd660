import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import * as folders from '../../shared/contracts/folders';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import { seriousViolations } from '../helpers/a11y';
import { call, DEMO_PASSWORD, signIn } from '../helpers/api';
import { launchBrowser, newPage, screenshot, signInThroughForm } from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { newSociety } from '../helpers/societies';

/**
 * Two firms, each on a hostname of its own (`<name>.localhost` of this portal, as a firm's domain in AWS): each firm's
 * admin sees the firm's branding on its login, signs in there, uploads a document to a society of the firm and
 * downloads it back (uploads go cross-origin to the bucket, so its CORS must take the firm's origin); one firm's admin
 * is refused on the other firm's hostname, with the same message as a wrong password (it tells nothing about accounts).
 */
const { webUrl } = inject('portal');
let browser: Browser;

interface Firm {
  name: string;
  url: string;
  adminEmail: string;
  group: string;
  society: string;
}

async function newFirm(label: string): Promise<Firm> {
  const tag = randomUUID().slice(0, 6);
  const sa = (await signIn('superadmin@demo.cl')).access;
  const admin = await createTestUser('PROJECT_ADMIN');
  const name = `${label} ${tag}`;
  const url = webUrl.replace('//localhost:', `//${label.toLowerCase().replaceAll(' ', '-')}-${tag}.localhost:`);
  const project = await call(projects.createProject, {
    token: sa,
    body: {
      project_name: name,
      client_name: `${name} SpA`,
      associated_service_description: 'Contabilidad',
      service_description: 'Portal de clientes',
      custom_portal_url: url,
      header_title: name,
      meta_title: `Portal ${name}`,
      admin: [admin.uuid],
    },
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  const P = (project.body as { uuid: string }).uuid;
  const group = await call(groups.createGroup, {
    token: sa,
    body: { group_name: `Grupo ${tag}`, group_description: 'Clientes', project: P, admin: [], user: [] },
  });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  const society = await newSociety(sa, (group.body as { uuid: string }).uuid);
  const folder = await call(folders.createFolderTemplate, {
    token: sa,
    body: { project: P, folder_name: 'Contabilidad' },
  });
  expect(folder.status, JSON.stringify(folder.body)).toBe(201);
  return { name, url, adminEmail: admin.email, group: `Grupo ${tag}`, society: society.society_business_name };
}

/** The admin's document manager, down to the society's 'Contabilidad' folder. */
async function openFolder(page: Page, firm: Firm) {
  await page.goto(`${firm.url}/admin/documents/root`);
  const tree = page.getByTestId('document-browser');
  await tree.getByRole('button', { name: firm.name }).click();
  await tree.getByRole('button', { name: firm.group }).click();
  await tree.getByRole('button', { name: firm.society }).click();
  await tree.getByRole('button', { name: 'Contabilidad' }).first().click();
  await expect.poll(() => tree.textContent()).toContain('Esta carpeta se encuentra vacia');
}

let firms: Firm[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  firms = [await newFirm('Contadores Norte'), await newFirm('Auditores Sur')];
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

test.each([
  [0, 1366],
  [1, 375],
])('firm %i on its own hostname at %i px: its branding, sign-in, upload and download', async (index, width) => {
  const firm = firms[index] as Firm;
  const { context, page } = await newPage(browser, { viewport: { width, height: 900 } });
  try {
    await page.goto(`${firm.url}/login`);
    await page.getByRole('heading', { name: firm.name }).waitFor();
    expect(await page.title()).toBe(`Portal ${firm.name}`);
    await signInThroughForm(page, firm.url, firm.adminEmail, DEMO_PASSWORD);
    await page.getByRole('heading', { name: /^Hola / }).waitFor();

    await openFolder(page, firm);
    const fileName = `Cartola ${firm.name}.pdf`;
    const content = Buffer.from(`%PDF-1.4\n% ${firm.name}\n%%EOF\n`);
    await page.getByRole('button', { name: 'Subir documento' }).click();
    await page.getByLabel('Archivo').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: content });
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await page.getByText('Documento subido con éxito').waitFor();
    const row = page.getByRole('row').filter({ hasText: fileName });
    await row.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `firm-domain-${index}-${width}`);

    const downloading = page.waitForEvent('download');
    const direct = row.getByRole('button', { name: 'Descargar' });
    if (await direct.count()) await direct.click();
    else {
      await row.getByRole('button', { name: /Acciones de/ }).click();
      await page.getByRole('menuitem', { name: 'Descargar' }).click();
    }
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    expect(readFileSync(await download.path()).equals(content)).toBe(true);
  } finally {
    await context.close();
  }
});

test("one firm's admin is refused on the other firm's hostname, as a wrong password is", async () => {
  const [north, south] = firms as [Firm, Firm];
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${south.url}/login`);
    await page.getByRole('heading', { name: south.name }).waitFor();
    await page.getByLabel('Correo electrónico').fill(north.adminEmail);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/token/') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    expect((await answer).status()).toBe(401);
    await page.getByText('¡Vaya! El correo y/o contraseña no son válidos.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
