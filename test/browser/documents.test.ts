import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import * as documentsApi from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import * as groups from '../../shared/contracts/groups';
import * as societies from '../../shared/contracts/societies';
import { seriousViolations } from '../helpers/a11y';
import { call } from '../helpers/api';
import { launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';
import { buildDocumentsWorld } from '../integration/documents-fixture';

/**
 * In the browser: a PROJECT_ADMIN walks project › group › society › folder and uploads with a progress bar;
 * the society's user sees the notification, opens the folder, shares the document; a fresh browser context (nobody
 * signed in) downloads it through the link; a revoked link shows the expired page. The tests run in order.
 */
// Its users belong to a project of the test's own, so they use the portal no firm brands.
const { unbrandedWebUrl: webUrl } = inject('portal');
let browser: Browser;
let w: Awaited<ReturnType<typeof buildDocumentsWorld>>;
let shareLink = '';
/** The uploaded document's uuid, as the share modal names it. */
let sharedDocument = '';
const names = { group: '', society: '' };
const FILE_NAME = 'Balance Año Ñuble.pdf';
/** About 3 MB, so the upload reports progress more than once. */
const CONTENT = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.alloc(3 * 1024 * 1024, 0x41),
  Buffer.from('\n%%EOF\n'),
]);

beforeAll(async () => {
  browser = await launchBrowser();
  w = await buildDocumentsWorld();
  const created = await call(folders.createFolderTemplate, {
    token: w.tokens.paP,
    body: { project: w.P, folder_name: 'Contabilidad' },
  });
  expect(created.status).toBe(201);
  names.group = (await call(groups.getGroup, { token: w.tokens.sa, params: { uuid: w.G } })).body.group_name;
  names.society = (
    await call(societies.getSociety, { token: w.tokens.sa, params: { uuid: w.S } })
  ).body.society_business_name;
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

test('an admin walks the tree and uploads with a progress bar', async () => {
  const { context, page } = await newPage(browser);
  try {
    const info = await call((await import('../../shared/contracts/auth')).getUserInfo, { token: w.tokens.paP });
    await signInWithCookies(context, webUrl, info.body.user.email);
    await page.goto(`${webUrl}/admin/documents/root`);
    const browserView = page.getByTestId('document-browser');
    await browserView
      .getByRole('button', { name: /Documentos/ })
      .first()
      .click();
    await browserView.getByRole('button', { name: names.group }).click();
    await browserView.getByRole('button', { name: names.society }).click();
    await expect.poll(() => page.getByRole('navigation').last().textContent()).toContain(`Sociedad: ${names.society}`);
    await browserView.getByRole('button', { name: 'Contabilidad' }).first().click();
    await expect.poll(() => browserView.textContent()).toContain('Esta carpeta se encuentra vacia');

    await page.getByRole('button', { name: 'Subir documento' }).click();
    const accept = page.getByRole('button', { name: 'Aceptar' });
    expect(await accept.isDisabled()).toBe(true);
    await page.getByLabel('Archivo').setInputFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: CONTENT });
    // Records every value the progress bar shows, from the page itself.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      const tick = () => {
        const bar = document.querySelector('progress');
        if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
        if (!document.querySelector('[data-testid="upload-done"]')) requestAnimationFrame(tick);
      };
      tick();
    });
    await accept.click();
    await page.getByText('Documento subido con éxito').waitFor();
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(100);
    // The folder's list shows the new file at once, before 'Ir atrás' (else people upload it twice).
    await page.getByRole('row').filter({ hasText: FILE_NAME }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: FILE_NAME }).textContent()).toContain('MB');
    await screenshot(page, 'documents-uploaded');
    await page.getByRole('button', { name: 'Ir atrás' }).click();
    // Back pops one level: the society's folders.
    await page.goBack();
    await page.getByRole('button', { name: 'Formularios tributarios' }).waitFor();
  } finally {
    await context.close();
  }
});

