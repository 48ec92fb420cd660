import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import * as groups from '../../shared/contracts/groups';
import * as requests from '../../shared/contracts/requests';
import * as societies from '../../shared/contracts/societies';
import { expectFitsAndAccessible } from '../helpers/a11y';
import { call, ok, signIn } from '../helpers/api';
import { clickNav, landed, launchBrowser, newPage, signInWithCookies } from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { unique } from '../helpers/fresh';
import { societyBody } from '../helpers/societies';

/**
 * 'Mensajes' by clicking, at 1366 and 375 px: a firm's group admin goes from /home to Mensajes and opens a thread in
 * its client's society; the client user sees the unread count in the top bar, follows it to the thread, which clears
 * the count, and answers; the admin sees its own count, reads the answer and the count clears. Both attach a file
 * (the client's with its progress bar), and each side downloads the other's through the conversation (the client has
 * no document rights in the firm). Every screen fits and is axe clean.
 */
const { webUrl, demo } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * In the demo firm whose portal the browser opens: a group of its own, with a group admin of its own (the firm's
 * project admin is told of every society's messages, other files' too), and a society with one client user.
 */
async function firm() {
  const sa = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
  const project = demo.projects.andes;
  const [admin, client] = await Promise.all([
    createTestUser('GROUP_ADMIN', [project]),
    createTestUser('USER_SOCIETY', [project]),
  ]);
  const group = ok(
    'group',
    await call(groups.createGroup, {
      token: sa,
      body: { group_name: `Grupo ${unique()}`, group_description: 'Mensajes', project, admin: [admin.uuid], user: [] },
    }),
  ).uuid;
  const name = `Sociedad Mensajes ${unique()} SpA`;
  const society = ok(
    'society',
    await call(societies.createSociety, {
      token: sa,
      body: societyBody(group, { society_business_name: name, user: [client.uuid] }),
    }),
  ).uuid;
  return { admin, client, name, society };
}

/** The firm's template, small. */
const TEMPLATE = Buffer.from('%PDF-1.4\n% plantilla del libro de compras\n%%EOF\n');
/** About 1 MB, so the upload reports its progress. */
const LEDGER = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024, 0x42), Buffer.from('\n%%EOF\n')]);

