import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { rutCheckDigit } from '../../shared/rut';
import { SEARCH_DEBOUNCE_MS } from '../../web/src/components/admin/constants';
import {
  screenshot as fullScreenshot,
  launchBrowser,
  newPage,
  pickedValue,
  pickOne,
  signInWithCookies,
  stopPageClock,
} from '../helpers/browser';

/**
 * In the browser (admin-area §2 to §5): a SUPER_ADMIN creates a project through the wizard, a group and a
 * society, finds them in the lists with the state in the hash, toggles and deletes; a PROJECT_ADMIN sees only its
 * project's groups and societies. The tests of the first describe run in order and share what they create.
 */
const { webUrl, demo } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function withPage(email: string, run: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const { context, page } = await newPage(browser);
  try {
    await signInWithCookies(context, webUrl, email);
    await run(page, context);
  } finally {
    await context.close();
  }
}

/** Screenshots from the top of the page (a full-page shot of a scrolled page repeats the sticky top bar). */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullScreenshot(page, name);
}

const stamp = randomUUID().slice(0, 6);
const names = {
  project: `Proyecto Prueba ${stamp}`,
  group: `Grupo Prueba ${stamp}`,
  society: `Sociedad Prueba ${stamp} SpA`,
};
const rutBody = String(20_000_000 + Math.floor(Math.random() * 60_000_000));
/** The same RUT as people write it: thousands dots, lower-case k. */
const shownRut = `${rutBody.slice(0, 2)}.${rutBody.slice(2, 5)}.${rutBody.slice(5)}-${rutCheckDigit(rutBody)}`;
const dottedRut = `${rutBody.slice(0, 2)}.${rutBody.slice(2, 5)}.${rutBody.slice(5)}-${rutCheckDigit(rutBody).toLowerCase()}`;
const invalidRut = `${rutBody}-${rutCheckDigit(rutBody) === '1' ? '2' : '1'}`;
/** A 1×1 PNG: the API checks images by their content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const currentStep = (page: Page) => page.locator('[aria-current="step"]').textContent();
const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);
/** Waits until the list state in the hash reads `hash` (the search box commits after a short pause). */
const waitForHash = (page: Page, hash: string) =>
  page.waitForFunction((expected) => decodeURIComponent(location.hash) === expected, hash);
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

interface ListAnswer {
  count: number;
  results: Array<{ uuid: string; project: { uuid: string }; group?: { uuid: string } } & Record<string, unknown>>;
}
/**
 * Runs `action` and returns the list the API answered for it (the GET of `path` whose query holds every `query`
 * part): what the table then shows. Reading the answer, not waiting for rows to go, is what proves a filter (rows
 * can vanish while a list is still loading).
 */
async function listAnswer(page: Page, path: string, query: string[], action: () => Promise<unknown>) {
  // The API calls the page made meanwhile, named when the awaited one never comes.
  const seen: string[] = [];
  const note = (response: Response) => {
    if (response.url().includes('/api/'))
      seen.push(`${response.status()} ${new URL(response.url()).pathname}${new URL(response.url()).search}`);
  };
  page.on('response', note);
  const answer = page.waitForResponse((response) => {
    const url = new URL(response.url());
    const matches = url.pathname.endsWith(path) && query.every((part) => url.search.includes(part));
    return matches && response.request().method() === 'GET' && response.ok();
  });
  try {
    await action();
    return (await (
      await answer.catch((error: Error) => {
        throw new Error(`${error.message}; the page's API answers meanwhile: ${seen.join(', ') || 'none'}`);
      })
    ).json()) as ListAnswer;
  } finally {
    page.off('response', note);
  }
}
/** The table shows exactly the rows of the answer (plus its header row). */
const showsExactly = (page: Page, answer: ListAnswer) =>
  expect.poll(() => page.getByRole('row').count()).toBe(answer.results.length + 1);
const openActions = (page: Page, name: string) => page.getByRole('button', { name: `Acciones de ${name}` }).click();