test('the society user sees the notification, opens the folder and shares the document', async () => {
  const { context, page } = await newPage(browser);
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webUrl });
    await signInWithCookies(context, webUrl, w.user.email);
    await page.goto(`${webUrl}/home`);
    await expect.poll(() => page.getByTestId('notifications-count').textContent()).toBe('1');
    await page.getByTestId('notifications-button').click();
    const item = page.getByTestId('notification-item').first();
    expect(await item.textContent()).toContain('Archivo añadido');
    expect(await item.textContent()).toContain('Balance Año Ñuble');
    await item.click();
    const row = page.getByRole('row').filter({ hasText: FILE_NAME });
    await row.waitFor();
    // A user's rows: open, share and download only.
    expect(await row.getByRole('button', { name: 'Renombrar' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Compartir' }).click();
    const modal = page.getByTestId('share-modal');
    const minting = page.waitForRequest((r) => r.url().includes('/api/v1/documents/share/token/'));
    await modal.getByRole('button', { name: 'Generar link' }).click();
    sharedDocument = new URL((await minting).url()).pathname.split('/').at(-2) as string;
    const field = modal.getByLabel('Link', { exact: true });
    await expect.poll(() => field.inputValue()).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
    shareLink = await field.inputValue();
    await modal.getByRole('button', { name: 'Copiar' }).click();
    await modal.getByText('Link copiado al portapapeles').waitFor();
    await expect.poll(() => modal.textContent()).toContain('Vence el');
    await screenshot(page, 'documents-share');
  } finally {
    await context.close();
  }
});

test('anyone with the link sees the file and downloads it in a fresh context; an unknown link shows the expired page', async () => {
  expect(shareLink).not.toBe('');
  const { context, page } = await newPage(browser);
  try {
    // The page describes the file first: its name, size and until when the link lasts; 'Descargar' starts it.
    await page.goto(shareLink);
    await page.getByRole('heading', { name: FILE_NAME }).waitFor();
    expect(await page.getByTestId('share-size').textContent()).toMatch(/Tamaño: [\d,]+ (B|KB|MB)/);
    expect(await page.getByTestId('share-until').textContent()).toMatch(/Enlace disponible hasta el \d\d-\d\d-\d{4}/);
    await screenshot(page, 'share-page');
    expect(await seriousViolations(page)).toEqual([]);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(FILE_NAME);
    const path = await download.path();
    const { statSync } = await import('node:fs');
    expect(statSync(path).size).toBe(CONTENT.length);
    // One visit and one download count one use.
    const links = await call(documentsApi.listShareLinks, { token: w.tokens.user, params: { uuid: sharedDocument } });
    expect(links.body.map((l) => l.use_count)).toEqual([1]);
  } finally {
    await context.close();
  }

  const { context: second, page: expired } = await newPage(browser);
  try {
    await expired.goto(`${webUrl}/share/${'a'.repeat(43)}`);
    await expired.getByRole('heading', { name: 'Link expirado' }).waitFor();
    expect(await expired.getByText(/Pide a quien te lo compartió que te envíe uno nuevo/).count()).toBe(1);
    // An outsider has no account: no sign-in is offered.
    expect(await expired.getByRole('button', { name: 'Ir a inicio de sesión' }).count()).toBe(0);
  } finally {
    await second.close();
  }
});

// At 375 px the sidebar is a drawer, so the document screen has the whole width.
test('at 375 px the content of the user browser fits the screen', async () => {
  const { context, page } = await newPage(browser, { viewport: { width: 375, height: 740 } });
  try {
    await signInWithCookies(context, webUrl, w.user.email);
    await page.goto(`${webUrl}/documents_user/root`);
    const view = page.getByTestId('document-browser');
    await view.getByRole('button', { name: names.society }).click();
    await view.getByRole('button', { name: 'Contabilidad' }).click();
    await page.getByRole('row').filter({ hasText: FILE_NAME }).waitFor();
    await screenshot(page, 'documents-375');
    // The document screen itself stays within the width (the top bar is the shell's, the responsive work).
    // The table scrolls sideways inside its own box; the screen's box itself stays within the width.
    const box = await page.getByTestId('document-browser').evaluate((e) => ({
      right: e.getBoundingClientRect().right,
      overflow: e.scrollWidth - e.clientWidth,
    }));
    expect(box.right).toBeLessThanOrEqual(375);
    expect(box.overflow).toBeLessThanOrEqual(0);
    // The row's actions are one menu, in view at the row's end, not pushed past the screen's edge.
    const menu = page
      .getByRole('row')
      .filter({ hasText: FILE_NAME })
      .getByRole('button', { name: /^Acciones de / });
    const menuBox = await menu.boundingBox();
    expect((menuBox?.x as number) + (menuBox?.width as number)).toBeLessThanOrEqual(375);
    await menu.click();
    await page.getByRole('menuitem', { name: 'Compartir' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await seriousViolations(page)).toEqual([]);
    // A folder's address opened anew (a new tab, a reload) shows that folder, not the root.
    const folderAddress = page.url();
    expect(folderAddress).not.toContain('/documents_user/root');
    const second = await context.newPage();
    await second.goto(folderAddress);
    await second.getByRole('row').filter({ hasText: FILE_NAME }).waitFor();
    expect(second.url()).toBe(folderAddress);
    await second.close();
  } finally {
    await context.close();
  }
});
