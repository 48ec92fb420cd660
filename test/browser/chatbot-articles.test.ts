import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { seriousViolations, settled } from '../helpers/a11y';
import { launchBrowser, newPage, openDrawer, pickOne, screenshot, signInWithCookies } from '../helpers/browser';

/**
 * The chatbot's articles as a firm keeps them: its PROJECT_ADMIN opens 'Artículos del asistente' by clicking from
 * /home, reads the shared list (not editable), adds the firm's own article, changes and deletes it; its client asks
 * and the answer cites that article and its source. At 1366 px and 375 px, axe clean.
 */
const { webUrl } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** From /home to the articles screen through the admin panel (on a phone, through the menu drawer). */
async function openArticles(page: Page, phone: boolean) {
  await page.goto(`${webUrl}/home`);
  if (phone) await openDrawer(page);
  await page.getByRole('link', { name: 'Panel de administración' }).click();
  if (phone) await openDrawer(page);
  const adminMenu = page.getByRole('navigation', { name: 'Navegación de administración' });
  await adminMenu.getByRole('link', { name: 'Artículos del asistente' }).click();
  await page.waitForURL(`${webUrl}/admin/chatbot`);
  await page.getByRole('heading', { level: 2, name: 'Artículos del asistente' }).waitFor();
}

async function expectAxeClean(page: Page) {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

/** The chatbot: slide two of /support on a wide screen, its own page /chatbot on a phone. */
async function ask(page: Page, question: string) {
  const phone = (page.viewportSize()?.width ?? 1366) < 1024;
  await page.goto(phone ? `${webUrl}/chatbot` : `${webUrl}/support?slide=2`);
  await page.getByLabel('Tu pregunta').fill(question);
  await page.getByRole('button', { name: 'Preguntar' }).click();
  await page.getByTestId('chatbot-answer').last().waitFor();
}

describe("a firm's chatbot articles", () => {
  for (const [width, phone] of [
    [1366, false],
    [375, true],
  ] as const) {
    test(`${width} px: the firm adds, changes and deletes its article; its client's answer cites it`, async () => {
      const word = `chincol${randomUUID().slice(0, 5)}`;
      const title = `Entrega de documentos ${word}`;
      const admin = await newPage(browser, { viewport: { width, height: 900 } });
      const client = await newPage(browser, { viewport: { width, height: 900 } });
      try {
        await signInWithCookies(admin.context, webUrl, 'proyecto@demo.cl');
        const page = admin.page;
        await openArticles(page, phone);
        // The shared list first: the starters, which a PROJECT_ADMIN reads but does not change.
        await page.getByText('Formulario 29: declaración mensual de IVA y otros impuestos').first().waitFor();
        await page
          .getByText('Los artículos compartidos los mantiene el superadministrador', { exact: false })
          .waitFor();
        expect(await page.getByRole('button', { name: 'Agregar artículo' }).count()).toBe(0);
        await expectAxeClean(page);

        await pickOne(page, 'Lista', 'Contadores Andes', 'Andes');
        await page.getByRole('button', { name: 'Agregar artículo' }).click();
        const dialog = page.getByRole('dialog', { name: 'Nuevo artículo' });
        await dialog.getByLabel('Título').fill(title);
        await dialog
          .getByLabel('Texto')
          .fill(`Recibimos los documentos del ${word} hasta el día 5 de cada mes.\n\nLuego de esa fecha, escríbenos.`);
        await dialog.getByLabel('Fuente').fill('Política de la firma');
        await expectAxeClean(page);
        await dialog.getByRole('button', { name: 'Guardar' }).click();
        await page
          .getByRole('status')
          .filter({ hasText: `Artículo "${title}" agregado.` })
          .waitFor();
        await page.getByRole('table', { name: 'Artículos' }).getByText(title).waitFor();
        await screenshot(page, `chatbot-articles-${width}`);

        await signInWithCookies(client.context, webUrl, 'sociedad@demo.cl');
        await ask(client.page, `¿Hasta qué día reciben los documentos del ${word}?`);
        const source = client.page.getByTestId('chatbot-source').last();
        expect(await source.locator('summary').textContent()).toBe(`Fuente: ${title}`);
        await source.locator('summary').click();
        await source.getByText('Origen de la información: Política de la firma').waitFor();
        expect(await client.page.getByTestId('chatbot-answer').last().textContent()).toContain('día 5');

        // A change answers at once; a deleted article no longer does.
        await page.getByRole('button', { name: `Editar ${title}` }).click();
        const edit = page.getByRole('dialog', { name: 'Editar artículo' });
        await edit.getByLabel('Texto').fill(`Recibimos los documentos del ${word} hasta el día 9 de cada mes.`);
        await edit.getByRole('button', { name: 'Guardar' }).click();
        await page
          .getByRole('status')
          .filter({ hasText: `Artículo "${title}" guardado.` })
          .waitFor();
        await ask(client.page, `¿Hasta qué día reciben los documentos del ${word}?`);
        expect(await client.page.getByTestId('chatbot-answer').last().textContent()).toContain('día 9');

        await page.getByRole('button', { name: `Acciones de ${title}` }).click();
        await page.getByRole('menuitem', { name: 'Eliminar' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Seguro' }).click();
        await page.getByRole('status').filter({ hasText: 'Artículo eliminado.' }).waitFor();
        await ask(client.page, `¿Hasta qué día reciben los documentos del ${word}?`);
        const after = client.page.getByTestId('chatbot-exchange').last();
        expect(await after.textContent()).not.toContain(title);
        await expectAxeClean(client.page);
      } finally {
        await admin.context.close();
        await client.context.close();
      }
    });
  }
});
