import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { rutCheckDigit } from '../../shared/rut';
import { launchBrowser, newPage, screenshot, signInWithCookies } from '../helpers/browser';
import { tokenFrom, waitForMail } from '../helpers/mail';

/**
 * In the browser, the journey of a person a firm imports: the CSV row's names, RUT and phone travel with
 * the invitation; the mail carries the firm's logo, name and colours; the registration page names the firm and
 * starts from the row; after registering the person is signed in; importing the file again says who was invited.
 */
const { webUrl, mailUrl } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The stored mail's inline images, as aws-ses-v2-local keeps them (base64 content, content id). */
interface StoredAttachment {
  contentId?: string;
  contentType: string;
  content: string;
}

describe('a person invited by CSV', () => {
  test('gets a branded mail, finds the registration form filled in, and lands signed in', async () => {
    const id = randomUUID().slice(0, 8);
    const email = `csv-persona-${id}@demo.cl`;
    const body = String(15_000_000 + Math.floor(Math.random() * 9_000_000));
    const dotted = `${body.slice(0, 2)}.${body.slice(2, 5)}.${body.slice(5)}-${rutCheckDigit(body)}`;
    const csv = Buffer.from(
      [
        'email,first_name,last_name,rut_user,phone_number,user_role,project,group,society',
        `${email},Lucía,Rojas Peña,${dotted},+56 9 5555 4444,USER_GROUP,Contadores Andes,Grupo Norte,`,
      ].join('\n'),
    );
    const admin = await newPage(browser);
    try {
      await signInWithCookies(admin.context, webUrl, 'proyecto@demo.cl');
      await admin.page.goto(`${webUrl}/admin/users/import`);
      await admin.page.getByRole('heading', { name: 'Importar usuarios' }).waitFor();
      // The help names the roles in Spanish beside their codes.
      await admin.page.getByTestId('csv-help').getByText('USER_GROUP (Usuario de grupos)', { exact: false }).waitFor();
      await admin.page
        .getByLabel('Archivo CSV (*)')
        .setInputFiles({ name: 'usuarios.csv', mimeType: 'text/csv', buffer: csv });
      await admin.page.getByRole('button', { name: 'Importar usuarios' }).click();
      await admin.page.getByRole('heading', { name: 'Usuarios creados con éxito' }).waitFor();

      // The same file again: the row is reported as already invited, with the way on to the pending invitations.
      await admin.page
        .getByLabel('Archivo CSV (*)')
        .setInputFiles({ name: 'usuarios.csv', mimeType: 'text/csv', buffer: csv });
      await admin.page.getByRole('button', { name: 'Importar usuarios' }).click();
      const results = admin.page.getByTestId('import-results');
      await results.locator('[data-row="2"]').getByText('Ya invitado').waitFor();
      expect(await admin.page.getByTestId('import-summary').textContent()).toBe(
        '0 usuarios invitados, 0 filas con errores, 1 ya invitado o registrado antes.',
      );
      await screenshot(admin.page, 'backoffice-reimport');
      await admin.page.getByRole('link', { name: 'Ver invitaciones pendientes' }).click();
      await admin.page.getByLabel('Buscar usuario').fill(email);
      const pending = admin.page.getByRole('table', { name: 'Invitaciones pendientes' });
      const invitationRow = pending.getByRole('row').filter({ hasText: email });
      await invitationRow.waitFor();
      // Where it leads and how old it is.
      // Waited for, not read once: under load the row can be found before its cells are laid out.
      await invitationRow.getByText('Grupo Norte').waitFor({ state: 'visible' });
      await invitationRow.getByText('Hoy').waitFor({ state: 'visible' });
    } finally {
      await admin.context.close();
    }

    // The mail, rendered from the local SES store as a mail client would: its inline logo resolved from the stored
    // attachment by content id.
    const mail = await waitForMail(email, 'Invitación');
    const store = (await (await fetch(`${mailUrl}/store`)).json()) as {
      emails: Array<{ messageId: string; attachments?: StoredAttachment[] }>;
    };
    const attachments = store.emails.find((m) => m.messageId === mail.messageId)?.attachments ?? [];
    const logo = attachments.find((a) => a.contentId === 'logo');
    expect(logo?.contentType).toBe('image/png');
    const html = (mail.body.html ?? '').replace('cid:logo', `data:${logo?.contentType};base64,${logo?.content}`);
    expect(mail.body.html).toContain('src="cid:logo"');
    expect(mail.body.html).toContain('#005A9F');
    expect(mail.body.html).toContain('#F2A900');
    // One form of address: tú, never usted.
    expect(mail.body.text).not.toMatch(/\b(copie|su navegador|usted)\b/);
    const viewer = await newPage(browser);
    try {
      await viewer.page.setContent(html);
      const shown = viewer.page.getByRole('img', { name: 'Contadores Andes' });
      await shown.waitFor();
      expect(await shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await viewer.page.getByRole('heading', { name: 'Contadores Andes te invita a su portal de clientes' }).waitFor();
      await screenshot(viewer.page, 'backoffice-invitation-mail');
    } finally {
      await viewer.context.close();
    }

    const guest = await newPage(browser);
    try {
      await guest.page.goto(`${webUrl}/register/${tokenFrom(mail, 'register')}`);
      await guest.page.getByText('Contadores Andes te invita a su portal de clientes').waitFor();
      // Waited for, not read once: the logo has no size until its file arrives, after the invitation's text.
      const brandLogo = guest.page.getByRole('img', { name: 'Logo de Contadores Andes' });
      await expect.poll(() => brandLogo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await brandLogo.isVisible()).toBe(true);
      // Filled in from the row, the RUT shown with dots.
      expect(await guest.page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Lucía');
      expect(await guest.page.getByLabel('Apellidos').inputValue()).toBe('Rojas Peña');
      expect(await guest.page.getByLabel('RUT (opcional)').inputValue()).toBe(dotted);
      expect(await guest.page.getByLabel('Teléfono (opcional)').inputValue()).toBe('+56955554444');
      await guest.page.getByLabel('Contraseña', { exact: true }).fill('Registro.Csv1');
      await guest.page.getByLabel('Confirmar contraseña').fill('Registro.Csv1');
      await screenshot(guest.page, 'backoffice-register-prefilled');
      await guest.page.getByRole('button', { name: 'Finalizar registro' }).click();
      // Signed in at once: the home page greets the person, no login in between.
      await guest.page.waitForURL(`${webUrl}/home`);
      await guest.page.getByRole('heading', { name: 'Hola Lucía' }).waitFor();
      await screenshot(guest.page, 'backoffice-registered-home');
    } finally {
      await guest.context.close();
    }
  });
});
