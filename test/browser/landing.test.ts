import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';
import { waitForMail } from '../helpers/mail';

/** The public landing at / (portal spec §2): sections, branding in the footer, nav, contact by SES. */
const { webUrl, unbrandedWebUrl, env } = inject('portal');
const firmAddress = (env.CONTACT_EMAIL || env.MAIL_FROM) as string;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('landing', () => {
  test('sections, footer from the branding, solid nav after 50 px, turning image, Ingresar → /login', async () => {
    // A short window, so the solution image starts below the fold.
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 560 } });
    try {
      await page.goto(`${webUrl}/`);
      await page
        .getByRole('heading', { level: 1, name: 'Tu contabilidad y tus reportes, en un solo portal' })
        .waitFor();
      for (const heading of [
        'Agenda una demostración',
        'Una solución en la nube',
        'Características',
        'Información de interés',
      ])
        expect(await page.getByRole('heading', { level: 2, name: heading }).isVisible(), heading).toBe(true);
      expect(await page.getByRole('heading', { level: 3, name: 'Documentos seguros' }).isVisible()).toBe(true);
      // No claim the product cannot show (an audit certification, AI cost allocation, an SLA).
      expect(await page.locator('body').innerText()).not.toMatch(/SOC 1|con IA|SLA/);
      // The footer shows the support phone and e-mail of the project serving this origin (local/seed.ts).
      await page.getByTestId('footer-phone').waitFor();
      expect(await page.getByTestId('footer-phone').textContent()).toBe('+56223456789');
      expect(await page.getByTestId('footer-email').textContent()).toBe('contacto@andes.demo.cl');
      // One of the five hero images, by ISO week.
      expect(Number(await page.locator('.landing-hero').getAttribute('data-hero'))).toBeGreaterThanOrEqual(1);

      const nav = page.getByTestId('landing-nav');
      expect(await nav.getAttribute('data-solid')).toBe('false');
      const image = page.getByTestId('solution-image');
      expect(await image.getAttribute('data-turned')).toBe('false');
      await page.mouse.wheel(0, 40);
      await page.waitForFunction(() => window.scrollY > 0);
      expect(await nav.getAttribute('data-solid')).toBe('false');
      await image.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="landing-nav"]')?.getAttribute('data-solid') === 'true',
      );
      await page.waitForFunction(
        () => document.querySelector('[data-testid="solution-image"]')?.getAttribute('data-turned') === 'true',
      );
      const animation = await image.evaluate((element) => getComputedStyle(element).animationName);
      expect(animation).toBe('landing-turn');
      await screenshot(page, 'landing-desktop');

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.waitForURL(`${webUrl}/login`);
      await page.getByRole('heading', { name: 'Ingresa a tu cuenta' }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('the contact modal at 375 px: says what is wrong, sends, shows that it went, and the firm can reply', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    try {
      await page.goto(`${webUrl}/`);
      await page.getByRole('button', { name: 'Agendar demo' }).click();
      const modal = page.getByTestId('contact-modal');
      await modal.getByRole('heading', { name: 'Contáctanos' }).waitFor();
      expect(await modal.getByLabel('Asunto').inputValue()).toBe('Quiero agendar una demostración');
      const send = modal.getByRole('button', { name: 'Enviar' });
      expect(await send.isDisabled()).toBe(true);
      expect(await modal.getByText(/Máximo 1024 caracteres/).isVisible()).toBe(true);

      const subject = `Demo navegador ${randomUUID().slice(0, 8)}`;
      // A mistyped address is named once the field is left, not only a greyed 'Enviar'.
      await modal.getByLabel('Correo electrónico').fill('visita@empresa');
      await modal.getByLabel('Asunto').focus();
      await modal.getByText('El email debe tener el siguiente formato nombre@dominio.cl').waitFor();
      await modal.getByLabel('Correo electrónico').fill('visita@empresa.cl');
      expect(await modal.getByText('El email debe tener el siguiente formato nombre@dominio.cl').count()).toBe(0);
      await modal.getByLabel('Asunto').fill(subject);
      await modal.getByLabel('Descripción').fill('x'.repeat(1025));
      expect(await send.isDisabled()).toBe(true);
      await modal.getByLabel('Descripción').fill('Somos 12 sociedades y queremos ver el portal.');
      expect(await send.isEnabled()).toBe(true);
      await send.click();
      await page.getByTestId('contact-sent').waitFor();
      expect(await modal.isVisible()).toBe(false);
      // The banner is brought into view on the phone.
      await expect
        .poll(async () => {
          const box = await page.getByTestId('contact-sent').boundingBox();
          return box !== null && box.y >= 0 && box.y + box.height <= 740;
        })
        .toBe(true);

      const mail = await waitForMail(firmAddress, subject);
      expect(mail.body.text).toContain('visita@empresa.cl');
      expect(mail.body.text).toContain('Somos 12 sociedades y queremos ver el portal.');
      expect(mail.replyTo).toEqual(['visita@empresa.cl']);
    } finally {
      await context.close();
    }
  });

  test('at 375 px the landing has no horizontal scroll', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    try {
      await page.goto(`${webUrl}/`);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, 'landing-375');
    } finally {
      await context.close();
    }
  });

  /** The same portal by an address no firm brands: the portal's generic domain. */
  const genericUrl = unbrandedWebUrl;

  test('on the generic domain the footer offers the contact form, and a signed-in client still reaches its firm by WhatsApp', async () => {
    expect(genericUrl).not.toBe(webUrl);
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    try {
      await page.goto(`${genericUrl}/`);
      const write = page.getByTestId('footer-contact');
      await write.waitFor();
      expect(await page.getByTestId('footer-phone').count()).toBe(0);
      await write.click();
      await page.getByRole('dialog', { name: 'Contáctanos' }).waitFor();

      await signInWithCookies(context, genericUrl, 'sociedad@demo.cl');
      await page.goto(`${genericUrl}/support`);
      // The firm of the person (Contadores Andes, local/seed.ts), not the address, gives the phone.
      const whatsapp = page.getByRole('link', { name: /WhatsApp/ });
      await whatsapp.waitFor();
      expect(await whatsapp.getAttribute('href')).toBe('https://wa.me/56223456789');
    } finally {
      await context.close();
    }
  });
});
