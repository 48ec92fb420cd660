import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { generateInvitation } from '../../shared/contracts/registration';
import { expectFitsAndAccessible } from '../helpers/a11y';
import { call } from '../helpers/api';
import { launchBrowser, newPage, signInWithCookies } from '../helpers/browser';
import { createTestUser, tableAccess } from '../helpers/db';
import { freshFirm } from '../helpers/quota-firm';

/**
 * An address SES reported, as the admin meets it: the pending invitation to a bounced address and the detail of a
 * user who complained say 'Correo rechazado', why and since when, in Spanish. At 1366 and 375 px, with no serious axe
 * violation and nothing wider than the screen.
 */
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

const sns = (event: object) => ({ Records: [{ Sns: { Message: JSON.stringify(event) } }] });

describe.concurrent('suppressed addresses in the back office', () => {
  for (const { name, viewport } of VIEWPORTS) {
    test(`${name}: the bounced invitation and the complaining user say 'Correo rechazado'`, {
      timeout: 120_000,
    }, async () => {
      await tableAccess();
      const { handler } = await import('../../functions/external/ses-events');
      const firm = await freshFirm();
      const email = `rebote-${randomUUID().slice(0, 8)}@prueba.cl`;
      const invited = await call(generateInvitation, {
        token: firm.admin.token,
        body: { user_role: 'USER_GROUP', email, group: [firm.group] },
      });
      expect(invited.status).toBe(201);
      const person = await createTestUser('USER_SOCIETY', [firm.project], 'queja');
      await handler(
        sns({
          eventType: 'Bounce',
          bounce: {
            bounceType: 'Permanent',
            bounceSubType: 'General',
            bouncedRecipients: [{ emailAddress: email }],
            timestamp: '2026-05-02T12:00:01.000Z',
          },
        }),
      );
      await handler(
        sns({
          eventType: 'Complaint',
          complaint: {
            complainedRecipients: [{ emailAddress: person.email }],
            complaintFeedbackType: 'abuse',
            timestamp: '2026-05-03T08:30:00.000Z',
          },
        }),
      );

      const { context, page } = await newPage(browser, { viewport });
      try {
        await signInWithCookies(context, webUrl, firm.admin.email);
        await page.goto(`${webUrl}/admin/users`);
        await page.getByLabel('Buscar usuario').fill(email);
        await page.waitForURL((url) => url.hash.includes(`search=${encodeURIComponent(email)}`));
        const pending = page.getByRole('table', { name: 'Invitaciones pendientes' }).getByRole('row').filter({
          hasText: email,
        });
        const shown = pending.getByTestId('mail-suppressed');
        await shown.waitFor();
        expect(await shown.innerText()).toMatch(
          /^Correo rechazado\s+La dirección no existe o no recibe correo, desde el 02-05-2026\.$/,
        );
        await expectFitsAndAccessible(page, `mail-suppressed-invitation-${name}`);

        await page.goto(`${webUrl}/admin/users/detail/${person.uuid}`);
        const detail = page.getByTestId('mail-suppressed');
        await detail.waitFor();
        expect(await detail.innerText()).toMatch(
          /^Correo rechazado\s+Marcó un correo nuestro como spam, desde el 03-05-2026\.\s+Ya no enviamos correos a esta dirección\. Revisa que esté bien escrita o pídele otra a la persona\.$/,
        );
        await expectFitsAndAccessible(page, `mail-suppressed-user-${name}`);
      } finally {
        await context.close();
      }
    });
  }
});
