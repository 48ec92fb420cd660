import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import * as societies from '../../shared/contracts/societies';
import { call, signIn } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { freshRut, unique } from '../helpers/fresh';
import { societyBody } from '../helpers/societies';

/** Over the real local services: the hierarchy, its rules, and its tenancy, per role. */
let superAdmin: string;
let projectAdmin: string;
let groupAdmin: string;

beforeAll(async () => {
  [superAdmin, projectAdmin, groupAdmin] = await Promise.all([
    signIn('superadmin@demo.cl').then((t) => t.access),
    signIn('proyecto@demo.cl').then((t) => t.access),
    signIn('grupo@demo.cl').then((t) => t.access),
  ]);
});

const projectBody = (name = `Proyecto ${unique()}`) => ({
  project_name: name,
  client_name: 'Cliente SpA',
  associated_service_description: 'Contabilidad',
  service_description: 'Portal',
});

async function firstIndustry() {
  const { body } = await call(societies.listIndustries, { token: superAdmin });
  return body[0]?.uuid as string;
}

describe('the whole hierarchy, as SUPER_ADMIN', () => {
  test('creates a project, a group and a society; counters follow every create, move and delete', async () => {
    const project = await call(projects.createProject, { token: superAdmin, body: projectBody() });
    expect(project.status).toBe(201);
    expect(project.body).toMatchObject({ meta_title: 'default', primary_color: '#aabbcc', enable: true, groups: 0 });

    const group = await call(groups.createGroup, {
      token: superAdmin,
      body: { group_name: 'Grupo Uno', group_description: 'Primero', project: project.body.uuid },
    });
    expect(group.status).toBe(201);
    const second = await call(groups.createGroup, {
      token: superAdmin,
      body: { group_name: 'Grupo Dos', group_description: 'Segundo', project: project.body.uuid },
    });
    const industry = await firstIndustry();
    const society = await call(societies.createSociety, {
      token: superAdmin,
      body: societyBody(group.body.uuid, { industry_type: industry }),
    });
    expect(society.status).toBe(201);
    expect(society.body.project.uuid).toBe(project.body.uuid);
    expect(society.body.group.group_name).toBe('Grupo Uno');

    const counts = async () => {
      const p = await call(projects.getProject, { token: superAdmin, params: { uuid: project.body.uuid } });
      const g1 = await call(groups.getGroup, { token: superAdmin, params: { uuid: group.body.uuid } });
      const g2 = await call(groups.getGroup, { token: superAdmin, params: { uuid: second.body.uuid } });
      return [p.body.groups, p.body.society_quantity, g1.body.society_quantity, g2.body.society_quantity];
    };
    expect(await counts()).toEqual([2, 1, 1, 0]);

    const moved = await call(societies.patchSociety, {
      token: superAdmin,
      params: { uuid: society.body.uuid },
      body: { group: second.body.uuid },
    });
    expect(moved.status).toBe(200);
    expect(await counts()).toEqual([2, 1, 0, 1]);

    expect((await call(groups.deleteGroup, { token: superAdmin, params: { uuid: second.body.uuid } })).body).toEqual({
      code: 'GROUP_NOT_EMPTY',
    });
    expect(
      (await call(projects.deleteProject, { token: superAdmin, params: { uuid: project.body.uuid } })).status,
    ).toBe(409);

    expect(
      (await call(societies.deleteSociety, { token: superAdmin, params: { uuid: society.body.uuid } })).status,
    ).toBe(200);
    expect(await counts()).toEqual([2, 0, 0, 0]);
    for (const g of [group.body.uuid, second.body.uuid]) {
      expect((await call(groups.deleteGroup, { token: superAdmin, params: { uuid: g } })).status).toBe(200);
    }
    expect(
      (await call(projects.deleteProject, { token: superAdmin, params: { uuid: project.body.uuid } })).status,
    ).toBe(200);
    expect((await call(projects.getProject, { token: superAdmin, params: { uuid: project.body.uuid } })).status).toBe(
      404,
    );

    // The name, URL and RUT are free again once their owners are gone.
    expect(
      (await call(projects.createProject, { token: superAdmin, body: projectBody(project.body.project_name) })).status,
    ).toBe(201);
  });

  test('every change leaves an audit item: who, what and what changed', async () => {
    const project = await call(projects.createProject, { token: superAdmin, body: projectBody() });
    await call(projects.patchProject, {
      token: superAdmin,
      params: { uuid: project.body.uuid },
      body: { enable: false },
    });
    await call(projects.patchProject, {
      token: superAdmin,
      params: { uuid: project.body.uuid },
      body: { client_name: 'Otro Cliente' },
    });
    const { dynamo, tableName } = await tableAccess();
    const { Items = [] } = await dynamo.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `AUDIT#${project.body.uuid}` },
      }),
    );
    expect(Items.map((i) => i.action)).toEqual(['CREATE', 'DISABLE', 'UPDATE']);
    expect(Items.map((i) => i.actor_email)).toEqual(Array(3).fill('superadmin@demo.cl'));
    expect(Items[2]?.changes).toEqual({ client_name: ['Cliente SpA', 'Otro Cliente'] });
  });

  test('lists answer {count, results} with search, limit and offset', async () => {
    const tag = unique();
    for (const n of [1, 2, 3]) {
      await call(projects.createProject, { token: superAdmin, body: projectBody(`Lista ${tag} ${n}`) });
    }
    const page1 = await call(projects.listProjects, { token: superAdmin, query: { search: `lista ${tag}`, limit: 2 } });
    const page2 = await call(projects.listProjects, {
      token: superAdmin,
      query: { search: `LISTA ${tag}`, limit: 2, offset: 2 },
    });
    expect(page1.body.count).toBe(3);
    expect(page1.body.results).toHaveLength(2);
    expect(page2.body.results).toHaveLength(1);
    const names = [...page1.body.results, ...page2.body.results].map((p) => p.project_name);
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toBe(`Lista ${tag} 3`); // newest first
  });

  test('search ignores accents and case', async () => {
    const tag = unique();
    await call(projects.createProject, { token: superAdmin, body: projectBody(`Peñalolén ${tag}`) });
    const { body } = await call(projects.searchProjects, { token: superAdmin, query: { search: `PENALOLEN ${tag}` } });
    expect(body.results.map((p) => p.project_name)).toEqual([`Peñalolén ${tag}`]);
  });
});

