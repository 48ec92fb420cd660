import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import * as usersContract from '../../shared/contracts/users';
import { call, signIn } from '../helpers/api';
import { launchBrowser, newPage, pickOne, screenshot, signInWithCookies } from '../helpers/browser';
import { createTestUser, tableAccess, testUserRecord } from '../helpers/db';
import { freshRut } from '../helpers/fresh';

/**
 * "Pickers find anything", in the browser: a project of the test's own holds more societies than a page of
 * the old pickers (100); the user form finds the 101st and later ones by typing part of the name (asked of the server),
 * keeps them after saving (named by uuids= on reopening, pinned and checked), pages with 'Mostrar más', and the users
 * list's society filter finds one the same way.
 */
const { webUrl, demo } = inject('portal');
const SOCIETIES = 120;
const stamp = randomUUID().slice(0, 6);
const societyName = (n: number) => `Selector ${stamp} Empresa ${String(n).padStart(3, '0')}`;
/** Named to sort after every demo account (users.test.ts reads the demo rows on page 1 of the same portal). */
const personSurname = (n: number) => `Zapata${stamp}${String(n).padStart(3, '0')}`;
const system = { user: { uuid: 'pickers-test', email: 'pickers@prueba.cl' }, role: 'SUPER_ADMIN' } as never;
const PEOPLE = 110;
const fixture = {
  project: '',
  group: '',
  societies: new Map<number, string>(),
  people: new Map<number, string>(),
  user: { uuid: '', email: '' },
};
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await tableAccess();
  // Made five years back on this process's clock, so the 230 rows sort last in the newest-first lists the other
  // browser tests read on page 1 of the same portal (hierarchy.test.ts, users.test.ts).
  const { nowMs, setClockOffset } = await import('../../functions/lib/clock');
  setClockOffset(-5 * 365 * 24 * 3600 * 1000);
  try {
    await makeFixture(new Date(nowMs()).toISOString());
  } finally {
    setClockOffset(0);
  }
}, 180_000);

async function makeFixture(created: string) {
  const { createProject } = await import('../../functions/projects/projects');
  const { createGroup } = await import('../../functions/groups/groups');
  const { createSociety } = await import('../../functions/societies/societies');
  const project = await createProject(
    system,
    {
      project_name: `Selectores ${stamp}`,
      client_name: 'Selectores',
      associated_service_description: 's',
      service_description: 's',
    },
    [],
  );
  fixture.project = project.uuid;
  const group = (await createGroup(system, {
    group_name: `Grupo Selectores ${stamp}`,
    group_description: 's',
    project: project.uuid,
  })) as { uuid: string };
  fixture.group = group.uuid;
  const industry = demo.industries[0] as string;
  // Ten at a time: writers of one directory shard retry their transaction (transact.ts).
  for (let start = 0; start < SOCIETIES; start += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, k) => {
        const n = start + k;
        const made = await createSociety(system, {
          society_business_name: societyName(n),
          society_rut: freshRut(),
          business_line: 'Servicios',
          company_code: `S${n}`,
          industry_type: industry,
          society_email: 'selector@prueba.cl',
          currency: 'CLP',
          group: group.uuid,
          society_contact_name: 'Selector',
          society_phone_number: '+56900000000',
          tax_module: 'False',
        } as never);
        fixture.societies.set(n, made.uuid);
      }),
    );
  }
  fixture.user = await createTestUser('USER_SOCIETY', [project.uuid]);
  // USER_GROUP people of the project for the group form's user picker, 'Zapata…000' to 'Zapata…109'.
  const { putNewUser } = await import('../../functions/lib/data/users');
  for (let start = 0; start < PEOPLE; start += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, k) => {
        const n = start + k;
        const uuid = randomUUID();
        fixture.people.set(n, uuid);
        await putNewUser(
          testUserRecord({
            uuid,
            email: `zz-selector-${stamp}-${n}@prueba.cl`,
            first_name: 'Zoe',
            last_name: personSurname(n),
            user_role: 'USER_GROUP',
            created,
          }),
          [{ field: 'project_uuids', uuid: project.uuid, project_uuid: project.uuid }],
        );
      }),
    );
  }
}

afterAll(async () => {
  await browser?.close();
});

const picker = (page: Page) => page.getByRole('group', { name: 'Sociedades' });

/** Whether the societies of these numbers are checked in the picker. */
const checkedSocieties = (page: Page, numbers: number[]) =>
  Promise.all(
    numbers.map((n) =>
      picker(page)
        .getByRole('checkbox', { name: societyName(n) })
        .isChecked(),
    ),
  );
/** Waits for the picker's GET whose query holds every part, while `action` runs. */
async function pickerRequest(page: Page, parts: string[], action: () => Promise<unknown>) {
  const answer = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname.endsWith('/api/v1/societies/user/list/') &&
      parts.every((part) => url.search.includes(part)) &&
      response.ok()
    );
  });
  await action();
  return (await (await answer).json()) as { count: number; results: Array<{ uuid: string }> };
}