describe('SUPER_ADMIN manages the hierarchy', () => {
  let projectUuid = '';

  test('creates a project through the four-step wizard', async () => {
    await withPage('superadmin@demo.cl', async (page) => {
      await page.goto(`${webUrl}/admin/projects`);
      // The list has loaded: any data row (other files add projects, so a demo one may be past page 1).
      await page.getByRole('row').nth(1).waitFor();
      expect(hashOf(page)).toBe('#1?search=');
      await screenshot(page, 'hierarchy-projects-list');

      // Nothing is written until 'Crear proyecto' on the last step, then one POST.
      const writes: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/projects/project/') && request.method() !== 'GET') {
          writes.push(request.method());
        }
      });
      await page.getByRole('link', { name: '+ Crear' }).click();
      await page.waitForURL(`${webUrl}/admin/projects/create`);
      expect(await currentStep(page)).toContain('Datos principales');
      const next = page.getByRole('button', { name: 'Siguiente' });
      expect(await next.isDisabled()).toBe(true);
      await page.getByLabel('Nombre del proyecto (*)').fill(names.project);
      await page.getByLabel('Nombre del cliente (*)').fill('Cliente Prueba SpA');
      await page.getByLabel('Descripción del servicio asociado (*)').fill('Contabilidad y reportería');
      expect(await next.isDisabled()).toBe(true);
      await page.getByLabel('Descripción del servicio (*)').fill('Portal de clientes');
      await page.getByLabel('Título del sitio').fill(`${names.project} | Portal`);
      await page.getByLabel('Descripción del sitio').fill('Portal de clientes de la prueba');
      expect(await page.getByText('(*) Campos obligatorios').isVisible()).toBe(true);
      await screenshot(page, 'hierarchy-project-wizard-1');
      await next.click();

      await page.locator('[aria-current="step"]', { hasText: 'Inicio de sesión' }).waitFor();
      expect(writes).toEqual([]);
      await page.getByLabel('URL del sitio propio').fill('www.sin-protocolo.cl');
      await page.getByText('Debes ingresar una URL válida').waitFor();
      expect(await next.isDisabled()).toBe(true);
      await page.getByLabel('URL del sitio propio').fill('https://www.prueba.cl');
      expect(await page.getByText('Debes ingresar una URL válida').count()).toBe(0);
      await page.getByLabel('URL del portal').fill(`https://prueba-${stamp}.example.cl`);
      // A domain this portal is not open at: the wizard says what it needs before invitation links work.
      await page.getByTestId('portal-url-notice').getByText(`llevarán a https://prueba-${stamp}.example.cl`).waitFor();
      await page.getByLabel('Correo de contacto').fill('contacto@prueba.cl');
      await page.getByLabel('Teléfono de contacto').fill('+56 9 2222 3333');
      await screenshot(page, 'hierarchy-project-wizard-2');
      await next.click();

      await page.locator('[aria-current="step"]', { hasText: 'Diseño' }).waitFor();
      await page
        .locator('input[type=file]')
        .first()
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await page.getByText('Archivo adjunto').waitFor();
      await screenshot(page, 'hierarchy-project-wizard-3');
      expect(writes).toEqual([]);
      await page.getByRole('button', { name: 'Crear proyecto' }).click();
      await page.getByRole('heading', { name: 'Proyecto creado con éxito' }).waitFor();
      expect(writes).toEqual(['POST']);
      await screenshot(page, 'hierarchy-project-wizard-success');

      await page.getByRole('link', { name: 'Ir a proyectos' }).click();
      await page.getByLabel('Buscar proyecto').fill(stamp);
      await waitForHash(page, `#1?search=${stamp}`);
      await row(page, names.project).waitFor();
      await expect.poll(() => page.getByRole('row').count()).toBe(2);

      // The detail page: short ID with copy, and the logo stored with the last step.
      await openActions(page, names.project);
      await page.getByRole('menuitem', { name: 'Ver Detalle' }).click();
      await page.waitForURL(/\/admin\/projects\/detail\//);
      projectUuid = page.url().split('/').pop() as string;
      await page.getByRole('heading', { name: names.project }).waitFor();
      expect(await page.getByTestId('short-id').textContent()).toBe(`${projectUuid.slice(0, 10)}…`);
      // What the firm set up shows on the detail, from the one POST.
      await page.getByText(`${names.project} | Portal`).waitFor();
      await page.getByText('+56 9 2222 3333').or(page.getByText('+56 922223333')).first().waitFor();
      await page.getByRole('img', { name: 'Logo', exact: true }).waitFor();
      const download = page.waitForEvent('download');
      const pdfRequest = page.waitForRequest((request) => request.url().includes('/api/v1/projects/detail/pdf/'));
      await page.getByRole('button', { name: 'Descargar PDF' }).click();
      expect((await download).suggestedFilename()).toBe(`proyecto-${names.project}.pdf`);
      // The PDF rides the session cookie: no token in its URL.
      expect(new URL((await pdfRequest).url()).searchParams.has('token')).toBe(false);
      await screenshot(page, 'hierarchy-project-detail');
    });
  });

  test('creates a group, with the unsaved-changes guard on the way', async () => {
    expect(projectUuid).not.toBe('');
    await withPage('superadmin@demo.cl', async (page) => {
      await page.goto(`${webUrl}/admin/group/create`);
      await page.getByLabel('Nombre del grupo (*)').fill(names.group);
      await page
        .getByRole('navigation', { name: 'Navegación de administración' })
        .getByRole('link', { name: 'Sociedad', exact: true })
        .click();
      const leave = page.getByTestId('leave-dialog');
      await leave
        .getByText('¿Estás seguro de desear abandonar este formulario? Los datos ingresados no serán guardados.')
        .waitFor();
      await leave.getByRole('button', { name: 'Permanecer' }).click();
      await leave.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(`${webUrl}/admin/group/create`);

      const create = page.getByRole('button', { name: 'Crear grupo' });
      await page.getByLabel('Descripción del grupo (*)').fill('Grupo creado por la prueba');
      expect(await create.isDisabled()).toBe(true);
      await pickOne(page, 'Proyecto (*)', names.project);
      await page.getByText('No hay opciones disponibles').first().waitFor();
      await screenshot(page, 'hierarchy-group-form');
      await create.click();
      await page.getByRole('heading', { name: 'Grupo creado con éxito' }).waitFor();
      await page.getByRole('link', { name: 'Ir a grupos' }).click();
      await page.waitForURL(`${webUrl}/admin/group#1?search=&project=&ordering=`);

      const ofProject = await listAnswer(page, '/api/v1/groups/group/', [`project=${projectUuid}`], () =>
        pickOne(page, 'Proyecto', names.project),
      );
      expect(ofProject.results.map((g) => g.group_name)).toEqual([names.group]);
      await row(page, names.group).waitFor();
      await showsExactly(page, ofProject);
      expect(hashOf(page)).toBe(`#1?search=&project=${projectUuid}&ordering=`);
      await page.getByLabel('Ordenar por').selectOption('group_name');
      expect(hashOf(page)).toBe(`#1?search=&project=${projectUuid}&ordering=group_name`);
      await screenshot(page, 'hierarchy-groups-list');
    });
  });

  test('creates a society through the two-step wizard, refusing a bad RUT first', async () => {
    await withPage('superadmin@demo.cl', async (page) => {
      await page.goto(`${webUrl}/admin/society/create`);
      expect(await currentStep(page)).toContain('Datos principales');
      await page.getByLabel('Razón social (*)').fill(names.society);
      await page.getByLabel('RUT', { exact: true }).fill(invalidRut);
      await page.getByText('El RUT no es válido').waitFor();
      await page.getByLabel('Giro (*)').fill('Servicios');
      await page.getByLabel('Código de empresa (*)').fill('SPR');
      await page.getByLabel('Correo de la sociedad (*)').fill('sociedad@prueba.cl');
      await pickOne(page, 'Proyecto', names.project);
      await pickOne(page, 'Grupo (*)', names.group);
      expect(await page.getByLabel('Industria (*)').inputValue()).toBe(demo.industries[0]);
      expect(await page.getByLabel('Moneda (*)').inputValue()).toBe('CLP');
      const next = page.getByRole('button', { name: 'Siguiente' });
      expect(await next.isDisabled()).toBe(true);
      await screenshot(page, 'hierarchy-society-wizard-1-invalid-rut');
      await page.getByLabel('RUT', { exact: true }).fill(dottedRut);
      expect(await page.getByText('El RUT no es válido').count()).toBe(0);
      // Never cut: what was typed is what the field holds.
      expect(await page.getByLabel('RUT', { exact: true }).inputValue()).toBe(dottedRut);
      expect(await next.isDisabled()).toBe(false);
      await next.click();

      await page.locator('[aria-current="step"]', { hasText: 'Contacto' }).waitFor();
      // Atrás keeps what was typed.
      await page.getByRole('button', { name: 'Atrás' }).click();
      expect(await page.getByLabel('Razón social (*)').inputValue()).toBe(names.society);
      await next.click();
      await page.locator('[aria-current="step"]', { hasText: 'Contacto' }).waitFor();
      const create = page.getByRole('button', { name: 'Crear sociedad' });
      await page.getByLabel('Nombre de contacto (*)').fill('Ana Prueba');
      expect(await create.isDisabled()).toBe(true);
      await page.getByLabel('Teléfono (*)').fill('+56 9 1111 2222');
      await page.getByLabel('Dirección').fill('Av. Prueba 123');
      // The last field typed right before the click (a typed RUT was once not saved).
      await page.getByLabel('Correo de contacto').pressSequentially('ana@prueba.cl', { delay: 0 });
      await page.getByLabel('Panel tributario (*)').selectOption('True');
      await screenshot(page, 'hierarchy-society-wizard-2');
      const posted = page.waitForRequest(
        (request) => request.url().includes('/api/v1/societies/society/') && request.method() === 'POST',
      );
      await create.click();
      // Every typed field reaches the request, as typed.
      expect((await posted).postDataJSON()).toMatchObject({
        society_business_name: names.society,
        society_rut: dottedRut,
        business_line: 'Servicios',
        company_code: 'SPR',
        society_email: 'sociedad@prueba.cl',
        currency: 'CLP',
        project: projectUuid,
        society_contact_name: 'Ana Prueba',
        society_phone_number: '+56 9 1111 2222',
        society_address: 'Av. Prueba 123',
        society_contact_email: 'ana@prueba.cl',
        tax_module: 'True',
      });
      await page.getByRole('heading', { name: 'Sociedad creada con éxito' }).waitFor();
      await screenshot(page, 'hierarchy-society-wizard-success');
      await page.getByRole('link', { name: 'Ir a sociedad' }).click();
      await page.waitForURL(`${webUrl}/admin/society#1?search=&project=&group=`);
    });
  });

  test('a RUT already taken is said on step 1, beside its field', async () => {
    await withPage('superadmin@demo.cl', async (page) => {
      await page.goto(`${webUrl}/admin/society/create`);
      await page.getByLabel('Razón social (*)').fill(`${names.society} bis`);
      await page.getByLabel('RUT', { exact: true }).fill(shownRut.replace(/\./g, ' '));
      await page.getByLabel('Giro (*)').fill('Servicios');
      await page.getByLabel('Código de empresa (*)').fill('SPB');
      await page.getByLabel('Correo de la sociedad (*)').fill('bis@prueba.cl');
      await pickOne(page, 'Proyecto', names.project);
      await pickOne(page, 'Grupo (*)', names.group);
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByText('¡Vaya! El rut ingresado ya se registró.').waitFor();
      expect(await currentStep(page)).toContain('Datos principales');
      await screenshot(page, 'hierarchy-society-rut-taken-step-1');
    });
  });

  test('filters societies in the hash, toggles and deletes the new one; a project with groups stays', async () => {
    await withPage('superadmin@demo.cl', async (page) => {
      await page.goto(`${webUrl}/admin/society`);
      await page.getByRole('row').nth(1).waitFor();
      const ofProject = await listAnswer(page, '/api/v1/societies/society/', [`project=${projectUuid}`], () =>
        pickOne(page, 'Proyecto', names.project),
      );
      expect(ofProject.results.map((s) => s.society_business_name)).toEqual([names.society]);
      await row(page, names.society).waitFor();
      await showsExactly(page, ofProject);
      await pickOne(page, 'Grupo', names.group);
      await expect.poll(() => pickedValue(page, 'Grupo')).not.toBe('');
      const groupUuid = await pickedValue(page, 'Grupo');
      expect(hashOf(page)).toBe(`#1?search=&project=${projectUuid}&group=${groupUuid}`);
      // Shown with dots.
      expect(await row(page, names.society).getByText(shownRut).isVisible()).toBe(true);
      await screenshot(page, 'hierarchy-societies-list');
      // A new project empties the group it depended on.
      await pickOne(page, 'Proyecto', 'Auditores del Pacífico');
      await row(page, 'Pesquera Pacífico S.A.').waitFor();
      expect(hashOf(page)).toBe(`#1?search=&project=${demo.projects.pacifico}&group=`);
      await page.getByLabel('Buscar sociedad').fill(stamp);
      await waitForHash(page, `#1?search=${stamp}&project=${demo.projects.pacifico}&group=`);
      await pickOne(page, 'Proyecto', '');
      await row(page, names.society).waitFor();
      expect(hashOf(page)).toBe(`#1?search=${stamp}&project=&group=`);

      // Found by its RUT typed with dots, and the pager says how many there are.
      const byRut = await listAnswer(page, '/api/v1/societies/society/', [], () =>
        page.getByLabel('Buscar sociedad').fill(dottedRut),
      );
      expect(byRut.results.map((s) => s.society_business_name)).toEqual([names.society]);
      await row(page, names.society).waitFor();
      await page.getByTestId('pager-range').getByText('1–1 de 1').waitFor();
      await screenshot(page, 'hierarchy-society-found-by-dotted-rut');
      await page.getByLabel('Buscar sociedad').fill(stamp);
      await waitForHash(page, `#1?search=${stamp}&project=&group=`);

      // Deshabilitar asks first, naming the row; then the row changes in place, without reloading the page.
      let reloads = 0;
      page.on('load', () => {
        reloads += 1;
      });
      await openActions(page, names.society);
      await page.getByRole('menuitem', { name: 'Deshabilitar' }).click();
      const dialog = page.getByTestId('confirm-dialog');
      await dialog.getByText(`¿Estás seguro de que deseas deshabilitar «${names.society}»?`).waitFor();
      await dialog.getByRole('button', { name: 'Deshabilitar' }).click();
      await row(page, names.society).getByText('Deshabilitado').waitFor();
      await page.getByText(`«${names.society}» quedó deshabilitado.`).waitFor();
      expect(reloads).toBe(0);
      expect(hashOf(page)).toBe(`#1?search=${stamp}&project=&group=`);

      await openActions(page, names.society);
      await page.getByRole('menuitem', { name: 'Eliminar' }).click();
      await dialog.getByText(`¿Estás seguro de que deseas eliminar la sociedad «${names.society}»?`).waitFor();
      await screenshot(page, 'hierarchy-society-delete-confirm');
      await dialog.getByRole('button', { name: 'Seguro' }).click();
      await page.getByText('No hay registros para mostrar').waitFor();

      // The project still has the group: the API refuses, and the dialog says why.
      await page
        .getByRole('navigation', { name: 'Navegación de administración' })
        .getByRole('link', { name: 'Proyectos' })
        .click();
      await page.getByLabel('Buscar proyecto').fill(stamp);
      await waitForHash(page, `#1?search=${stamp}`);
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await openActions(page, names.project);
      await page.getByRole('menuitem', { name: 'Eliminar' }).click();
      await dialog
        .getByText(`¿Estás seguro de que deseas eliminar el proyecto «${names.project}»?`, { exact: false })
        .waitFor();
      // A whole project goes only once its name is typed.
      const confirmProject = dialog.getByRole('button', { name: 'Seguro' });
      expect(await confirmProject.isDisabled()).toBe(true);
      await dialog.getByLabel(`Para confirmar, escribe «${names.project}»`).fill(names.project.slice(0, -1));
      expect(await confirmProject.isDisabled()).toBe(true);
      await dialog.getByLabel(`Para confirmar, escribe «${names.project}»`).fill(names.project);
      await screenshot(page, 'hierarchy-project-delete-confirm');
      await confirmProject.click();
      await dialog.getByText('- No es posible eliminar el proyecto porque aún tiene grupos asociados.').waitFor();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      expect(await row(page, names.project).isVisible()).toBe(true);
    });
  });
});

