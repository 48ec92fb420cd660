import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import * as groups from '../../shared/contracts/groups';
import { createRequest } from '../../shared/contracts/requests';
import * as societies from '../../shared/contracts/societies';
import { expectFitsAndAccessible } from '../helpers/a11y';
import { call, ok, signIn } from '../helpers/api';
import { clickNav, landed, launchBrowser, newPage, pickOne, signInWithCookies } from '../helpers/browser';
import { createTestUser } from '../helpers/db';
import { unique } from '../helpers/fresh';
import { societyBody } from '../helpers/societies';

/**
 * 'Solicitudes' by clicking, at 1366 and 375 px: a firm's project admin writes a monthly template on the templates
 * screen (its first item with a template file), schedules it for a group and stops it, and asks the group for it; the
 * group's client user finds the request first on its home, downloads the item's template file, uploads into one item
 * (the bar shows the upload's progress) and answers the other 'no aplica'; the admin returns the file with a comment;
 * the client reads why and uploads again; the admin accepts both and the request is complete; the client turns its
 * reminders off on 'Mi perfil'. Every screen fits and is axe clean.
 */
const { webUrl, demo } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** In the demo firm: a project admin, and a group of its own with one society and that society's client user. */
async function firm() {
  const sa = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
  const project = demo.projects.andes;
  const [admin, client] = await Promise.all([
    createTestUser('PROJECT_ADMIN', [project]),
    createTestUser('USER_SOCIETY', [project]),
  ]);
  const groupName = `Grupo Solicitudes ${unique()}`;
  const group = ok(
    'group',
    await call(groups.createGroup, {
      token: sa,
      body: { group_name: groupName, group_description: 'Solicitudes', project, admin: [], user: [] },
    }),
  ).uuid;
  const societyName = `Sociedad Solicitudes ${unique()} SpA`;
  ok(
    'society',
    await call(societies.createSociety, {
      token: sa,
      body: societyBody(group, { society_business_name: societyName, user: [client.uuid] }),
    }),
  );
  return { admin, client, group, groupName, societyName };
}

