import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { seriousViolations, settled } from '../helpers/a11y';
import { clickNav, launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { bodyOf, waitForMailWhere } from '../helpers/mail';

/**
 * A support ticket as a conversation, by clicking, at 1366 and 375 px: a client opens a ticket with a file
 * from /support and reads its number; the firm's project admin goes from /home to the tickets, opens it, downloads
 * the file and answers; the client is mailed, opens 'Mis tickets' from its user menu and reads the answer and the
 * status. Every screen is axe clean.
 */
const { webUrl, demo } = inject('portal');
const PDF = Buffer.from('%PDF-1.4\n% balance de octubre\n%%EOF\n');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function accessible(page: Page, name: string) {
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), name).toBeLessThanOrEqual(
    0,
  );
  expect(await seriousViolations(page), name).toEqual([]);
  await screenshot(page, name);
}

describe.concurrent('a ticket answered in the portal', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 375, height: 740 },
  ]) {
    test(`at ${viewport.width} px`, { timeout: 60_000 }, async () => {
      const client = await createTestUser('USER_SOCIETY', [demo.projects.andes]);
      const subject = `No veo mi balance ${randomUUID().slice(0, 8)}`;
      const asClient = await newPage(browser, { viewport });
      const asFirm = await newPage(browser, { viewport });
      try {
        // The client opens the ticket with a file and reads its number.
        await signInWithCookies(asClient.context, webUrl, client.email);
        const page = asClient.page;
        await page.goto(`${webUrl}/support`);
        await page.getByRole('button', { name: 'Abrir ticket de soporte' }).click();
        const modal = page.locator('dialog[open][data-testid="ticket-modal"]');
        await modal.getByLabel('Asunto').fill(subject);
        await modal.getByLabel('Descripción').fill('El balance de octubre no aparece. Adjunto el que tengo.');
        await modal.locator('input[type="file"]').setInputFiles({
          name: 'balance-octubre.pdf',
          mimeType: 'application/pdf',
          buffer: PDF,
        });
        await modal.getByText('balance-octubre.pdf').waitFor();
        await accessible(page, `support-ticket-modal-${viewport.width}`);
        await modal.getByRole('button', { name: 'Enviar' }).click();
        const received = page.getByText(/^Recibimos tu solicitud\. Número de ticket: #\d+$/);
        await received.waitFor();
        const number = ((await received.textContent()) ?? '').replace(/.*#/, '');
        await accessible(page, `support-ticket-number-${viewport.width}`);

        // The firm's admin, from /home: the admin panel, its tickets, the ticket; downloads the file and answers.
        await signInWithCookies(asFirm.context, webUrl, 'proyecto@demo.cl');
        const firm = asFirm.page;
        await firm.goto(`${webUrl}/home`);
        await clickNav(firm, 'Panel de administración');
        await firm.waitForURL(/\/admin\//);
        await clickNav(firm, 'Tickets de soporte');
        await firm.waitForURL(`${webUrl}/support/tickets`);
        await firm.getByRole('link', { name: subject }).click();
        await firm.getByRole('heading', { name: `Ticket #${number}: ${subject}` }).waitFor();
        expect(await firm.getByTestId('ticket-status').textContent()).toBe('Abierto');
        const [download] = await Promise.all([
          firm.waitForEvent('download'),
          firm.getByRole('button', { name: 'Descargar balance-octubre.pdf' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe('balance-octubre.pdf');
        expect(await readFile(await download.path())).toEqual(PDF);
        await firm
          .getByLabel('Tu respuesta')
          .fill('Ya lo cargamos: revisa Contabilidad › Estado de situación financiera.');
        await firm.getByRole('button', { name: 'Enviar respuesta' }).click();
        await firm.getByText('Tu mensaje fue enviado.').waitFor();
        await firm.getByTestId('ticket-status').getByText('Respondido: esperando al cliente').waitFor();
        await accessible(firm, `support-ticket-firm-${viewport.width}`);

        // The client is mailed in the firm's name, with a link to the ticket; it finds the answer in 'Mis tickets'.
        const mail = await waitForMailWhere(client.email, (m) => m.subject.includes(`#${number}:`));
        expect(mail.subject).toBe(`Respuesta a tu ticket #${number}: ${subject}`);
        expect(bodyOf(mail)).toContain('Contadores Andes');
        expect(bodyOf(mail)).toContain('revisa Contabilidad');
        expect(bodyOf(mail)).toMatch(/\/support\/tickets\/[0-9a-f-]{36}/);
        await page.getByRole('button', { name: 'Menú de usuario' }).click();
        await page.getByRole('menuitem', { name: 'Mis tickets' }).click();
        await page.waitForURL(`${webUrl}/support/mine`);
        const row = page.getByRole('row', { name: new RegExp(subject) });
        await row.getByText('Respondido').waitFor();
        await accessible(page, `support-my-tickets-${viewport.width}`);
        await row.getByRole('link', { name: subject }).click();
        await page.getByText('Ya lo cargamos: revisa Contabilidad › Estado de situación financiera.').waitFor();
        expect(await page.getByTestId('ticket-status').textContent()).toBe('Respondido');
        const sides = await page
          .locator('.ticket-message')
          .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-side')));
        expect(sides).toEqual(['CLIENT', 'FIRM']);
        await accessible(page, `support-ticket-client-${viewport.width}`);
      } finally {
        await asClient.context.close();
        await asFirm.context.close();
      }
    });
  }
});