/** Records, in the page, every value an attachment's progress bar shows, however fast the upload runs. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const take = () => {
      for (const bar of document.querySelectorAll<HTMLProgressElement>('[data-testid="attachment-progress"]'))
        if (seen.at(-1) !== bar.value) seen.push(bar.value);
    };
    new MutationObserver(take).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

/** Clicks a file's download button and answers the downloaded bytes. */
async function download(page: Page, name: string): Promise<Buffer> {
  const started = page.waitForEvent('download');
  await page.getByRole('button', { name: `Descargar ${name}` }).click();
  const file = await started;
  expect(file.suggestedFilename()).toBe(name);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The top bar's count: shown with the number, or absent once everything is read. */
const badge = (page: Page) => page.getByTestId('messages-count');

describe.concurrent('a firm and its client exchange messages', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 375, height: 740 },
  ]) {
    test(`at ${viewport.width} px`, { timeout: 90_000 }, async ({ expect }) => {
      const { admin, client, name } = await firm();
      const subject = `Libro de compras ${randomUUID().slice(0, 8)}`;
      const asFirm = await newPage(browser, { viewport });
      const asClient = await newPage(browser, { viewport });
      try {
        // The admin, from /home: Mensajes, its client's society, a new conversation.
        await signInWithCookies(asFirm.context, webUrl, admin.email);
        const firmPage = asFirm.page;
        await firmPage.goto(`${webUrl}/home`);
        await landed(firmPage);
        await clickNav(firmPage, 'Mensajes');
        await firmPage.waitForURL(`${webUrl}/messages`);
        await firmPage.getByText('Aún no hay conversaciones en esta sociedad.', { exact: false }).waitFor();
        expect(await firmPage.getByLabel('Sociedad', { exact: true }).locator('option:checked').textContent()).toBe(
          name,
        );
        await expectFitsAndAccessible(firmPage, `messages-empty-${viewport.width}`);
        await firmPage.getByLabel('Asunto').fill(subject);
        await firmPage.getByLabel('Mensaje', { exact: true }).fill('¿Nos envías el libro de compras de marzo?');
        await firmPage
          .getByLabel('Adjuntar archivos')
          .setInputFiles({ name: 'Plantilla.pdf', mimeType: 'application/pdf', buffer: TEMPLATE });
        await firmPage.getByText('Plantilla.pdf (', { exact: false }).waitFor();
        await firmPage.getByRole('button', { name: 'Iniciar conversación' }).click();
        await firmPage.getByRole('heading', { name: subject }).waitFor();
        await firmPage.getByText('¿Nos envías el libro de compras de marzo?').waitFor();
        await firmPage.getByRole('button', { name: 'Descargar Plantilla.pdf' }).waitFor();
        await expectFitsAndAccessible(firmPage, `messages-thread-firm-${viewport.width}`);

        // The client: the count in the top bar on /home, then the thread, which clears it; an answer.
        await signInWithCookies(asClient.context, webUrl, client.email);
        const page = asClient.page;
        await page.goto(`${webUrl}/home`);
        await landed(page);
        await expect.poll(() => badge(page).textContent()).toBe('1');
        await expectFitsAndAccessible(page, `messages-home-badge-${viewport.width}`);
        await page.getByRole('link', { name: 'Mensajes: 1 sin leer' }).click();
        await page.waitForURL(`${webUrl}/messages`);
        const row = page.getByTestId('message-thread').filter({ hasText: subject });
        await row.getByText('1 mensaje sin leer').waitFor();
        await expectFitsAndAccessible(page, `messages-list-client-${viewport.width}`);
        await row.getByRole('link', { name: subject }).click();
        await page.getByText('¿Nos envías el libro de compras de marzo?').waitFor();
        await badge(page).waitFor({ state: 'detached' });
        // The client downloads the firm's file through the conversation.
        expect(await download(page, 'Plantilla.pdf')).toEqual(TEMPLATE);
        await page.getByLabel('Tu respuesta').fill('Sí, te lo subo hoy.');
        await page
          .getByLabel('Adjuntar archivos')
          .setInputFiles({ name: 'Libro de compras marzo.pdf', mimeType: 'application/pdf', buffer: LEDGER });
        const seen = await recordProgress(page);
        await page.getByRole('button', { name: 'Enviar' }).click();
        await page.getByText('Tu mensaje fue enviado.').waitFor();
        const answer = page.getByTestId('thread-message').filter({ hasText: 'Sí, te lo subo hoy.' });
        await answer.getByRole('button', { name: 'Descargar Libro de compras marzo.pdf' }).waitFor();
        const progress = await seen();
        expect(progress.length).toBeGreaterThan(0);
        expect(progress.at(-1)).toBe(100);
        await expectFitsAndAccessible(page, `messages-thread-client-${viewport.width}`);

        // The admin's count shows the answer; reading the thread clears it, and the client's marker shows.
        await firmPage.goto(`${webUrl}/home`);
        await landed(firmPage);
        await expect.poll(() => badge(firmPage).textContent()).toBe('1');
        await firmPage.getByRole('link', { name: 'Mensajes: 1 sin leer' }).click();
        await firmPage.getByTestId('message-thread').filter({ hasText: subject }).getByRole('link').click();
        await firmPage.getByText('Sí, te lo subo hoy.').waitFor();
        await badge(firmPage).waitFor({ state: 'detached' });
        await firmPage
          .getByTestId('thread-receipts')
          .getByText(/^Leído por: /)
          .waitFor();
        const sides = await firmPage
          .getByTestId('thread-message')
          .evaluateAll((cards) => cards.map((c) => c.className.includes('messages-message--firm')));
        expect(sides).toEqual([true, false]);
        await expectFitsAndAccessible(firmPage, `messages-thread-read-${viewport.width}`);
        // The admin downloads the client's file.
        expect(await download(firmPage, 'Libro de compras marzo.pdf')).toEqual(LEDGER);
      } finally {
        await asClient.context.close();
        await asFirm.context.close();
      }
    });
  }
});

