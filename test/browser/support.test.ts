import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { listSupportTickets } from '../../shared/contracts/external';
import { call, signIn } from '../helpers/api';
import { launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';
import { waitForMail } from '../helpers/mail';

/** Support: the ticket from 'Ayuda' and from /support, stored and mailed; the carousel; the tickets list. */
const { webUrl } = inject('portal');
const PROJECT_CONTACT = 'contacto@andes.demo.cl';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fillTicket(page: Page, subject: string, description: string) {
  // The top bar and /support each hold a ticket modal: the open one is the one to fill.
  const modal = page.locator('dialog[open][data-testid="ticket-modal"]');
  await modal.getByRole('heading', { name: 'Ticket de soporte' }).waitFor();
  const send = modal.getByRole('button', { name: 'Enviar' });
  expect(await send.isDisabled()).toBe(true);
  await modal.getByLabel('Asunto').fill(subject);
  await modal.getByLabel('Descripción').fill('abc');
  expect(await send.isDisabled()).toBe(true);
  await modal.getByLabel('Descripción').fill(description);
  expect(await send.isEnabled()).toBe(true);
  await send.click();
  // The answer names the ticket's number.
  await page.getByText(/^Recibimos tu solicitud\. Número de ticket: #\d+$/).waitFor();
  expect(await modal.count()).toBe(0);
}

describe('support ticket', () => {
  test("from the top bar's 'Ayuda': stored with user and project, and mailed to the project contact", async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInWithCookies(context, webUrl, 'sociedad@demo.cl');
      await page.goto(`${webUrl}/home`);
      await page.getByRole('button', { name: 'Ayuda' }).click();
      await page.getByRole('menuitem', { name: 'Ticket de soporte' }).click();
      const subject = `Ayuda navegador ${randomUUID().slice(0, 8)}`;
      await fillTicket(page, subject, 'No veo el balance de octubre de Minera Atacama.');

      const superAdmin = (await signIn('superadmin@demo.cl')).access;
      const { body } = await call(listSupportTickets, { token: superAdmin, query: { search: subject } });
      expect(body.results).toHaveLength(1);
      expect(body.results[0]).toMatchObject({
        subject,
        status: 'OPEN',
        user: { email: 'sociedad@demo.cl' },
        project: { project_name: 'Contadores Andes' },
      });
      const mail = await waitForMail(PROJECT_CONTACT, subject);
      expect(mail.body.text).toContain('No veo el balance de octubre de Minera Atacama.');
    } finally {
      await context.close();
    }
  });

  test('/support: carousel slides, messaging link from the project phone, ticket; the project admin closes it', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInWithCookies(context, webUrl, 'proyecto@demo.cl');
      await page.goto(`${webUrl}/support`);
      await page.getByRole('heading', { name: '¿Cómo podemos ayudarte?' }).waitFor();
      const whatsapp = page.getByRole('link', { name: /Escríbenos por WhatsApp/ });
      expect(await whatsapp.getAttribute('href')).toBe('https://wa.me/56223456789');
      const slide = page.locator('.support-slide');
      expect(await slide.evaluate((e) => getComputedStyle(e).animationDuration)).toBe('0.5s');

      const subject = `Soporte navegador ${randomUUID().slice(0, 8)}`;
      await page.getByRole('button', { name: 'Abrir ticket de soporte' }).click();
      await fillTicket(page, subject, 'Necesito agregar un usuario a Grupo Norte.');
      await waitForMail(PROJECT_CONTACT, subject);

      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('heading', { name: 'Asistente tributario y contable' }).waitFor();
      expect(await slide.evaluate((e) => getComputedStyle(e).animationDuration)).toBe('1s');
      expect(page.url()).toBe(`${webUrl}/support?slide=2`);
      await screenshot(page, 'support-chatbot-slide');

      await page.getByRole('button', { name: 'Anterior' }).click();
      await page.getByRole('link', { name: 'Ver tickets de soporte' }).click();
      await page.waitForURL(`${webUrl}/support/tickets`);
      const row = page.getByRole('row', { name: new RegExp(subject) });
      await row.waitFor();
      expect(await row.getByText('Abierto').isVisible()).toBe(true);
      await row.getByRole('button', { name: 'Cerrar ticket' }).click();
      await row.waitFor({ state: 'detached' });
      await page.getByLabel('Estado').selectOption('CLOSED');
      await page
        .getByRole('row', { name: new RegExp(subject) })
        .getByText('Cerrado')
        .waitFor();
      await screenshot(page, 'support-tickets');
    } finally {
      await context.close();
    }
  });

  test('a USER_SOCIETY has no tickets list: /support/tickets sends it home', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInWithCookies(context, webUrl, 'sociedad@demo.cl');
      await page.goto(`${webUrl}/support`);
      await page.getByRole('heading', { name: '¿Cómo podemos ayudarte?' }).waitFor();
      expect(await page.getByRole('link', { name: 'Ver tickets de soporte' }).count()).toBe(0);
      await page.goto(`${webUrl}/support/tickets`);
      await page.waitForURL(`${webUrl}/home`);
    } finally {
      await context.close();
    }
  });
});

describe('the admin menu', () => {
  test.each([
    ['superadmin@demo.cl', '/admin/projects', true],
    ['proyecto@demo.cl', '/admin/group', true],
    ['grupo@demo.cl', '/admin/society', false],
  ])('%s on %s: a tickets entry leading to /support/tickets is %s', async (email, path, shown) => {
    const { context, page } = await newPage(browser);
    try {
      await signInWithCookies(context, webUrl, email);
      await page.goto(`${webUrl}${path}`);
      const menu = page.getByRole('navigation', { name: 'Navegación de administración' });
      await menu.getByRole('link', { name: 'Volver al portal' }).waitFor();
      const entry = menu.getByRole('link', { name: 'Tickets de soporte' });
      expect(await entry.count()).toBe(shown ? 1 : 0);
      if (!shown) return;
      await entry.click();
      await page.waitForURL(`${webUrl}/support/tickets`);
      await page.getByRole('heading', { name: 'Tickets de soporte' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