describe('pagination', () => {
  test('pages of 5 with 3 page buttons (2 on the last), the page size on page 1 only, the page in the hash', async () => {
    await withPage('superadmin@demo.cl', async (page) => {
      // 23 projects, answered by the test: the pager is about the SPA, not the data.
      const asked: Array<{ limit: string | null; offset: string | null }> = [];
      await page.route('**/api/v1/projects/project/?*', async (route) => {
        const url = new URL(route.request().url());
        const limit = Number(url.searchParams.get('limit'));
        const offset = Number(url.searchParams.get('offset'));
        asked.push({ limit: url.searchParams.get('limit'), offset: url.searchParams.get('offset') });
        const results = Array.from({ length: Math.max(0, Math.min(limit, 23 - offset)) }, (_, i) => ({
          uuid: `00000000-0000-4000-8000-${String(offset + i).padStart(12, '0')}`,
          project_name: `Proyecto ${offset + i + 1}`,
          client_name: 'Cliente',
          admin_quantity: 0,
          groups: 0,
          created: '2024-03-05T12:00:00.000Z',
          enable: (offset + i) % 2 === 0,
          primary_color: '#aabbcc',
        }));
        await route.fulfill({ json: { count: 23, results } });
      });
      await page.goto(`${webUrl}/admin/projects`);
      await row(page, 'Proyecto 5').waitFor();
      const pager = page.getByRole('navigation', { name: 'Paginación' });
      const pageButtons = () => pager.getByRole('button', { name: /^Página \d+$/ }).allTextContents();
      expect(await pageButtons()).toEqual(['1', '2', '3']);
      expect(await page.getByLabel('Mostrar').inputValue()).toBe('5');
      expect(asked.at(-1)).toEqual({ limit: '5', offset: '0' });
      // The rows shown and the total.
      expect(await page.getByTestId('pager-range').textContent()).toBe('1–5 de 23');
      await screenshot(page, 'hierarchy-projects-pager-page-1');

      await pager.getByRole('button', { name: 'Página 3' }).click();
      await row(page, 'Proyecto 11').waitFor();
      expect(hashOf(page)).toBe('#3?search=');
      expect(await pageButtons()).toEqual(['2', '3', '4']);
      expect(await page.getByTestId('pager-range').textContent()).toBe('11–15 de 23');
      expect(await page.getByLabel('Mostrar').count()).toBe(0);
      // First and last are one click away.
      await pager.getByRole('button', { name: 'Última página (5)' }).click();
      await row(page, 'Proyecto 23').waitFor();
      expect(await page.getByTestId('pager-range').textContent()).toBe('21–23 de 23');
      await pager.getByRole('button', { name: 'Primera página' }).click();
      await row(page, 'Proyecto 1').waitFor();
      await pager.getByRole('button', { name: 'Página 3' }).click();
      await waitForHash(page, '#3?search=');
      await pager.getByRole('button', { name: 'Página siguiente' }).click();
      await waitForHash(page, '#4?search=');
      await pager.getByRole('button', { name: 'Página siguiente' }).click();
      await row(page, 'Proyecto 23').waitFor();
      expect(hashOf(page)).toBe('#5?search=');
      expect(await pageButtons()).toEqual(['4', '5']);
      expect(asked.at(-1)).toEqual({ limit: '5', offset: '20' });

      for (const back of [4, 3, 2, 1]) {
        await pager.getByRole('button', { name: `Página ${back}` }).click();
        await waitForHash(page, `#${back}?search=`);
      }
      await page.getByLabel('Mostrar').selectOption('15');
      await row(page, 'Proyecto 15').waitFor();
      expect(await pageButtons()).toEqual(['1', '2']);
      expect(asked.at(-1)).toEqual({ limit: '15', offset: '0' });
      // The page size is in the address, so a reload keeps it.
      expect(hashOf(page)).toBe('#1?search=&size=15');
      await page.reload();
      await row(page, 'Proyecto 15').waitFor();
      expect(await page.getByLabel('Mostrar').inputValue()).toBe('15');
      expect(await page.getByTestId('pager-range').textContent()).toBe('1–15 de 23');
      await screenshot(page, 'hierarchy-projects-pager-15');
    });
  });
});