describe.concurrent('a thread about a request item', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 375, height: 740 },
  ]) {
    test(`at ${viewport.width} px`, { timeout: 90_000 }, async ({ expect }) => {
      const { admin, client, society } = await firm();
      const title = `Cierre de marzo ${randomUUID().slice(0, 8)}`;
      const made = ok(
        'request',
        await call(requests.createRequest, {
          token: (await signIn(admin.email)).access,
          body: {
            batch: randomUUID(),
            target: { kind: 'SOCIETY', uuid: society },
            title,
            due_date: '2030-01-31',
            items: [{ name: 'Libro de compras' }, { name: 'Cartola bancaria' }],
          },
        }),
      );
      const request = made.results[0]?.uuid as string;
      const asClient = await newPage(browser, { viewport });
      const asFirm = await newPage(browser, { viewport });
      try {
        // The client, on the request: 'Preguntar sobre este ítem' opens the new thread, its subject filled in.
        await signInWithCookies(asClient.context, webUrl, client.email);
        const page = asClient.page;
        await page.goto(`${webUrl}/requests/${request}`);
        await page.getByRole('heading', { name: title }).waitFor();
        await page.getByRole('link', { name: 'Preguntar sobre este ítem: Libro de compras' }).click();
        await page.waitForURL(/\/messages\?/);
        await page.getByTestId('new-thread-linked').waitFor();
        await expect.poll(() => page.getByLabel('Asunto').inputValue()).toBe('Libro de compras');
        await expectFitsAndAccessible(page, `messages-about-item-new-${viewport.width}`);
        await page.getByLabel('Mensaje', { exact: true }).fill('¿Les sirve el libro en Excel?');
        await page.getByRole('button', { name: 'Iniciar conversación' }).click();
        // The thread shows what it is about, as a link back to the request.
        await page.getByRole('heading', { name: 'Libro de compras' }).waitFor();
        const back = page.getByRole('link', { name: `Sobre la solicitud: ${title} · Libro de compras` });
        await back.waitFor();
        await expectFitsAndAccessible(page, `messages-about-item-thread-${viewport.width}`);
        await back.click();
        await page.waitForURL(`${webUrl}/requests/${request}`);
        const item = page.getByTestId('request-item').filter({ hasText: 'Libro de compras' });
        await item.getByTestId('item-threads').getByRole('link', { name: 'Libro de compras' }).waitFor();
        expect(
          await page
            .getByTestId('request-item')
            .filter({ hasText: 'Cartola bancaria' })
            .getByTestId('item-threads')
            .count(),
        ).toBe(0);
        await expectFitsAndAccessible(page, `requests-item-threads-client-${viewport.width}`);

        // The firm's admin sees the same thread on the item and opens it from there.
        await signInWithCookies(asFirm.context, webUrl, admin.email);
        const firmPage = asFirm.page;
        await firmPage.goto(`${webUrl}/requests/${request}`);
        const firmItem = firmPage.getByTestId('request-item').filter({ hasText: 'Libro de compras' });
        await firmItem.getByTestId('item-threads').getByRole('link', { name: 'Libro de compras' }).click();
        await firmPage.getByText('¿Les sirve el libro en Excel?').waitFor();
        await firmPage.getByRole('link', { name: `Sobre la solicitud: ${title} · Libro de compras` }).waitFor();
        await expectFitsAndAccessible(firmPage, `messages-about-item-firm-${viewport.width}`);
      } finally {
        await asFirm.context.close();
        await asClient.context.close();
      }
    });
  }
});
