import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import * as auth from '../../shared/contracts/auth';
import * as folders from '../../shared/contracts/folders';
import { seriousViolations, settled } from '../helpers/a11y';
import { call } from '../helpers/api';
import { launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';
import { tableAccess } from '../helpers/db';
import { buildDocumentsWorld, uploadSmall } from '../integration/documents-fixture';

/**
 * The daily document digest's switch in a client's profile and its mail's unsubscribe page (signed out), and the
 * upload form's choice for a name the folder already holds ('Reemplazar' / 'Conservar ambos', per file), at 1366 and
 * 375 px, axe clean.
 */
const { unbrandedWebUrl: webUrl } = inject('portal');
let browser: Browser;
let w: Awaited<ReturnType<typeof buildDocumentsWorld>>;
let folder = '';
const emails = { admin: '', client: '' };
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

beforeAll(async () => {
  browser = await launchBrowser();
  w = await buildDocumentsWorld();
  const created = await call(folders.createFolderTemplate, {
    token: w.tokens.paP,
    body: { project: w.P, folder_name: 'Resumen' },
  });
  expect(created.status).toBe(201);
  folder = created.body.uuid;
  for (const name of ['Acta.pdf', 'Contrato.pdf']) {
    expect((await uploadSmall(w.tokens.paP, { society: w.S, folder }, name, pdf(`${name} original`))).status).toBe(201);
  }
  emails.admin = (await call(auth.getUserInfo, { token: w.tokens.paP })).body.user.email;
  emails.client = w.user.email;
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

for (const [width, height, keptAs] of [
  [1366, 800, 'Contrato (2).pdf'],
  [375, 740, 'Contrato (3).pdf'],
] as const) {
  test(`${width} px: two files whose names are taken, one replaced and one kept beside; the client turns its digest off and on`, async () => {
    const { context, page } = await newPage(browser, { viewport: { width, height } });
    try {
      await signInWithCookies(context, webUrl, emails.admin);
      await page.goto(
        `${webUrl}/admin/documents/${folder}?project=${w.P}&group=${w.G}&society=${w.S}&folder=${folder}`,
      );
      await page.getByRole('button', { name: 'Subir documento' }).click();
      await page.getByLabel('Archivo').setInputFiles([
        { name: 'Acta.pdf', mimeType: 'application/pdf', buffer: pdf(`Acta nueva ${width}`) },
        { name: 'Contrato.pdf', mimeType: 'application/pdf', buffer: pdf(`Contrato aparte ${width}`) },
      ]);
      await page.getByRole('button', { name: 'Aceptar' }).click();
      const choices = page.getByTestId('name-conflict');
      // One after another: the second file's choice shows once its upload has landed too.
      await choices.nth(1).waitFor();
      expect(await choices.count()).toBe(2);
      await expect
        .poll(() => choices.first().textContent())
        .toContain('Ya existe un documento llamado «Acta.pdf» en esta carpeta. ¿Qué quieres hacer?');
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `documents-name-conflict-${width}`);

      await page
        .getByRole('group', { name: 'Qué hacer con Acta.pdf' })
        .getByRole('button', { name: 'Reemplazar' })
        .click();
      await page
        .getByRole('group', { name: 'Qué hacer con Contrato.pdf' })
        .getByRole('button', { name: 'Conservar ambos' })
        .click();
      await page.getByTestId('upload-done').waitFor();
      expect(await page.getByTestId('upload-done').textContent()).toContain('2 documentos subidos con éxito');
      await page.getByRole('button', { name: 'Ir atrás' }).click();
      const list = page.getByTestId('document-browser');
      await list.getByRole('button', { name: keptAs, exact: true }).waitFor();
      // One 'Acta.pdf': replaced, not added.
      expect(await list.getByRole('button', { name: /^Acta/ }).count()).toBe(1);

      // The client's profile: the switch is on by default; off and on again, each saved.
      await context.clearCookies();
      await signInWithCookies(context, webUrl, emails.client);
      await page.goto(`${webUrl}/userinfo`);
      const label = 'Recibir un resumen diario de documentos nuevos';
      const digest = page.getByRole('checkbox', { name: label });
      await digest.waitFor({ state: 'attached' });
      expect(await digest.isChecked()).toBe(true);
      // The box is drawn over its input: a person clicks its label.
      await page.getByText(label, { exact: true }).click();
      await page.getByTestId('digest-saved').waitFor();
      const info = async () => (await call(auth.getUserInfo, { token: w.tokens.user })).body.profile.document_digest;
      expect(await info()).toBe(false);
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByText(label, { exact: true }).click();
      await expect.poll(info).toBe(true);
      expect(await digest.isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });
}

test('the mail’s unsubscribe link works signed out, on a click', async () => {
  await tableAccess();
  const [{ newToken }, { transactWrite }] = await Promise.all([
    import('../../functions/lib/data/tokens'),
    import('../../functions/lib/data/transact'),
  ]);
  // The link as the job writes it with the mail (functions/documents/document-digest.ts).
  const link = newToken('DIGEST', w.user.uuid);
  await transactWrite([link.write]);
  // On a phone, where a mail is mostly read.
  for (const [width, height] of [[375, 740]] as const) {
    const { context, page } = await newPage(browser, { viewport: { width, height } });
    try {
      await page.goto(`${webUrl}/digest/unsubscribe/${link.token}`);
      const button = page.getByRole('button', { name: 'Dejar de recibir el resumen' });
      await button.waitFor();
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await button.click();
      await page.getByText('Ya no recibirás el resumen diario').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }
  expect((await call(auth.getUserInfo, { token: w.tokens.user })).body.profile.document_digest).toBe(false);
});