describe('pickers find any of more than 100 societies', () => {
  test('the user form finds the 101st by its name, saves it, and shows it selected on reopening', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
      await page.goto(`${webUrl}/admin/users/edit/${fixture.user.uuid}`);
      await picker(page).waitFor();

      // Narrowed to the project: 50 of 120 shown, 'Mostrar más' pages on until all are there.
      const first = await pickerRequest(page, [`project=${fixture.project}`, 'offset=0'], () =>
        pickOne(page, 'Filtrar por proyecto', `Selectores ${stamp}`),
      );
      expect(first.count).toBe(SOCIETIES);
      expect(first.results).toHaveLength(50);
      await picker(page).getByText(societyName(0)).waitFor();
      expect(await picker(page).getByText(societyName(105)).count()).toBe(0);
      const more = picker(page).getByRole('button', { name: 'Mostrar más' });
      const second = await pickerRequest(page, [`project=${fixture.project}`, 'offset=50'], () => more.click());
      expect(second.results).toHaveLength(50);
      await page.getByText(`100 de ${SOCIETIES}`).waitFor();
      await pickerRequest(page, [`project=${fixture.project}`, 'offset=100'], () => more.click());
      await page.getByText(`${SOCIETIES} de ${SOCIETIES}`).waitFor();
      expect(await more.count()).toBe(0);

      // Without the project filter (every society in scope), typing part of the name asks the server.
      await pickOne(page, 'Filtrar por proyecto', '');
      const found = await pickerRequest(page, ['search=', 'Empresa+101'], () =>
        page.getByLabel('Buscar en Sociedades').fill(`${stamp} Empresa 101`),
      );
      expect(found.results.map((s) => s.uuid)).toEqual([fixture.societies.get(101)]);
      await picker(page).getByText(societyName(101)).click();
      await page.getByLabel('Buscar en Sociedades').fill(`${stamp} Empresa 117`);
      await picker(page).getByText(societyName(117)).click();
      // Both stay pinned and checked whatever the search shows.
      await page.getByLabel('Buscar en Sociedades').fill('no existe ninguna así');
      await picker(page).getByText('Sin resultados').waitFor();
      expect(await checkedSocieties(page, [101, 117])).toEqual([true, true]);
      await page.getByText('2 seleccionados').waitFor();
      await screenshot(page, 'pickers-user-edit-search');

      const sent = page.waitForRequest(
        (r) => r.method() === 'PATCH' && r.url().includes(`/api/v1/users/user/${fixture.user.uuid}/`),
      );
      await page.getByRole('button', { name: 'Guardar usuario' }).click();
      const body = JSON.parse((await sent).postData() ?? '{}') as { society?: string[] };
      expect([...(body.society ?? [])].sort()).toEqual([fixture.societies.get(101), fixture.societies.get(117)].sort());
      await page.getByRole('heading', { name: 'Usuario guardado con éxito' }).waitFor();

      // Stored: the API answers the user with both societies.
      const token = (await signIn('superadmin@demo.cl')).access;
      const stored = (await call(usersContract.getUser, { token, params: { uuid: fixture.user.uuid } })).body as {
        society: Array<{ uuid: string }>;
      };
      expect(stored.society.map((s) => s.uuid).sort()).toEqual(
        [fixture.societies.get(101), fixture.societies.get(117)].sort(),
      );

      // Reopened: named by uuids= and checked before any search.
      const named = await pickerRequest(page, ['uuids='], () =>
        page.goto(`${webUrl}/admin/users/edit/${fixture.user.uuid}`),
      );
      expect(named.results.map((s) => s.uuid).sort()).toEqual(
        [fixture.societies.get(101), fixture.societies.get(117)].sort(),
      );
      await picker(page)
        .getByRole('checkbox', { name: societyName(101) })
        .waitFor();
      expect(await checkedSocieties(page, [101, 117])).toEqual([true, true]);
      await page.getByText('2 seleccionados').waitFor();
      await screenshot(page, 'pickers-user-edit-reopened');
    } finally {
      await context.close();
    }
  });

  test("the users list's society filter finds a society past row 100 by typing, at 375 px", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
      await page.goto(`${webUrl}/admin/users`);
      await page.getByRole('button', { name: 'Filtros' }).click();
      const filter = page.getByRole('radiogroup', { name: 'Sociedad' });
      await filter.waitFor();
      await pickerRequest(page, ['search=', 'Empresa+117'], () =>
        page.getByTestId('users-filters').getByLabel('Buscar en Sociedad').fill(`${stamp} Empresa 117`),
      );
      await filter.getByText(societyName(117)).click();
      await page.waitForFunction((society) => location.hash.includes(`society=${society}`), fixture.societies.get(117));
      await page.getByRole('table', { name: 'Usuarios' }).getByText(fixture.user.email).waitFor();
      // The picker fits the phone's screen.
      const box = await page.getByTestId('society-filter').boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(375);
      await screenshot(page, 'pickers-users-filter-375');
    } finally {
      await context.close();
    }
  });

  test('the group form finds the 106th user of its project by surname, saves it, and shows it on reopening', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInWithCookies(context, webUrl, 'superadmin@demo.cl');
      await page.goto(`${webUrl}/admin/group/edit/${fixture.group}`);
      const users = page.getByRole('group', { name: 'Usuarios del grupo' });
      await users.waitFor();
      await page.getByText(`50 de ${PEOPLE}`).waitFor();
      const found = page.waitForResponse(
        (r) => r.url().includes('/api/v1/groups/user-available/') && r.url().includes(`search=${personSurname(105)}`),
      );
      await page.getByLabel('Buscar en Usuarios del grupo').fill(personSurname(105));
      expect(((await (await found).json()) as { results: Array<{ uuid: string }> }).results.map((p) => p.uuid)).toEqual(
        [fixture.people.get(105)],
      );
      await users.getByText(`Zoe ${personSurname(105)}`).click();
      await page.getByRole('button', { name: 'Guardar grupo' }).click();
      await page.getByRole('heading', { name: 'Grupo guardado con éxito' }).waitFor();

      await page.goto(`${webUrl}/admin/group/edit/${fixture.group}`);
      const member = users.getByRole('checkbox', { name: `Zoe ${personSurname(105)}` });
      await member.waitFor();
      expect(await member.isChecked()).toBe(true);
      await page.getByText('1 seleccionado').first().waitFor();
      await screenshot(page, 'pickers-group-edit-reopened');
    } finally {
      await context.close();
    }
  });
});