/** A small PDF as the file input takes it. */
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n${'0'.repeat(200_000)}\n%%EOF\n`),
});

/**
 * Uploads a file into an item and waits for it to be delivered. The upload's progress bar is watched from the page:
 * the values it showed are returned (it shows while the file goes up and leaves once the item holds it).
 */
async function upload(page: Page, item: Locator, itemName: string, file: ReturnType<typeof pdf>): Promise<number[]> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const look = () => {
      const bar = document.querySelector<HTMLProgressElement>('[data-testid="upload-progress"]');
      if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await item.getByLabel(`Archivo para ${itemName}`).setInputFiles(file);
  await item.getByRole('button', { name: 'Enviar archivo' }).click();
  await item.getByText(`${file.name} quedó entregado.`).waitFor();
  await item.getByRole('button', { name: `Descargar ${file.name}` }).waitFor();
  return page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

describe.concurrent('a firm asks its client for files and reviews them', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 375, height: 740 },
  ]) {
    test(`at ${viewport.width} px`, { timeout: 180_000 }, async () => {
      const { admin, client, groupName, societyName } = await firm();
      const templateName = `Cierre mensual ${unique()}`;
      const asFirm = await newPage(browser, { viewport });
      const asClient = await newPage(browser, { viewport });
      try {
        // The admin, from /home: Solicitudes, the templates, a new template with two items.
        await signInWithCookies(asFirm.context, webUrl, admin.email);
        const firmPage = asFirm.page;
        await firmPage.goto(`${webUrl}/home`);
        await landed(firmPage);
        await firmPage.getByTestId('home-requests').getByRole('heading', { name: 'Solicitudes abiertas' }).waitFor();
        await clickNav(firmPage, 'Solicitudes');
        await firmPage.waitForURL(`${webUrl}/requests`);
        await firmPage.getByRole('heading', { level: 1, name: 'Solicitudes' }).waitFor();
        await expectFitsAndAccessible(firmPage, `requests-board-${viewport.width}`);
        await firmPage.getByRole('link', { name: 'Plantillas y solicitudes recurrentes' }).click();
        await firmPage.getByRole('heading', { level: 1, name: 'Plantillas de solicitudes' }).waitFor();
        await firmPage.getByRole('button', { name: 'Nueva plantilla' }).click();
        const templateForm = firmPage.getByRole('form', { name: 'Nueva plantilla' });
        await templateForm.getByLabel('Nombre', { exact: true }).fill(templateName);
        await templateForm.getByLabel('Nombre del ítem 1').fill('Libro de compras');
        await templateForm.getByLabel('Nota del ítem 1 (opcional)').fill('El de marzo, en PDF.');
        // The item's template file goes up as soon as it is chosen; the item then names it.
        await templateForm
          .getByLabel('Plantilla del ítem 1 (opcional)')
          .setInputFiles(pdf('formato-libro-compras.pdf'));
        await templateForm.getByTestId('item-file').getByText('Plantilla: formato-libro-compras.pdf').waitFor();
        await templateForm.getByRole('button', { name: 'Agregar ítem' }).click();
        await templateForm.getByLabel('Nombre del ítem 2').fill('Cartola bancaria');
        await templateForm.getByText('Cada mes, según el plazo del F29').click();
        await templateForm
          .getByTestId('recurrence-explained')
          .getByText(
            'En cada período se crea una solicitud que vence 5 días antes del plazo del F29 de cada mes; se envía 10 días antes de su vencimiento.',
          )
          .waitFor();
        await expectFitsAndAccessible(firmPage, `requests-template-form-${viewport.width}`);
        await templateForm.getByRole('button', { name: 'Guardar plantilla' }).click();
        await firmPage.getByText('Plantilla guardada.').waitFor();
        await firmPage.getByTestId('request-template').filter({ hasText: templateName }).waitFor();

        // The recurring template applied to the group, then stopped (nothing is made until its first period's day).
        await firmPage.getByLabel('Plantilla recurrente').selectOption({
          label: `${templateName} (Cada mes, según el plazo del F29)`,
        });
        await firmPage.getByText('Todas las sociedades de un grupo').click();
        await pickOne(firmPage, 'Grupo', groupName);
        await firmPage.getByRole('button', { name: 'Programar' }).click();
        await firmPage.getByText('Solicitud recurrente programada.').waitFor();
        const schedule = firmPage.getByTestId('request-schedule').filter({ hasText: groupName });
        await schedule.getByText('Último período creado: Aún ninguno').waitFor();
        await expectFitsAndAccessible(firmPage, `requests-templates-${viewport.width}`);
        await schedule.getByRole('button', { name: `Detener ${templateName} para ${groupName}` }).click();
        await firmPage.getByTestId('confirm-dialog').getByRole('button', { name: 'Sí, detener' }).click();
        await firmPage.getByText('Solicitud recurrente detenida.').waitFor();
        await schedule.waitFor({ state: 'detached' });

        // A new request from that template, for every society of the group.
        await firmPage.getByRole('link', { name: 'Volver a las solicitudes' }).click();
        await firmPage.getByRole('link', { name: 'Nueva solicitud' }).click();
        await firmPage.getByRole('heading', { level: 1, name: 'Nueva solicitud' }).waitFor();
        await firmPage.getByText('Todas las sociedades de un grupo').click();
        await pickOne(firmPage, 'Grupo', groupName);
        await firmPage.getByLabel('Plantilla', { exact: true }).selectOption({ label: templateName });
        expect(await firmPage.getByLabel('Título').inputValue()).toBe(templateName);
        expect(await firmPage.getByLabel('Nombre del ítem 2').inputValue()).toBe('Cartola bancaria');
        await firmPage.getByTestId('item-file').getByText('Plantilla: formato-libro-compras.pdf').waitFor();
        await firmPage.getByLabel('Fecha de vencimiento').fill('2031-03-20');
        await expectFitsAndAccessible(firmPage, `requests-new-${viewport.width}`);
        await firmPage.getByRole('button', { name: 'Enviar solicitud' }).click();
        // The board, or the form's errors said (a refusal would otherwise read as a time-out).
        await firmPage
          .getByRole('heading', { level: 1, name: 'Solicitudes' })
          .or(firmPage.getByTestId('server-errors'))
          .waitFor();
        expect(await firmPage.getByTestId('server-errors').allInnerTexts()).toEqual([]);
        await firmPage.waitForURL(`${webUrl}/requests`);
        await firmPage.getByText('Se creó 1 solicitud.').waitFor();

        // The client: the request first on its home, then its items.
        await signInWithCookies(asClient.context, webUrl, client.email);
        const page = asClient.page;
        await page.goto(`${webUrl}/home`);
        await landed(page);
        const card = page.getByTestId('home-requests');
        await card.getByRole('heading', { name: 'Solicitudes abiertas' }).waitFor();
        await card.getByText('vence el 20-03-2031', { exact: false }).waitFor();
        // First on the home: before the selection and the month's tax card.
        const order = await page
          .locator('[data-testid="home-requests"], [data-testid="home-tax-month"]')
          .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-testid')));
        expect(order).toEqual(['home-requests', 'home-tax-month']);
        await expectFitsAndAccessible(page, `requests-home-client-${viewport.width}`);
        await card.getByRole('link', { name: templateName }).click();
        await page.getByRole('heading', { level: 1, name: templateName }).waitFor();
        await page.getByText(`Sociedad: ${societyName}`).waitFor();
        const book = page.locator('[data-testid="request-item"][data-item="Libro de compras"]');
        const statement = page.locator('[data-testid="request-item"][data-item="Cartola bancaria"]');
        await book.getByText('Nota: El de marzo, en PDF.').waitFor();
        await expectFitsAndAccessible(page, `requests-detail-client-${viewport.width}`);
        // The firm's template file of the item downloads from the item; the other item has none.
        const [form] = await Promise.all([
          page.waitForEvent('download'),
          book.getByRole('button', { name: 'Descargar plantilla de Libro de compras' }).click(),
        ]);
        expect(form.suggestedFilename()).toBe('formato-libro-compras.pdf');
        expect((await readFile(await form.path())).length).toBe(pdf('formato-libro-compras.pdf').buffer.length);
        expect(await statement.getByRole('button', { name: /Descargar plantilla/ }).count()).toBe(0);

        const progress = await upload(page, book, 'Libro de compras', pdf('libro-compras-marzo.pdf'));
        expect(progress.length).toBeGreaterThan(0);
        expect(progress.at(-1)).toBe(100);
        await book.getByTestId('item-state').getByText('Entregado').waitFor();

        await statement.getByRole('button', { name: 'Indicar que no aplica: Cartola bancaria' }).click();
        await statement.getByLabel('Comentario para tu contador').fill('La sociedad no tiene cuenta bancaria.');
        await statement.getByRole('button', { name: 'Enviar', exact: true }).click();
        await statement.getByTestId('item-state').getByText('No aplica').waitFor();
        await page.getByTestId('request-progress').getByText('2 de 2 respondidos · 0 aceptados').waitFor();
        await expectFitsAndAccessible(page, `requests-detail-answered-${viewport.width}`);

        // The admin finds it on the board (its group), returns the file saying why.
        await clickNav(firmPage, 'Solicitudes');
        // The board's filters live in the address: the choice shows once the router has moved to it.
        await firmPage.getByLabel('Buscar en Grupo', { exact: true }).fill(groupName);
        const groupFilter = firmPage
          .getByRole('radiogroup', { name: 'Grupo', exact: true })
          .getByRole('radio', { name: groupName, exact: true });
        await groupFilter.click();
        await expect.poll(() => groupFilter.isChecked()).toBe(true);
        await firmPage.waitForURL(/[?&]group=/);
        const row = firmPage.getByTestId('request-row').filter({ hasText: societyName });
        await row.getByText('2 de 2 respondidos · 0 aceptados').waitFor();
        await row.getByRole('link', { name: templateName }).click();
        await firmPage.getByRole('heading', { level: 1, name: templateName }).waitFor();
        const firmBook = firmPage.locator('[data-testid="request-item"][data-item="Libro de compras"]');
        const firmStatement = firmPage.locator('[data-testid="request-item"][data-item="Cartola bancaria"]');
        await firmStatement.getByText('La sociedad no tiene cuenta bancaria.', { exact: false }).waitFor();
        await firmBook.getByRole('button', { name: 'Devolver: Libro de compras' }).click();
        await firmBook.getByLabel('Motivo de la devolución').fill('El archivo es de febrero; necesitamos marzo.');
        await expectFitsAndAccessible(firmPage, `requests-detail-return-${viewport.width}`);
        await firmBook.getByRole('button', { name: 'Devolver ítem' }).click();
        await firmBook.getByTestId('item-state').getByText('Devuelto').waitFor();

        // The client reads why and uploads again.
        await page.reload();
        await book
          .getByTestId('item-returned-why')
          .getByText('Motivo de la devolución: El archivo es de febrero; necesitamos marzo.')
          .waitFor();
        await expectFitsAndAccessible(page, `requests-detail-returned-${viewport.width}`);
        await upload(page, book, 'Libro de compras', pdf('libro-compras-marzo-v2.pdf'));
        await book.getByTestId('item-state').getByText('Entregado').waitFor();

        // The admin accepts both: the request is complete.
        await firmPage.reload();
        // The delivered file is a document of the society: it downloads through the documents' own link.
        const [download] = await Promise.all([
          firmPage.waitForEvent('download'),
          firmBook.getByRole('button', { name: 'Descargar libro-compras-marzo-v2.pdf' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^libro-compras-marzo-v2( \(\d+\))?\.pdf$/);
        await firmBook.getByRole('button', { name: 'Aceptar: Libro de compras' }).click();
        await firmBook.getByTestId('item-state').getByText('Aceptado').waitFor();
        await firmStatement.getByRole('button', { name: 'Aceptar: Cartola bancaria' }).click();
        await firmStatement.getByTestId('item-state').getByText('Aceptado').waitFor();
        await firmPage.getByTestId('request-state').getByText('Completa').waitFor();
        await expectFitsAndAccessible(firmPage, `requests-detail-complete-${viewport.width}`);

        // The client turns its reminders off on 'Mi perfil'; the profile keeps it.
        await clickNav(page, 'Mi perfil');
        const reminders = page.getByTestId('request-reminders-setting');
        const toggle = reminders.getByRole('checkbox', { name: 'Recordatorios de solicitudes por correo' });
        expect(await toggle.isChecked()).toBe(true);
        await reminders.locator('label.amplify-checkbox').click();
        await reminders.getByTestId('request-reminders-saved').waitFor();
        await page.reload();
        await reminders.waitFor();
        expect(await toggle.isChecked()).toBe(false);
        await expectFitsAndAccessible(page, `requests-profile-reminders-${viewport.width}`);
      } finally {
        await asClient.context.close();
        await asFirm.context.close();
      }
    });
  }
});

test('the firm cancels a request: it leaves the open ones and shows among the cancelled, read-only', async () => {
  const { admin, group, groupName, societyName } = await firm();
  const title = `Balance anual ${unique()}`;
  const token = (await signIn(admin.email)).access;
  ok(
    'request',
    await call(createRequest, {
      token,
      body: {
        batch: randomUUID(),
        target: { kind: 'GROUP', uuid: group },
        title,
        due_date: '2031-04-30',
        items: [{ name: 'Balance firmado' }],
      },
    }),
  );
  const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    await signInWithCookies(context, webUrl, admin.email);
    await page.goto(`${webUrl}/requests?group=${group}`);
    await landed(page);
    const row = page.getByTestId('request-row').filter({ hasText: societyName });
    await row.getByText('0 de 1 respondidos · 0 aceptados').waitFor();
    await row.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: 'Cancelar solicitud' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sí, cancelar' }).click();
    await page.getByTestId('request-state').getByText('Cancelada').waitFor();
    expect(await page.getByRole('button', { name: /^(Aceptar|Devolver|Cancelar solicitud)/ }).count()).toBe(0);

    await page.getByRole('link', { name: 'Volver a las solicitudes' }).click();
    await page.getByRole('heading', { level: 2, name: 'Abiertas' }).waitFor();
    expect(await page.getByRole('radio', { name: groupName, exact: true }).isChecked()).toBe(true);
    await page.getByText('No hay solicitudes en esta vista.').waitFor();
    await page.getByLabel('Vista').selectOption({ label: 'Canceladas' });
    await page.getByTestId('request-row').filter({ hasText: title }).getByText('Cancelada').waitFor();
    await expectFitsAndAccessible(page, 'requests-board-cancelled-1366');
  } finally {
    await context.close();
  }
});

test('the board pages with its cursor: 25 rows, then the rest on "Cargar más"', { timeout: 120_000 }, async () => {
  const sa = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
  const admin = await createTestUser('PROJECT_ADMIN', [demo.projects.andes]);
  const group = ok(
    'group',
    await call(groups.createGroup, {
      token: sa,
      body: {
        group_name: `Grupo Páginas ${unique()}`,
        group_description: 'Solicitudes',
        project: demo.projects.andes,
        admin: [],
        user: [],
      },
    }),
  ).uuid;
  for (let n = 0; n < 26; n += 1)
    ok(
      'society',
      await call(societies.createSociety, {
        token: sa,
        body: societyBody(group, { society_business_name: `Sociedad Página ${n} ${unique()} SpA` }),
      }),
    );
  const made = ok(
    'requests',
    await call(createRequest, {
      token: (await signIn(admin.email)).access,
      body: {
        batch: randomUUID(),
        target: { kind: 'GROUP', uuid: group },
        title: 'Cartola de abril',
        due_date: '2031-05-10',
        items: [{ name: 'Cartola' }],
      },
    }),
  );
  expect(made.created).toBe(26);
  const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    await signInWithCookies(context, webUrl, admin.email);
    await page.goto(`${webUrl}/requests?group=${group}`);
    await landed(page);
    const rows = page.getByTestId('request-row');
    await expect.poll(() => rows.count()).toBe(25);
    await page.getByRole('button', { name: 'Cargar más' }).click();
    await expect.poll(() => rows.count()).toBe(26);
    await page.getByRole('button', { name: 'Cargar más' }).waitFor({ state: 'detached' });
    const ids = await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-request')));
    expect(new Set(ids).size).toBe(26);
  } finally {
    await context.close();
  }
});
