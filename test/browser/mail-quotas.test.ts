import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { generateInvitation, resendInvitation } from '../../shared/contracts/registration';
import { expectFitsAndAccessible } from '../helpers/a11y';
import { call } from '../helpers/api';
import { launchBrowser, newPage, signInWithCookies } from '../helpers/browser';
import { exhaust, freshFirm } from '../helpers/quota-firm';

/**
 * Mail quotas as an admin meets them (the back office's red list prefixes each line with '- '): the resend refused by the cooldown and the CSV import refused by the
 * day's cap say so in Spanish with the wait, and an import that went says its mails are queued. At 1366 and 375 px,
 * with no serious axe violation and nothing wider than the screen.
 */
// Its users belong to projects of the test's own, so they use the portal no firm brands.
const { unbrandedWebUrl: webUrl } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1366, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 740 } },
] as const;

const csvFile = (email: string, group: string) => ({
  name: 'usuarios.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`email,first_name,last_name,user_role,project,group\n${email},Ana,Cola,USER_GROUP,,${group}\n`),
});

describe.concurrent('mail quotas in the back office', () => {
  for (const { name, viewport } of VIEWPORTS) {
    test(`${name}: a resend within the cooldown and an import past the day's cap are refused in Spanish`, {
      timeout: 120_000,
    }, async () => {
      const firm = await freshFirm();
      const email = `cuota-${randomUUID().slice(0, 8)}@prueba.cl`;
      const invited = await call(generateInvitation, {
        token: firm.admin.token,
        body: { user_role: 'USER_GROUP', email, group: [firm.group] },
      });
      expect(invited.status).toBe(201);
      // The first resend goes at once; the one clicked below falls within its cooldown.
      expect(
        (await call(resendInvitation, { token: firm.admin.token, params: { id: invited.body.uuid } })).status,
      ).toBe(200);
      const { context, page } = await newPage(browser, { viewport });
      try {
        await signInWithCookies(context, webUrl, firm.admin.email);
        await page.goto(`${webUrl}/admin/users`);
        await page.getByLabel('Buscar usuario').fill(email);
        await page.waitForURL((url) => url.hash.includes(`search=${encodeURIComponent(email)}`));
        const pending = page.getByRole('table', { name: 'Invitaciones pendientes' }).getByRole('row').filter({
          hasText: email,
        });
        await pending.getByRole('button', { name: 'Reenviar' }).click();
        const cooldown = page.getByText(
          /^- Esta invitación se reenvió hace poco\. Podrás reenviarla en \d+ minutos?\.$/,
        );
        await cooldown.waitFor();
        expect(await pending.getByTestId('resent').count()).toBe(0);
        await expectFitsAndAccessible(page, `quota-resend-cooldown-${name}`);

        // An import that goes: its mails are queued.
        await page.goto(`${webUrl}/admin/users/import`);
        const run = page.getByRole('button', { name: 'Importar usuarios' });
        await page
          .getByLabel('Archivo CSV (*)')
          .setInputFiles(csvFile(`cola-${randomUUID().slice(0, 8)}@prueba.cl`, firm.groupName));
        await run.click();
        await page.getByTestId('import-queued').waitFor();
        expect(await page.getByTestId('import-queued').textContent()).toBe(
          'El correo de invitación quedó en cola y se enviará en los próximos minutos.',
        );
        await expectFitsAndAccessible(page, `quota-import-queued-${name}`);

        // The day's invitation mails spent: the next file is refused whole, with the wait.
        await exhaust('MAIL_ADMIN', firm.admin.uuid);
        await page.getByRole('button', { name: 'Eliminar archivo' }).click();
        await page
          .getByLabel('Archivo CSV (*)')
          .setInputFiles(csvFile(`tope-${randomUUID().slice(0, 8)}@prueba.cl`, firm.groupName));
        await run.click();
        await page
          .getByText(
            /^- Se alcanzó el límite diario de correos de invitación\. Podrás enviar más en \d+ (horas?|minutos?|segundos?)( y \d+ minutos?)?\.$/,
          )
          .waitFor();
        expect(await page.getByTestId('import-results').count()).toBe(0);
        await expectFitsAndAccessible(page, `quota-import-refused-${name}`);
      } finally {
        await context.close();
      }
    });
  }
});
