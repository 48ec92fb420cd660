import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import * as folders from '../../shared/contracts/folders';
import * as societies from '../../shared/contracts/societies';
import { seriousViolations } from '../helpers/a11y';
import { call } from '../helpers/api';
import { launchBrowser, newPage, rowAction, screenshot, signInWithCookies } from '../helpers/browser';
import { tableAccess } from '../helpers/db';
import { buildDocumentsWorld, uploadSmall } from '../integration/documents-fixture';

/**
 * Documents that cannot run, in the browser: a firm's admin uploads an HTML page whose script, once opened, reports that it
 * ran and tries to move the portal's tab through `window.opener` to a look-alike page. The society's client opens it
 * with 'Abrir' ('Ver'), at 1366 and at 375 px: the file arrives as a download, the script never runs, the portal stays
 * where it was. A document stored earlier as text/plain with the same page inside opens as text, with no opener.
 */
// Its users belong to a project of the test's own, so they use the portal no firm brands.
const { unbrandedWebUrl: webUrl } = inject('portal');
/** Where the hostile page reports to; nothing listens there, the browser's request is what the test sees. */
const BEACON = 'http://127.0.0.1:9/ran';
const PHISHING = `${webUrl}/login?phished=1`;
const HOSTILE = new TextEncoder().encode(
  `<!doctype html><html><body><h1>Factura</h1><script>
new Image().src = '${BEACON}?opener=' + (window.opener ? 'yes' : 'no');
if (window.opener) window.opener.location = '${PHISHING}';
</script></body></html>`,
);
let browser: Browser;
let w: Awaited<ReturnType<typeof buildDocumentsWorld>>;
let societyName = '';

beforeAll(async () => {
  browser = await launchBrowser();
  w = await buildDocumentsWorld();
  const folder = await call(folders.createFolderTemplate, {
    token: w.tokens.paP,
    body: { project: w.P, folder_name: 'Facturas' },
  });
  expect(folder.status).toBe(201);
  societyName = (await call(societies.getSociety, { token: w.tokens.sa, params: { uuid: w.S } })).body
    .society_business_name;
  const place = { society: w.S, folder: folder.body.uuid };
  const page = await uploadSmall(w.tokens.paP, place, 'factura.html', HOSTILE, 'text/html');
  const old = await uploadSmall(w.tokens.paP, place, 'antigua.txt', HOSTILE, 'text/plain');
  expect([page.status, old.status]).toEqual([201, 201]);
  // As an upload from before the check left it: the browser's text/plain kept as the document's type.
  const { dynamo, lib, tableName } = await tableAccess();
  await dynamo.send(
    new lib.UpdateCommand({
      TableName: tableName,
      Key: { pk: `DOCUMENT#${old.body.uuid}`, sk: 'DOCUMENT' },
      UpdateExpression: 'SET content_type = :t',
      ExpressionAttributeValues: { ':t': 'text/plain' },
    }),
  );
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

/**
 * The client's folder, signed in; every request the hostile page's script would make, and every download of any tab
 * (listened for from the tab's first moment), is recorded.
 */
async function openFolder(context: BrowserContext, page: Page) {
  const beacons: string[] = [];
  const downloads: Download[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith(BEACON)) beacons.push(request.url());
  });
  context.on('page', (tab) => tab.on('download', (download) => downloads.push(download)));
  await signInWithCookies(context, webUrl, w.user.email);
  const response = await page.goto(`${webUrl}/documents_user/root`);
  const view = page.getByTestId('document-browser');
  await view.getByRole('button', { name: societyName }).click();
  await view.getByRole('button', { name: 'Facturas' }).click();
  await page.getByRole('row').filter({ hasText: 'factura.html' }).waitFor();
  return { beacons, downloads, portalUrl: page.url(), headers: response?.headers() ?? {} };
}

/** 'Abrir' on a row, and the tab it opens. */
async function openRow(page: Page, name: string) {
  const popup = page.waitForEvent('popup');
  await rowAction(page, name, 'Abrir');
  return popup;
}

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px an uploaded HTML page opened with 'Abrir' neither runs nor reaches window.opener`, async () => {
    const { context, page } = await newPage(browser, { viewport });
    try {
      const { beacons, downloads, portalUrl, headers } = await openFolder(context, page);

      // The HTML page: its tab gets a download, never a page.
      const tab = await openRow(page, 'factura.html');
      await expect.poll(() => downloads.length, { timeout: 30_000 }).toBe(1);
      expect(downloads[0]?.page()).toBe(tab);
      expect(downloads[0]?.suggestedFilename()).toBe('factura.html');
      expect(await tab.evaluate(() => window.opener)).toBeNull();

      // The page stored earlier as text/plain: shown as text, its script as words, and no opener to reach.
      const text = await openRow(page, 'antigua.txt');
      // The tab opens blank, then goes to the document's link (in the bucket, under documents/).
      await text.waitForURL(/\/documents\/[^?]+\?/, { waitUntil: 'load', timeout: 30_000 });
      expect(await text.evaluate(() => document.contentType)).toBe('text/plain');
      expect(await text.evaluate(() => document.body.textContent)).toContain('window.opener.location');
      expect(await text.evaluate(() => window.opener)).toBeNull();

      expect(beacons).toEqual([]);
      expect(page.url()).toBe(portalUrl);
      // The portal's own answer carries the policies (Vite here, CloudFront in AWS).
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['x-content-type-options']).toBe('nosniff');
      await screenshot(page, `documents-hostile-${viewport.width}`);
      expect(await seriousViolations(page)).toEqual([]);

      // The page is hostile indeed: rendered as HTML, in a tab of its own, its script runs and reports.
      const control = await context.newPage();
      await control.setContent(new TextDecoder().decode(HOSTILE));
      await expect.poll(() => beacons.length).toBe(1);
      expect(beacons[0]).toBe(`${BEACON}?opener=no`);
      expect(page.url()).toBe(portalUrl);
    } finally {
      await context.close();
    }
  });
}
