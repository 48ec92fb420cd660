import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';

/** The chatbot: /chatbot below 1024 px, slide two of /support above; every answer names its article. */
const { webUrl } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('chatbot', () => {
  test('on a phone, /chatbot answers an F29 question with the F29 article, and says so when nothing matches', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    try {
      await signInWithCookies(context, webUrl, 'usuariogrupo@demo.cl');
      await page.goto(`${webUrl}/chatbot`);
      await page.getByRole('heading', { level: 1, name: 'Asistente tributario y contable' }).waitFor();
      await page.getByLabel('Tu pregunta').fill('¿Hasta cuándo puedo declarar el F29?');
      await page.getByRole('button', { name: 'Preguntar' }).click();
      const answer = page.getByTestId('chatbot-answer');
      await answer.waitFor();
      expect(await answer.textContent()).toContain('día 12');
      const source = page.getByTestId('chatbot-source');
      expect(await source.locator('summary').textContent()).toBe(
        'Fuente: Formulario 29: declaración mensual de IVA y otros impuestos',
      );
      await screenshot(page, 'chatbot-375');

      await page.getByLabel('Tu pregunta').fill('receta de empanadas de pino');
      await page.getByRole('button', { name: 'Preguntar' }).click();
      await page.getByTestId('chatbot-no-match').waitFor();
      expect(await page.getByTestId('chatbot-exchange').count()).toBe(2);
    } finally {
      await context.close();
    }
  });

  test('on a wide screen /chatbot shows the home view, and the chat lives in slide two of /support', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInWithCookies(context, webUrl, 'usuariogrupo@demo.cl');
      await page.goto(`${webUrl}/chatbot`);
      await page.waitForURL(`${webUrl}/home`);
      await page.goto(`${webUrl}/support?slide=2`);
      await page.getByLabel('Tu pregunta').fill('¿Cuánto se retiene en una boleta de honorarios?');
      await page.getByRole('button', { name: 'Preguntar' }).click();
      await page.getByTestId('chatbot-answer').waitFor();
      expect(await page.getByTestId('chatbot-source').locator('summary').textContent()).toContain(
        'Boletas de honorarios',
      );
    } finally {
      await context.close();
    }
  });
});
