import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import * as groups from '../../shared/contracts/groups';
import * as societies from '../../shared/contracts/societies';
import * as users from '../../shared/contracts/users';
import { seriousViolations, settled } from '../helpers/a11y';
import { call, signIn } from '../helpers/api';
import { launchBrowser, newPage, rowAction, screenshot, signInWithCookies } from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { buildDocumentsWorld, uploadSmall } from '../integration/documents-fixture';

/**
 * Share links in the browser: the share dialog offers a client user links of 1 or 7 days only, an admin also 30; the
 * admin's list of the document's links shows a link whose maker was disabled as 'Revocado' with the reason and who
 * made it, without a Revocar button, beside a live link that has one. At 1366 and 375 px, axe clean.
 */
// Its users belong to a project of the test's own, so they use the portal no firm brands.
const { unbrandedWebUrl: webUrl } = inject('portal');
let browser: Browser;
let w: Awaited<ReturnType<typeof buildDocumentsWorld>>;
let folder: string;
let maker: { first: string; last: string };
const names = { group: '', society: '' };
const FILE_NAME = 'Estado de resultados.pdf';
const PDF = new TextEncoder().encode('%PDF-1.4\n% compartir\n%%EOF\n');

beforeAll(async () => {
  browser = await launchBrowser();
  w = await buildDocumentsWorld();
  const created = await call(folders.createFolderTemplate, {
    token: w.tokens.paP,
    body: { project: w.P, folder_name: 'Resultados' },
  });
  folder = created.body.uuid;
  names.group = (await call(groups.getGroup, { token: w.tokens.sa, params: { uuid: w.G } })).body.group_name;
  names.society = (
    await call(societies.getSociety, { token: w.tokens.sa, params: { uuid: w.S } })
  ).body.society_business_name;
  const uploaded = await uploadSmall(w.tokens.paP, { society: w.S, folder }, FILE_NAME, PDF);
  expect(uploaded.status).toBe(201);
  const doc = uploaded.body.uuid as string;
  // A client who shared the document and was then disabled by the firm; the society's usual user shares it too.
  const leaver = await createTestUser('USER_SOCIETY', [w.P]);
  const joined = await call(users.patchUser, {
    token: w.tokens.paP,
    params: { uuid: leaver.uuid },
    body: { society: [w.S], user_documentation: true },
  });
  expect(joined.status).toBe(200);
  maker = { first: joined.body.first_name, last: joined.body.last_name };
  const leaverToken = (await signIn(leaver.email)).access;
  for (const token of [leaverToken, w.tokens.user]) {
    expect((await call(documents.createShareToken, { token, params: { uuid: doc } })).status).toBe(200);
  }
  const disabled = await call(users.patchUser, {
    token: w.tokens.paP,
    params: { uuid: leaver.uuid },
    body: { enable: false },
  });
  expect(disabled.status).toBe(200);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

/** Walks to the folder by clicking, as a person does (a typed deep address goes to the root), and opens the dialog. */
async function openShareDialog(page: Page, admin: boolean) {
  await page.goto(`${webUrl}${admin ? '/admin/documents/root' : '/documents_user/root'}`);
  await settled(page);
  const view = page.getByTestId('document-browser');
  if (admin) {
    await view
      .getByRole('button', { name: /Documentos/ })
      .first()
      .click();
    await view.getByRole('button', { name: names.group }).click();
  }
  await view.getByRole('button', { name: names.society }).click();
  await view.getByRole('button', { name: 'Resultados' }).first().click();
  const row = page.getByRole('row').filter({ hasText: FILE_NAME });
  await row.waitFor();
  await rowAction(page, FILE_NAME, 'Compartir');
  const modal = page.getByTestId('share-modal');
  await modal.waitFor();
  return modal;
}

const expiryOptions = (page: Page) =>
  page
    .getByTestId('share-modal')
    .getByLabel('Vigencia del link')
    .evaluate((select) => [...(select as HTMLSelectElement).options].map((o) => o.textContent));

test('a society user is offered links of 1 or 7 days and sees only its own links', async () => {
  const { context, page } = await newPage(browser);
  try {
    await signInWithCookies(context, webUrl, w.user.email);
    const modal = await openShareDialog(page, false);
    expect(await expiryOptions(page)).toEqual(['1 día', '7 días']);
    await expect.poll(() => modal.getByTestId('share-link-row').count()).toBe(1);
    expect(await modal.getByTestId('share-link-row').textContent()).not.toContain('Revocado');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'documents-share-client');
  } finally {
    await context.close();
  }
});

for (const width of [1366, 375]) {
  test(`at ${width} px the admin sees the disabled maker's link as revoked with the reason`, async () => {
    const { context, page } = await newPage(browser, { viewport: { width, height: 800 } });
    try {
      const info = await call((await import('../../shared/contracts/auth')).getUserInfo, { token: w.tokens.paP });
      await signInWithCookies(context, webUrl, info.body.user.email);
      const modal = await openShareDialog(page, true);
      expect(await expiryOptions(page)).toEqual(['1 día', '7 días', '30 días']);
      const rows = modal.getByTestId('share-link-row');
      await expect.poll(() => rows.count()).toBe(2);
      const revoked = rows.filter({ hasText: 'Revocado: quien lo creó fue deshabilitado' });
      expect(await revoked.count()).toBe(1);
      expect(await revoked.textContent()).toContain(`creado por ${maker.first} ${maker.last}`);
      expect(await revoked.getByRole('button', { name: 'Revocar' }).count()).toBe(0);
      const live = rows.filter({ hasNotText: 'Revocado' });
      expect(await live.getByRole('button', { name: 'Revocar' }).count()).toBe(1);
      const box = await modal.evaluate((e) => ({
        right: e.getBoundingClientRect().right,
        overflow: e.scrollWidth - e.clientWidth,
      }));
      expect(box.right).toBeLessThanOrEqual(width);
      expect(box.overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `documents-share-revoked-${width}`);
      // 'Revocar' asks first; 'Cancelar' leaves the link alive (the other width's run revokes nothing either).
      await live.getByRole('button', { name: 'Revocar' }).click();
      await live.getByText('¿Revocar este enlace?').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await live.getByRole('button', { name: 'Cancelar' }).click();
      await live.getByRole('button', { name: 'Revocar' }).waitFor();
      expect(await rows.filter({ hasText: 'Revocado' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
}