describe('leaving a list while its search waits for the typing pause', () => {
  test('a menu link clicked right after typing opens its page; the search does not bring the person back', async () => {
    await withPage('proyecto@demo.cl', async (page) => {
      // The page's timers stand still: the search's pause ends when the test says, while the next page loads.
      await stopPageClock(page);
      await listAnswer(page, '/api/v1/groups/group/', [`project=${demo.projects.andes}`], () =>
        page.goto(`${webUrl}/admin/group`),
      );
      // The societies page's code is held back (a slow connection) until the pause has ended.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/societies-list[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const societies = listAnswer(page, '/api/v1/societies/society/', [`project=${demo.projects.andes}`], async () => {
        await page.getByLabel('Buscar grupo').fill('Grupo Norte');
        await page
          .getByRole('navigation', { name: 'Navegación de administración' })
          .getByRole('link', { name: 'Sociedad', exact: true })
          .click();
        await page.clock.runFor(SEARCH_DEBOUNCE_MS + 50);
        release();
      });
      // Had the search navigated back to the groups, the societies page would never have asked for its list.
      expect((await societies).results.length).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe('/admin/society');
    });
  });
});

describe('PROJECT_ADMIN', () => {
  test("sees only its project's groups and societies, filtered by its stored project", async () => {
    await withPage('proyecto@demo.cl', async (page) => {
      const first = await listAnswer(page, '/api/v1/groups/group/', [`project=${demo.projects.andes}`], () =>
        page.goto(`${webUrl}/admin/group`),
      );
      expect(hashOf(page)).toBe(`#1?search=&project=${demo.projects.andes}&ordering=`);
      expect(first.results.length).toBeGreaterThan(0);
      expect(first.results.filter((g) => g.project.uuid !== demo.projects.andes)).toEqual([]);
      await showsExactly(page, first);
      // Other files add groups of their own to the demo firm (newest first, five a page): its own are searched.
      const search = page.getByLabel('Buscar grupo');
      for (const name of ['Grupo Norte', 'Grupo Sur']) {
        await search.fill(name);
        await row(page, name).waitFor();
      }
      const costa = await listAnswer(page, '/api/v1/groups/group/', ['Costa'], () => search.fill('Grupo Costa'));
      expect(costa.results).toEqual([]);
      expect(await row(page, 'Grupo Costa').count()).toBe(0);
      await search.fill('');
      expect(await page.getByLabel('Proyecto', { exact: true }).count()).toBe(0);
      const nav = page.getByRole('navigation', { name: 'Navegación de administración' });
      expect(await nav.getByRole('link', { name: 'Proyectos' }).count()).toBe(0);
      await screenshot(page, 'hierarchy-groups-list-project-admin');

      const ofAndes = await listAnswer(page, '/api/v1/societies/society/', [`project=${demo.projects.andes}`], () =>
        nav.getByRole('link', { name: 'Sociedad', exact: true }).click(),
      );
      expect(ofAndes.results.length).toBeGreaterThan(0);
      expect(ofAndes.results.filter((s) => s.project.uuid !== demo.projects.andes)).toEqual([]);
      // Other files add societies to the demo firm: the page shows the answer's, whichever they are.
      await row(page, ofAndes.results[0]?.society_business_name as string).waitFor();
      await showsExactly(page, ofAndes);
      expect(hashOf(page)).toBe(`#1?search=&project=${demo.projects.andes}&group=`);
      expect(await row(page, 'Pesquera Pacífico S.A.').count()).toBe(0);
      expect(await page.getByLabel('Proyecto', { exact: true }).count()).toBe(0);
      const ofSur = await listAnswer(page, '/api/v1/societies/society/', [`group=${demo.groups.sur}`], () =>
        pickOne(page, 'Grupo', 'Grupo Sur'),
      );
      expect(ofSur.results.map((s) => s.society_business_name)).toContain('Austral Servicios SpA');
      expect(ofSur.results.filter((s) => s.group?.uuid !== demo.groups.sur)).toEqual([]);
      await row(page, 'Austral Servicios SpA').waitFor();
      await showsExactly(page, ofSur);
      expect(await row(page, 'Minera Atacama SpA').count()).toBe(0);
      expect(hashOf(page)).toBe(`#1?search=&project=${demo.projects.andes}&group=${demo.groups.sur}`);
      await screenshot(page, 'hierarchy-societies-list-project-admin');
    });
  });
});
