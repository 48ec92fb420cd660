import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { LOCAL_ROUTING_ENDPOINT } from '../../local/edge-stand-in';
import { LOCAL_VALIDATE_PATH } from '../../local/gateway';
import * as projects from '../../shared/contracts/projects';
import { seriousViolations, settled } from '../helpers/a11y';
import { call, signIn } from '../helpers/api';
import { launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';

/**
 * A SUPER_ADMIN gives a firm its own domain by editing the project's 'URL del portal'; the project detail then shows
 * the DNS record the firm must create and a pending status, and after the firm's DNS is in place (locally: the stand-in
 * for CloudFront is told so) 'Actualizar estado' shows it active. At 1366 px and 375 px, axe clean.
 */
const { webUrl, apiUrl } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newProject(): Promise<string> {
  const tag = randomUUID().slice(0, 6);
  const created = await call(projects.createProject, {
    token: (await signIn('superadmin@demo.cl')).access,
    body: {
      project_name: `Firma Dominio ${tag}`,
      client_name: 'Firma Dominio SpA',
      associated_service_description: 'Contabilidad',
      service_description: 'Portal de clientes',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (created.body as { uuid: string }).uuid;
}

const domainStatus = (page: Page) => page.getByTestId('project-domain-status');

test('a SUPER_ADMIN sets a firm\u2019s domain and sees the DNS record to create and a pending status', async () => {
  const uuid = await newProject();
  const domain = `firma-${randomUUID().slice(0, 8)}.localhost`;
  const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    await signInWithCookies(context, webUrl, 'superadmin@demo.cl');

    // Before: the portal's own domain serves the firm.
    await page.goto(`${webUrl}/admin/projects/detail/${uuid}`);
    await expect.poll(() => domainStatus(page).textContent()).toBe('Sin dominio propio');
    await page.getByTestId('project-domain').getByText('Este proyecto usa el dominio del portal').waitFor();

    // The wizard saves each step in edit mode; the second step holds 'URL del portal'.
    await page.goto(`${webUrl}/admin/projects/edit/${uuid}`);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.locator('[aria-current="step"]', { hasText: 'Inicio de sesión' }).waitFor();
    await page.getByLabel('URL del portal').fill(`https://${domain}`);
    const saved = page.waitForResponse(
      (r) => r.url().includes(`/api/v1/projects/project/${uuid}`) && r.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: 'Siguiente' }).click();
    expect((await saved).status()).toBe(200);

    await page.goto(`${webUrl}/admin/projects/detail/${uuid}`);
    await expect.poll(() => domainStatus(page).textContent()).toBe('Pendiente de validación');
    const record = page.getByTestId('project-domain-record');
    expect(await record.locator('dd').allTextContents()).toEqual(['CNAME', domain, LOCAL_ROUTING_ENDPOINT]);
    await page.getByText('Certificado: Pendiente de validación').waitFor();
    await page.getByText(`${domain}/.well-known/pki-validation/`).waitFor();
    // Beside it, the firm's mail domain: SES's DKIM records for the same host, pending until SES verifies them.
    const mail = page.getByTestId('project-mail-domain');
    expect(await mail.getByTestId('project-mail-domain-status').textContent()).toBe('Pendiente de verificación');
    const dkim = mail.getByTestId('project-mail-domain-record');
    expect(await dkim.count()).toBe(3);
    for (const name of await dkim.locator('dd:nth-of-type(2)').allTextContents())
      expect(name).toMatch(new RegExp(`\\._domainkey\\.${domain.replaceAll('.', '\\.')}$`));
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'firm-domain-pending-1366');

    // Refreshing before the DNS is in place changes nothing: still pending.
    const refresh = page.getByRole('button', { name: 'Actualizar estado' });
    const reread = () =>
      page.waitForResponse((r) => r.url().includes(`/api/v1/projects/project/${uuid}/domain`) && r.ok());
    await Promise.all([reread(), refresh.click()]);
    expect(await domainStatus(page).textContent()).toBe('Pendiente de validación');

    // The firm's DNS now points at the edge (the local stand-in is told, as CloudFront would find out itself).
    const validated = await fetch(`${apiUrl}${LOCAL_VALIDATE_PATH}?domain=${domain}`, { method: 'POST' });
    expect(validated.status).toBe(200);
    await Promise.all([reread(), refresh.click()]);
    await expect.poll(() => domainStatus(page).textContent()).toBe('Activo');
    await page.getByText('Certificado: Emitido').waitFor();
  } finally {
    await context.close();
  }

  // On a phone: the record wraps instead of overflowing, and the page is axe clean.
  const phone = await newPage(browser, { viewport: { width: 375, height: 812 } });
  try {
    await signInWithCookies(phone.context, webUrl, 'superadmin@demo.cl');
    await phone.page.goto(`${webUrl}/admin/projects/detail/${uuid}`);
    await expect.poll(() => domainStatus(phone.page).textContent()).toBe('Activo');
    await settled(phone.page);
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow).toBe(false);
    // The values keep a readable width (label above value), not a few pixels beside a label column.
    const value = phone.page.getByTestId('project-domain-record').locator('dd').last();
    expect((await value.boundingBox())?.width ?? 0).toBeGreaterThan(200);
    expect(await seriousViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'firm-domain-active-375');
  } finally {
    await phone.context.close();
  }
});

test('another project cannot take a domain a firm already has', async () => {
  const [first, second] = [await newProject(), await newProject()];
  const token = (await signIn('superadmin@demo.cl')).access;
  const url = `https://firma-${randomUUID().slice(0, 8)}.localhost`;
  const patch = (uuid: string) =>
    call(projects.patchProject, { token, params: { uuid }, body: { custom_portal_url: url } });
  expect((await patch(first)).status).toBe(200);
  const refused = await patch(second);
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ errors: { custom_portal_url: ['URL_EXISTS'] } });
  const report = await call(projects.getProjectDomain, { token, params: { uuid: second } });
  expect(report.body).toMatchObject({ domain: null, status: 'none' });
});

test('emptying the portal URL removes the firm\u2019s domain: the detail says the portal\u2019s domain serves it', async () => {
  const uuid = await newProject();
  const domain = `firma-${randomUUID().slice(0, 8)}.localhost`;
  const token = (await signIn('superadmin@demo.cl')).access;
  const set = await call(projects.patchProject, {
    token,
    params: { uuid },
    body: { custom_portal_url: `https://${domain}` },
  });
  expect(set.status).toBe(200);
  const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
    await page.goto(`${webUrl}/admin/projects/edit/${uuid}`);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.locator('[aria-current="step"]', { hasText: 'Inicio de sesión' }).waitFor();
    expect(await page.getByLabel('URL del portal').inputValue()).toBe(`https://${domain}`);
    await page.getByLabel('URL del portal').fill('');
    const saved = page.waitForResponse(
      (r) => r.url().includes(`/api/v1/projects/project/${uuid}`) && r.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: 'Siguiente' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect((await answer.json()).custom_portal_url).toBeNull();
    await page.goto(`${webUrl}/admin/projects/detail/${uuid}`);
    await expect.poll(() => domainStatus(page).textContent()).toBe('Sin dominio propio');
  } finally {
    await context.close();
  }
});
