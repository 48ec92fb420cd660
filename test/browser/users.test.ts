import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { generateInvitation } from '../../shared/contracts/registration';
import { call, signIn } from '../helpers/api';
import { launchBrowser, newPage, pickOne, screenshot, signInWithCookies } from '../helpers/browser';
import { mailedInvitationToken, waitForMail } from '../helpers/mail';

/**
 * The users admin (admin-area §2 to §8): list with filters and pending invitations, invite through the form, the
 * invited user registers through the mailed link and signs in, detail, edit, enable toggle, delete, CSV import.
 */
const { webUrl, demo } = inject('portal');
const PASSWORD = 'Invitado.Uno1';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const DEFAULT_HASH = '#1%1?search=&project=&group=&society=&ordering=&user_role=';

async function search(page: Page, text: string) {
  await page.getByLabel('Buscar usuario').fill(text);
  await page.waitForURL((url) => url.hash.includes(`search=${encodeURIComponent(text)}`));
}

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Acciones de ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe.concurrent('users admin', () => {
  test('invite through the form → mail → register → sign in; then list, detail, edit, disable, delete', {
    timeout: 120_000,
  }, async () => {
    const email = `invitado-${stamp()}@demo.cl`;
    const admin = await newPage(browser);
    const guest = await newPage(browser);
    const { page } = admin;
    try {
      await signInWithCookies(admin.context, webUrl, 'superadmin@demo.cl');
      await page.goto(`${webUrl}/admin/users`);
      await page.waitForURL(`${webUrl}/admin/users${DEFAULT_HASH}`);
      // Loaded: the demo rows may sit past page 1 (other tests add users and the newest come first).
      await page.getByRole('table', { name: 'Usuarios' }).locator('[data-row]').first().waitFor();
      expect(await page.getByRole('heading', { name: 'Invitaciones pendientes' }).isVisible()).toBe(true);
      await screenshot(page, 'users-list');

      // Invite: changing the role clears the chosen targets.
      await page.getByRole('link', { name: 'Invitar' }).click();
      await page.waitForURL(`${webUrl}/admin/users/invite`);
      const invite = page.getByRole('button', { name: 'Invitar usuario' });
      // A SUPER_ADMIN is told where the links lead by the project chosen: Pacífico's portal URL is another
      // origin (127.0.0.1) than this page's, so its links need that domain set up; Andes' is this very origin.
      const notice = page.getByTestId('portal-url-notice');
      await page.getByLabel('Rol (*)').selectOption({ label: 'Administrador de proyectos' });
      expect(await notice.count()).toBe(0);
      await pickOne(page, 'Proyecto (*)', 'Auditores del Pacífico', 'Pacífico');
      const pacificoOrigin = new URL(webUrl).origin.replace('localhost', '127.0.0.1');
      await notice.getByText(`llevarán a ${pacificoOrigin}`).waitFor();
      await screenshot(page, 'users-invite-portal-warning');
      await pickOne(page, 'Proyecto (*)', 'Contadores Andes', 'Andes');
      await notice.waitFor({ state: 'detached' });
      // For groups, the project of the groups chosen: Grupo Costa is Pacífico's.
      await page.getByLabel('Rol (*)').selectOption({ label: 'Usuario de grupos' });
      await notice.waitFor({ state: 'detached' });
      await pickOne(page, 'Filtrar por proyecto', 'Auditores del Pacífico', 'Pacífico');
      await page.getByRole('group', { name: 'Grupos (*)' }).getByText('Grupo Costa').click();
      await notice.getByText(`llevarán a ${pacificoOrigin}`).waitFor();
      // Another role starts from no targets (the flow below chooses its own).
      await page.getByLabel('Rol (*)').selectOption({ label: 'Usuario de sociedad' });
      await notice.waitFor({ state: 'detached' });
      await page.getByLabel('Rol (*)').selectOption({ label: 'Usuario de grupos' });
      await page.getByLabel('Correo (*)').fill('no-es-correo');
      await page.getByText('El email debe tener el siguiente formato nombre@dominio.cl').waitFor();
      await page.getByLabel('Correo (*)').fill(email);
      await pickOne(page, 'Filtrar por proyecto', 'Contadores Andes');
      await page.getByRole('group', { name: 'Grupos (*)' }).getByText('Grupo Norte').click();
      expect(await invite.isEnabled()).toBe(true);
      await page.getByLabel('Rol (*)').selectOption({ label: 'Usuario de sociedad' });
      await page.getByRole('group', { name: 'Sociedades (*)' }).waitFor();
      expect(await invite.isDisabled()).toBe(true);
      await page.getByLabel('Rol (*)').selectOption({ label: 'Usuario de grupos' });
      await pickOne(page, 'Filtrar por proyecto', 'Contadores Andes');
      await page.getByRole('group', { name: 'Grupos (*)' }).getByText('Grupo Norte').click();
      await screenshot(page, 'users-invite');
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/register/generate-invitation/'));
      await invite.click();
      expect(JSON.parse((await sent).postData() ?? '{}')).toEqual({
        user_role: 'USER_GROUP',
        email,
        group: [demo.groups.norte],
        // A client's invitation offers document access, on unless turned off.
        user_documentation: true,
      });
      await page.getByRole('heading', { name: 'Usuario invitado con éxito' }).waitFor();
      await screenshot(page, 'users-invite-done');

      // Pending invitation: sent date, days, resend (then 'Enviado').
      await page.getByRole('link', { name: 'Ir a usuarios' }).click();
      await search(page, email);
      const invitations = page.getByRole('table', { name: 'Invitaciones pendientes' });
      const pending = invitations.getByRole('row').filter({ hasText: email });
      await pending.waitFor();
      expect(await pending.getByText('Hoy').isVisible()).toBe(true);
      expect(await pending.getByText('Usuario de grupos').isVisible()).toBe(true);
      await pending.getByRole('button', { name: 'Reenviar' }).click();
      await pending.getByTestId('resent').waitFor();
      // Where the invitation leads.
      expect(await pending.getByRole('cell', { name: 'Grupo Norte', exact: true }).isVisible()).toBe(true);
      await screenshot(page, 'users-invitation-resent');

      // The newest mail holds the live link (a resend replaces the first one).
      const token = await mailedInvitationToken(email);
      await guest.page.goto(`${webUrl}/register/${token}`);
      await guest.page.getByLabel('Nombre', { exact: true }).fill('Inés');
      await guest.page.getByLabel('Apellidos').fill('Invitada Núñez');
      await guest.page.getByLabel('RUT (opcional)').fill('15678901-1');
      await guest.page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
      await guest.page.getByLabel('Confirmar contraseña').fill(PASSWORD);
      await guest.page.getByRole('button', { name: 'Finalizar registro' }).click();
      // Signed in at once.
      await guest.page.waitForURL(`${webUrl}/home`);
      await guest.page.getByRole('heading', { name: 'Hola Inés' }).waitFor();

      // Now a user, no longer an invitation (the search reloads both lists).
      await page
        .getByRole('navigation', { name: 'Navegación de administración' })
        .getByRole('link', { name: 'Usuarios' })
        .click();
      await page.waitForURL(`${webUrl}/admin/users${DEFAULT_HASH}`);
      await search(page, email);
      const users = page.getByRole('table', { name: 'Usuarios' });
      const row = users.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      expect(await row.getByText('Usuario de grupos').isVisible()).toBe(true);
      expect(await row.getByText('Habilitado').isVisible()).toBe(true);
      // Where the person works: its group, as it belongs to no society.
      expect(await row.getByRole('cell', { name: 'Grupo Norte', exact: true }).isVisible()).toBe(true);
      // Signed in once, on registering: 'Último ingreso' shows that instant in Chilean format.
      expect(await users.getByRole('columnheader', { name: 'Último ingreso' }).isVisible()).toBe(true);
      const signedInAt = row.getByRole('cell').filter({ hasText: /^\d{2}-\d{2}-\d{4},? \d{2}:\d{2}$/ });
      expect(await signedInAt.count()).toBe(1);
      // The invitations list, loaded for this search, is empty: not merely without the row while it loads.
      await invitations.getByText('No hay invitaciones pendientes').waitFor();
      expect(await pending.count()).toBe(0);

      // Detail: read-only, short ID with copy, lists.
      await rowAction(page, 'Inés Invitada Núñez', 'Ver Detalle');
      await page.waitForURL(/\/admin\/users\/detail\//);
      await page.getByRole('heading', { name: 'Inés Invitada Núñez' }).waitFor();
      expect(await page.getByTestId('short-id').textContent()).toMatch(/^.{10}…$/);
      // The RUT typed without dots is shown with them.
      expect(await page.getByText('15.678.901-1').isVisible()).toBe(true);
      expect(await page.getByText('Grupo Norte').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
      await screenshot(page, 'users-detail');

      // Edit: only the changed field is sent, with the version.
      const uuid = page.url().split('/').at(-1) as string;
      await page.goBack();
      await rowAction(page, 'Inés Invitada Núñez', 'Editar');
      await page.waitForURL(`${webUrl}/admin/users/edit/${uuid}`);
      const save = page.getByRole('button', { name: 'Guardar usuario' });
      await page.getByLabel('Cargo').waitFor();
      expect(await save.isDisabled()).toBe(true);
      await page.getByLabel('Nombre (*)').fill('In');
      await page.getByText('Debe tener entre 3 y 100 caracteres.').waitFor();
      expect(await save.isDisabled()).toBe(true);
      await page.getByLabel('Nombre (*)').fill('Inés');
      await page.getByLabel('Cargo').fill('Contadora');
      const patch = page.waitForRequest(
        (r) => r.method() === 'PATCH' && r.url().includes(`/api/v1/users/user/${uuid}/`),
      );
      await screenshot(page, 'users-edit');
      await save.click();
      expect(JSON.parse((await patch).postData() ?? '{}')).toEqual({ position: 'Contadora', version: 1 });
      await page.getByRole('heading', { name: 'Usuario guardado con éxito' }).waitFor();
      expect(await page.getByRole('link', { name: 'Ir a usuarios' }).getAttribute('href')).toBe('/admin/users');
      await page.goBack();
      await page.goBack();

      // Disable, once confirmed: the row changes in place.
      await row.waitFor();
      await rowAction(page, 'Inés Invitada Núñez', 'Deshabilitar');
      await page.getByText('¿Estás seguro de que deseas deshabilitar «Inés Invitada Núñez»?').waitFor();
      await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Deshabilitar' }).click();
      await row.getByText('Deshabilitado').waitFor();

      // Delete, after the confirmation that names the user.
      await rowAction(page, 'Inés Invitada Núñez', 'Eliminar');
      await page.getByText('¿Estás seguro de que deseas eliminar al usuario «Inés Invitada Núñez»?').waitFor();
      await page.getByRole('button', { name: 'Seguro' }).click();
      // The users list reloaded for this search and is empty.
      await users.getByText('No hay usuarios para mostrar').waitFor();
      expect(await row.count()).toBe(0);
    } finally {
      await admin.context.close();
      await guest.context.close();
    }
  });

  // The other flows run one after another, beside the long one above (two at a time suits the test machine).
  test('filters, refusals, withdrawn invitation, CSV import, group admin view', { timeout: 120_000 }, async () => {
    await filtersAndRefusals();
    await withdrawInvitation();
    await importCsv();
    await groupAdminView();
  });
});

/** Filters cascade; a project admin cannot be deleted; a registered address cannot be invited. */
async function filtersAndRefusals() {
  const { context, page } = await newPage(browser);
  try {
    await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
    await page.goto(`${webUrl}/admin/users${DEFAULT_HASH}`);
    const users = page.getByRole('table', { name: 'Usuarios' });
    await users.locator('[data-row]').first().waitFor();

    // Filters cascade: a new project empties group and society.
    await page.getByRole('button', { name: 'Filtros' }).click();
    const filters = page.getByTestId('users-filters');
    await pickOne(filters, 'Proyecto', 'Contadores Andes');
    await page.waitForURL((url) => url.hash.includes(`project=${demo.projects.andes}`));
    await pickOne(filters, 'Grupo', 'Grupo Norte');
    await page.waitForURL((url) => url.hash.includes(`group=${demo.groups.norte}`));
    // The list answered for the role filter before the rows are read (the old rows stay while it loads).
    const groupAdmins = page.waitForResponse(
      (r) =>
        r.url().includes('/api/v1/users/') &&
        r.url().includes(`group=${demo.groups.norte}`) &&
        r.url().includes('user_role=GROUP_ADMIN') &&
        r.ok(),
    );
    await filters.getByLabel('Rol').selectOption({ label: 'Administrador de grupos' });
    const answered = (await (await groupAdmins).json()) as { results: { email: string }[] };
    expect(answered.results.map((u) => u.email)).toContain('grupo@demo.cl');
    await expect.poll(() => users.getByText('proyecto@demo.cl').count()).toBe(0);
    await users.getByText('grupo@demo.cl', { exact: true }).waitFor();
    expect(await users.getByRole('row').count()).toBe(answered.results.length + 1);
    await screenshot(page, 'users-list-filtered');
    await pickOne(filters, 'Proyecto', 'Auditores del Pacífico');
    await page.waitForURL(
      (url) =>
        url.hash === `#1%1?search=&project=${demo.projects.pacifico}&group=&society=&ordering=&user_role=GROUP_ADMIN`,
    );

    // A project admin cannot be deleted: the spec's message, in the dialog.
    await pickOne(filters, 'Proyecto', '');
    await filters.getByLabel('Rol').selectOption({ label: 'Todos los roles' });
    await search(page, 'proyecto@demo.cl');
    await rowAction(page, 'Pablo Proyecto', 'Eliminar');
    await page.getByRole('button', { name: 'Seguro' }).click();
    await page
      .getByText('- Este usuario no se puede eliminar ya que es administrador de algun proyecto,grupo o sociedad.')
      .waitFor();
    await screenshot(page, 'users-delete-admin-refused');
    await page.getByRole('button', { name: 'Cancelar' }).click();

    // A registered address cannot be invited: the API's refusal in Spanish.
    await page.getByRole('link', { name: 'Invitar' }).click();
    await page.getByLabel('Rol (*)').selectOption({ label: 'Super administrador' });
    await page.getByText('Este rol no se asigna a proyectos, grupos ni sociedades.').waitFor();
    await page.getByLabel('Correo (*)').fill('usuariogrupo@demo.cl');
    await page.getByRole('button', { name: 'Invitar usuario' }).click();
    await page.getByText('- Usuario ya invitado y/o registrado').waitFor();
  } finally {
    await context.close();
  }
}

/** A pending invitation is withdrawn after the confirmation. */
async function withdrawInvitation() {
  const email = `retirada-${stamp()}@demo.cl`;
  const { access } = await signIn('superadmin@demo.cl');
  const made = await call(generateInvitation, {
    token: access,
    body: { user_role: 'USER_SOCIETY', email, society: [demo.societies.minera] },
  });
  expect(made.status).toBe(201);
  const { context, page } = await newPage(browser);
  try {
    await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
    await page.goto(`${webUrl}/admin/users${DEFAULT_HASH.replace('search=', `search=${encodeURIComponent(email)}`)}`);
    const invitations = page.getByRole('table', { name: 'Invitaciones pendientes' });
    const row = invitations.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText(`¿Estás seguro de que deseas eliminar la invitación de «${email}»?`).waitFor();
    await page.getByRole('button', { name: 'Seguro' }).click();
    // The invitations list reloaded for this search and is empty.
    await invitations.getByText('No hay invitaciones pendientes').waitFor();
    expect(await row.count()).toBe(0);
  } finally {
    await context.close();
  }
}

/** CSV import: the per-row result with Spanish errors; a clean file ends with the success message. */
async function importCsv() {
  const { context, page } = await newPage(browser);
  const id = stamp();
  const csv = (rows: string[]) =>
    Buffer.from(['email,first_name,last_name,rut_user,user_role,project,group,society', ...rows].join('\n'));
  try {
    await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
    await page.goto(`${webUrl}/admin/users/import`);
    await page.getByRole('heading', { name: 'Importar usuarios' }).waitFor();
    expect(await page.getByTestId('csv-help').getByText('Descargar ejemplo').getAttribute('download')).toBe(
      'usuarios-ejemplo.csv',
    );
    const run = page.getByRole('button', { name: 'Importar usuarios' });
    expect(await run.isDisabled()).toBe(true);
    await page.getByLabel('Archivo CSV (*)').setInputFiles({
      name: 'usuarios.csv',
      mimeType: 'text/csv',
      buffer: csv([
        `csv-a-${id}@demo.cl,Carla,Csv,,USER_GROUP,Contadores Andes,Grupo Norte,`,
        `csv-b-${id},Bruno,Csv,,USER_GROUP,Contadores Andes,Grupo Inexistente,`,
      ]),
    });
    await page.getByText('Archivo adjunto').waitFor();
    await page.getByRole('button', { name: 'Eliminar archivo' }).click();
    await page.getByRole('button', { name: 'Subir archivo' }).waitFor();
    expect(await run.isDisabled()).toBe(true);
    await page.getByLabel('Archivo CSV (*)').setInputFiles({
      name: 'usuarios.csv',
      mimeType: 'text/csv',
      buffer: csv([
        `csv-a-${id}@demo.cl,Carla,Csv,,USER_GROUP,Contadores Andes,Grupo Norte,`,
        `csv-b-${id},Bruno,Csv,,USER_GROUP,Contadores Andes,Grupo Inexistente,`,
      ]),
    });
    await run.click();
    const results = page.getByTestId('import-results');
    await results.waitFor();
    expect(await page.getByTestId('import-summary').textContent()).toBe('1 usuario invitado, 1 fila con errores.');
    expect(await results.locator('[data-row="2"]').getByText('Creado').isVisible()).toBe(true);
    expect(
      await results.locator('[data-row="3"]').getByText('- Error en formato de correo electrónico').isVisible(),
    ).toBe(true);
    expect(await page.getByText('Usuarios creados con éxito').count()).toBe(0);
    await screenshot(page, 'users-import-errors');
    await waitForMail(`csv-a-${id}@demo.cl`, 'Invitación');

    await page.getByRole('button', { name: 'Eliminar archivo' }).click();
    await page.getByLabel('Archivo CSV (*)').setInputFiles({
      name: 'usuarios.csv',
      mimeType: 'text/csv',
      buffer: csv([`csv-c-${id}@demo.cl,Cecilia,Csv,,GROUP_ADMIN,Contadores Andes,Grupo Sur,`]),
    });
    await run.click();
    await page.getByRole('heading', { name: 'Usuarios creados con éxito' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ir a usuarios' }).getAttribute('href')).toBe('/admin/users');
    await screenshot(page, 'users-import-done');
  } finally {
    await context.close();
  }
}

/** A group admin invites only group and society users, picks no project, and sees the society filter only. */
async function groupAdminView() {
  const { context, page } = await newPage(browser);
  try {
    await signInWithCookies(context, webUrl, 'grupo@demo.cl');
    await page.goto(`${webUrl}/admin/users/invite`);
    await page.getByRole('option', { name: 'Usuario de grupos' }).waitFor({ state: 'attached' });
    const roles = await page.getByLabel('Rol (*)').locator('option').allTextContents();
    expect(roles).toEqual(['Selecciona un rol', 'Usuario de grupos', 'Usuario de sociedad']);
    await page.getByLabel('Rol (*)').selectOption({ label: 'Usuario de sociedad' });
    await page.getByRole('group', { name: 'Sociedades (*)' }).waitFor();
    expect(await page.getByLabel('Filtrar por proyecto').count()).toBe(0);
    expect(await page.getByLabel('Filtrar por grupo').count()).toBe(0);

    // The link back from a form keeps the stored group.
    await screenshot(page, 'users-invite-group-admin');
    const back = await page
      .getByRole('navigation', { name: 'Ruta de navegación' })
      .getByRole('link', { name: 'Usuarios' })
      .getAttribute('href');
    expect(back).toMatch(/^\/admin\/users#1%1\?search=&project=&group=[0-9a-f-]{36}&society=&ordering=&user_role=$/);

    // The list shows the society filter only.
    // Leaving the filled form asks first (unsaved-changes guard).
    await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Usuarios' }).click();
    await page
      .getByText('¿Estás seguro de desear abandonar este formulario? Los datos ingresados no serán guardados.')
      .waitFor();
    await page.getByRole('button', { name: 'Abandonar' }).click();
    // A filtered list opens with the panel unfolded.
    expect(await page.getByRole('button', { name: 'Filtros' }).getAttribute('aria-expanded')).toBe('true');
    const filters = page.getByTestId('users-filters');
    await filters.getByRole('radiogroup', { name: 'Sociedad' }).waitFor();
    expect(await filters.getByLabel('Proyecto').count()).toBe(0);
    expect(await filters.getByLabel('Grupo').count()).toBe(0);
  } finally {
    await context.close();
  }
}