describe('validation answers the spec codes and changes nothing', () => {
  test('project: required, URL, e-mail, phone and colour formats', async () => {
    const missing = await call(projects.createProject, { token: superAdmin, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({
      project_name: ['REQUIRED'],
      client_name: ['REQUIRED'],
      associated_service_description: ['REQUIRED'],
      service_description: ['REQUIRED'],
    });
    const bad = await call(projects.createProject, {
      token: superAdmin,
      body: {
        ...projectBody(),
        custom_portal_url: 'ftp://x',
        url_own_site: 'no es url',
        contact_email: 'x@',
        contact_phone: '+56 9 1234',
        primary_color: 'azul',
      },
    });
    expect(bad.body.errors).toEqual({
      custom_portal_url: ['FORMAT_ERROR'],
      url_own_site: ['FORMAT_ERROR'],
      contact_email: ['FORMAT_ERROR'],
      contact_phone: ['FORMAT_ERROR'],
      primary_color: ['FORMAT_ERROR'],
    });
    const long = await call(projects.createProject, {
      token: superAdmin,
      body: { ...projectBody(), contact_email: `${'a'.repeat(95)}@ab.cl`, contact_phone: '+1234567890123456' },
    });
    expect(long.body.errors).toEqual({ contact_email: ['ERROR_LENGTH'], contact_phone: ['ERROR_LENGTH'] });
  });

  test('society: RUT check digit, currency, tax_module and e-mail', async () => {
    const industry = await firstIndustry();
    const { demo } = inject('portal');
    const body = societyBody(demo.groups.sur, { industry_type: industry });
    const badRut = body.society_rut.replace(/-.$/, (m) => (m === '-0' ? '-1' : '-0'));
    const { status, body: answer } = await call(societies.createSociety, {
      token: superAdmin,
      body: { ...body, society_rut: badRut, currency: 'ARS', tax_module: 'yes', society_email: 'nope' },
    });
    expect(status).toBe(400);
    expect(answer.errors).toEqual({
      society_rut: ['FORMAT_ERROR'],
      currency: ['FORMAT_NOT_ALLOWED'],
      tax_module: ['FORMAT_NOT_ALLOWED'],
      society_email: ['FORMAT_ERROR'],
    });
    const list = await call(societies.listSocieties, {
      token: superAdmin,
      query: { search: body.society_business_name },
    });
    expect(list.body.count).toBe(0);
  });
});

describe('uniqueness holds, also under concurrency', () => {
  test('project name (409 PROJECT_NAME_TAKEN, any case) and portal URL (400 URL_EXISTS)', async () => {
    const name = `Único ${unique()}`;
    const url = `https://${unique()}.portal.cl`;
    expect(
      (
        await call(projects.createProject, {
          token: superAdmin,
          body: { ...projectBody(name), custom_portal_url: url },
        })
      ).status,
    ).toBe(201);
    const sameName = await call(projects.createProject, { token: superAdmin, body: projectBody(name.toUpperCase()) });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ code: 'PROJECT_NAME_TAKEN' });
    const sameUrl = await call(projects.createProject, {
      token: superAdmin,
      body: { ...projectBody(), custom_portal_url: `${url}/` },
    });
    expect(sameUrl.status).toBe(400);
    expect(sameUrl.body.errors).toEqual({ custom_portal_url: ['URL_EXISTS'] });
  });

  test('five concurrent creates of one name: exactly one wins', async () => {
    const name = `Carrera ${unique()}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(projects.createProject, { token: superAdmin, body: projectBody(name) })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    const { body } = await call(projects.searchProjects, { token: superAdmin, query: { search: name } });
    expect(body.count).toBe(1);
  });

  test('society RUT within its project (409 RUT_TAKEN), concurrently too; another project may have it', async () => {
    const industry = await firstIndustry();
    const { demo } = inject('portal');
    const rut = freshRut();
    const answers = await Promise.all(
      [demo.groups.norte, demo.groups.sur, demo.groups.norte].map((group) =>
        call(societies.createSociety, {
          token: superAdmin,
          body: { ...societyBody(group, { industry_type: industry }), society_rut: rut },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toEqual({ code: 'RUT_TAKEN' });
    const elsewhere = await call(societies.createSociety, {
      token: superAdmin,
      body: { ...societyBody(demo.groups.costa, { industry_type: industry }), society_rut: rut },
    });
    expect(elsewhere.status).toBe(201);
  });

  test('group name within its project (SAME_DATA); the same name in another project is fine', async () => {
    const { demo } = inject('portal');
    const name = `Grupo ${unique()}`;
    const make = (project: string) =>
      call(groups.createGroup, { token: superAdmin, body: { group_name: name, group_description: 'd', project } });
    expect((await make(demo.projects.andes)).status).toBe(201);
    const again = await make(demo.projects.andes);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ group_name: ['SAME_DATA'] });
    expect((await make(demo.projects.pacifico)).status).toBe(201);
  });

  test('a project admin already administering a project (ADMIN_ERROR)', async () => {
    const { demo } = inject('portal');
    const answer = await call(projects.createProject, {
      token: superAdmin,
      body: { ...projectBody(), admin: [demo.users['proyecto@demo.cl']] },
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ code: 'ADMIN_ERROR' });
  });

  test('a stale edit answers 409 DATA_CONFLICT and changes nothing', async () => {
    const project = await call(projects.createProject, { token: superAdmin, body: projectBody() });
    const first = await call(projects.patchProject, {
      token: superAdmin,
      params: { uuid: project.body.uuid },
      body: { client_name: 'Primero', version: 1 },
    });
    expect(first.body.version).toBe(2);
    const stale = await call(projects.patchProject, {
      token: superAdmin,
      params: { uuid: project.body.uuid },
      body: { client_name: 'Tarde', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ code: 'DATA_CONFLICT' });
    const now = await call(projects.getProject, { token: superAdmin, params: { uuid: project.body.uuid } });
    expect(now.body.client_name).toBe('Primero');
  });
});

describe('tenancy: a PROJECT_ADMIN and a GROUP_ADMIN stay inside their scope', () => {
  test('the other project’s group and society answer 404, and never appear in lists or search', async () => {
    const { demo } = inject('portal');
    const foreignGroup = await call(groups.getGroup, { token: projectAdmin, params: { uuid: demo.groups.costa } });
    const foreignSociety = await call(societies.getSociety, {
      token: projectAdmin,
      params: { uuid: demo.societies.pesquera },
    });
    expect(foreignGroup.status).toBe(404);
    expect(foreignSociety.status).toBe(404);
    expect(foreignGroup.body).toEqual({ code: 'NOT_FOUND' });
    for (const attempt of [
      call(groups.patchGroup, {
        token: projectAdmin,
        params: { uuid: demo.groups.costa },
        body: { group_name: 'x1x' },
      }),
      call(groups.deleteGroup, { token: projectAdmin, params: { uuid: demo.groups.costa } }),
      call(societies.patchSociety, {
        token: projectAdmin,
        params: { uuid: demo.societies.pesquera },
        body: { business_line: 'x' },
      }),
      call(societies.deleteSociety, { token: projectAdmin, params: { uuid: demo.societies.pesquera } }),
      call(groups.getGroupPdf, { token: projectAdmin, params: { uuid: demo.groups.costa } }),
    ]) {
      expect((await attempt).status).toBe(404);
    }

    // Searched by name, so what parallel tests add to either project cannot push a row off the page.
    const groupsNamed = async (search: string) =>
      (await call(groups.listGroups, { token: projectAdmin, query: { search, limit: 100 } })).body.results;
    expect((await groupsNamed('Grupo Norte')).map((g) => g.uuid)).toContain(demo.groups.norte);
    expect(await groupsNamed('Grupo Costa')).toEqual([]);
    const groupList = await call(groups.listGroups, { token: projectAdmin, query: { limit: 100 } });
    expect(groupList.body.results.length).toBeGreaterThan(0);
    expect(groupList.body.results.filter((g) => g.project.uuid !== demo.projects.andes)).toEqual([]);
    const societiesNamed = async (search: string) =>
      (await call(societies.listSocieties, { token: projectAdmin, query: { search, limit: 100 } })).body.results;
    expect((await societiesNamed('Minera Atacama')).map((s) => s.uuid)).toContain(demo.societies.minera);
    expect(await societiesNamed('Pesquera Pacífico')).toEqual([]);
    const searched = await call(societies.searchSocieties, { token: projectAdmin, query: { search: 'pesquera' } });
    expect(searched.body.count).toBe(0);
    const filtered = await call(societies.listSocieties, {
      token: projectAdmin,
      query: { project: demo.projects.pacifico },
    });
    expect(filtered.status).toBe(404);
    const mine = await call(groups.listMyGroups, { token: projectAdmin });
    expect(mine.body.results.map((g) => g.uuid)).toContain(demo.groups.norte);
    expect(mine.body.results.filter((g) => g.project !== demo.projects.andes)).toEqual([]);
  });

  test('a PROJECT_ADMIN cannot create in the other project; a GROUP_ADMIN cannot create a group', async () => {
    const { demo } = inject('portal');
    const foreign = await call(groups.createGroup, {
      token: projectAdmin,
      body: { group_name: `G ${unique()}`, group_description: 'd', project: demo.projects.pacifico },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ project: ['FORMAT_NOT_ALLOWED'] });
    const industry = await firstIndustry();
    const foreignSociety = await call(societies.createSociety, {
      token: projectAdmin,
      body: societyBody(demo.groups.costa, { industry_type: industry }),
    });
    expect(foreignSociety.body.errors).toEqual({ group: ['FORMAT_NOT_ALLOWED'] });
    const byGroupAdmin = await call(groups.createGroup, {
      token: groupAdmin,
      body: { group_name: `G ${unique()}`, group_description: 'd', project: demo.projects.andes },
    });
    expect(byGroupAdmin.status).toBe(403);
    expect(byGroupAdmin.body).toEqual({ code: 'ACTION_NOT_ALLOWED' });
  });

  test('a GROUP_ADMIN sees only its group’s societies', async () => {
    const { demo } = inject('portal');
    const list = await call(societies.listSocieties, { token: groupAdmin, query: { limit: 100 } });
    const groupsSeen = new Set(list.body.results.map((s) => s.group.uuid));
    expect([...groupsSeen]).toEqual([demo.groups.norte]);
    expect(
      (await call(societies.getSociety, { token: groupAdmin, params: { uuid: demo.societies.austral } })).status,
    ).toBe(404);
    expect(
      (await call(societies.getSociety, { token: groupAdmin, params: { uuid: demo.societies.minera } })).status,
    ).toBe(200);
  });
});

describe('files and PDFs', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  async function multipart(
    token: string,
    method: string,
    path: string,
    fields: Record<string, string>,
    files: Record<string, Buffer>,
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, data] of Object.entries(files))
      form.append(name, new Blob([new Uint8Array(data)]), `${name}.bin`);
    const response = await fetch(`${inject('portal').apiUrl}/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }

  test('a project created by multipart stores its logo; a non-image is refused; a patch replaces only what is sent', async () => {
    const created = await multipart(superAdmin, 'POST', 'api/v1/projects/project/', projectBody(), { logo: PNG });
    expect(created.status).toBe(201);
    const logo = await fetch(created.body.logo);
    expect(logo.status).toBe(200);
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);

    const refused = await multipart(superAdmin, 'POST', 'api/v1/projects/project/', projectBody(), {
      icon: Buffer.from('<svg onload="alert(1)"></svg>'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ icon: ['FORMAT_NOT_ALLOWED'] });

    const patched = await multipart(
      superAdmin,
      'PATCH',
      `api/v1/projects/project/${created.body.uuid}/`,
      { subtitle: 'Nuevo' },
      { icon: PNG },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.subtitle).toBe('Nuevo');
    expect(patched.body.icon).toBeTruthy();
    expect(new URL(patched.body.logo).pathname).toBe(new URL(created.body.logo).pathname);
  });

  test('detail PDFs are real PDFs, reachable with ?token= as a download link', async () => {
    const { demo, apiUrl } = inject('portal');
    for (const path of [
      `api/v1/projects/detail/pdf/${demo.projects.andes}/`,
      `api/v1/groups/detail/pdf/${demo.groups.norte}/`,
      `api/v1/societies/detail/pdf/${demo.societies.minera}/`,
    ]) {
      const response = await fetch(`${apiUrl}/${path}?token=${superAdmin}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(1000);
    }
    const anonymous = await fetch(`${apiUrl}/api/v1/projects/detail/pdf/${demo.projects.andes}/`);
    expect(anonymous.status).toBe(401);
  });
});

describe('industries', () => {
  test('the first cannot be renamed or deleted; one in use cannot be deleted; names are unique', async () => {
    const { body: list } = await call(societies.listIndustries, { token: superAdmin });
    const first = list[0]?.uuid as string;
    expect(
      (await call(societies.patchIndustry, { token: superAdmin, params: { uuid: first }, body: { industry: 'X' } }))
        .status,
    ).toBe(403);
    expect((await call(societies.deleteIndustry, { token: superAdmin, params: { uuid: first } })).status).toBe(403);
    const used = list.find((i) => i.industry === 'Minería')?.uuid as string;
    expect((await call(societies.deleteIndustry, { token: superAdmin, params: { uuid: used } })).body).toEqual({
      code: 'INDUSTRY_IN_USE',
    });
    const name = `Rubro ${unique()}`;
    const created = await call(societies.createIndustry, { token: superAdmin, body: { industry: name } });
    expect(created.status).toBe(201);
    const again = await call(societies.createIndustry, { token: superAdmin, body: { industry: name.toLowerCase() } });
    expect(again.body.errors).toEqual({ industry: ['SAME_DATA'] });
    const renamed = await call(societies.patchIndustry, {
      token: superAdmin,
      params: { uuid: created.body.uuid },
      body: { industry: `${name} 2` },
    });
    expect(renamed.body.industry).toBe(`${name} 2`);
    expect(
      (await call(societies.deleteIndustry, { token: superAdmin, params: { uuid: created.body.uuid } })).status,
    ).toBe(200);
  });
});

describe('Chilean input', () => {
  test('a RUT with dots and a phone with spaces are taken, stored canonical, and the society is found by any form', async () => {
    const industry = await firstIndustry();
    const { demo } = inject('portal');
    const body = societyBody(demo.groups.sur, { industry_type: industry });
    const [digits, check] = body.society_rut.split('-') as [string, string];
    const dotted = `${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${check.toLowerCase()}`;
    expect(dotted).toMatch(/^\d{1,2}\.\d{3}\.\d{3}-[\dk]$/);
    const created = await call(societies.createSociety, {
      token: superAdmin,
      body: { ...body, society_rut: dotted, society_phone_number: '+56 9 1234 5678' },
    });
    expect(created.status).toBe(201);
    expect(created.body.society_rut).toBe(`${digits}-${check.toUpperCase()}`);
    expect(created.body.society_phone_number).toBe('+56912345678');

    for (const typed of [dotted, `${digits}-${check}`, `${digits.slice(0, 2)}.${digits.slice(2, 5)}`]) {
      const found = await call(societies.listSocieties, { token: superAdmin, query: { search: typed, limit: 100 } });
      expect(
        found.body.results.map((s) => s.uuid),
        typed,
      ).toContain(created.body.uuid);
    }
    // Typed the same way again, it is the same RUT: taken.
    const again = await call(societies.createSociety, {
      token: superAdmin,
      body: { ...societyBody(demo.groups.sur, { industry_type: industry }), society_rut: dotted.replace('-', ' - ') },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'RUT_TAKEN' });

    // The wizard's check on leaving step 1: taken in any written form, for the firm's admins (a SUPER_ADMIN names the
    // group whose firm it asks about).
    for (const [token, group] of [
      [superAdmin, demo.groups.sur],
      [groupAdmin, undefined],
    ] as const) {
      const taken = await call(societies.checkSocietyRut, { token, query: { rut: dotted, ...(group && { group }) } });
      expect(taken.status).toBe(200);
      expect(taken.body).toEqual({ available: false });
    }
    const free = await call(societies.checkSocietyRut, { token: projectAdmin, query: { rut: freshRut() } });
    expect(free.body).toEqual({ available: true });
    const bad = await call(societies.checkSocietyRut, { token: projectAdmin, query: { rut: '12.345.678-4' } });
    expect(bad.status).toBe(400);
  });
});
