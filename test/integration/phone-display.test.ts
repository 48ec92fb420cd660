import { beforeAll, describe, expect, inject, test } from 'vitest';
import { type Contract, fillPath } from '../../shared/contracts/define';
import * as projects from '../../shared/contracts/projects';
import * as societies from '../../shared/contracts/societies';
import { detailPdf } from '../../shared/i18n/es/server';
import { formatPhone } from '../../shared/phone';
import { call, signIn } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { unique } from '../helpers/fresh';
import { invokeInProcess } from '../helpers/in-process';
import { pdfTextLines } from '../helpers/pdf-text';
import { societyBody } from '../helpers/societies';

/**
 * The society and project detail PDFs show the phone's display form stored beside the number (so they carry
 * no phone parser). They show what formatPhone shows, as they did when they formatted the number themselves; the API
 * answers never carry the stored form; items written before show the number as stored until the backfill.
 */
let superAdmin: string;
let industry: string;
let backfill: typeof import('../../functions/lib/data/phone-display-backfill');

beforeAll(async () => {
  superAdmin = (await signIn('superadmin@demo.cl')).access;
  industry = (await call(societies.listIndustries, { token: superAdmin })).body[0]?.uuid as string;
  await tableAccess(); // the environment the functions' modules read
  backfill = await import('../../functions/lib/data/phone-display-backfill');
});

/** The value the detail PDF shows under a label (each field is its label's line, then its value's). */
async function pdfField(contract: Contract, uuid: string, label: string): Promise<string | undefined> {
  const response = await fetch(`${inject('portal').apiUrl}/${fillPath(contract.path, { uuid })}`, {
    headers: { authorization: `Bearer ${superAdmin}` },
  });
  expect(response.status).toBe(200);
  const lines = await pdfTextLines(new Uint8Array(await response.arrayBuffer()));
  expect(lines).toContain(label);
  return lines[lines.indexOf(label) + 1];
}

const societyPhoneInPdf = (uuid: string) => pdfField(societies.getSocietyPdf, uuid, detailPdf.society.phone);
const projectPhoneInPdf = (uuid: string) => pdfField(projects.getProjectPdf, uuid, detailPdf.project.contactPhone);

async function createSociety(phone: string) {
  const created = await call(societies.createSociety, {
    token: superAdmin,
    body: societyBody(inject('portal').demo.groups.norte, {
      company_code: 'TEL',
      industry_type: industry,
      society_phone_number: phone,
      society_rut: undefined,
    }),
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function createProject(phone?: string) {
  const created = await call(projects.createProject, {
    token: superAdmin,
    body: {
      project_name: `Proyecto ${unique()}`,
      client_name: 'Cliente SpA',
      associated_service_description: 'Contabilidad',
      service_description: 'Portal',
      ...(phone && { contact_phone: phone }),
    },
  });
  expect(created.status).toBe(201);
  return created.body;
}

describe('the detail PDFs show the phone as formatPhone shows it', () => {
  test('the demo society and project (seeded through the same writes)', async () => {
    const { demo } = inject('portal');
    const society = await call(societies.getSociety, { token: superAdmin, params: { uuid: demo.societies.minera } });
    expect(society.body.society_phone_number).toBe('+56912345678');
    expect(await societyPhoneInPdf(demo.societies.minera)).toBe(formatPhone(society.body.society_phone_number));
    expect(await societyPhoneInPdf(demo.societies.minera)).toBe('+56 9 1234 5678');
    const project = await call(projects.getProject, { token: superAdmin, params: { uuid: demo.projects.andes } });
    expect(project.body.contact_phone).toBe('+56223456789');
    expect(await projectPhoneInPdf(demo.projects.andes)).toBe('+56 2 2345 6789');
  });

  test('as typed on create, after a patch, unrecognised, and absent', async () => {
    const society = await createSociety('(2) 2345 6789');
    expect(society.society_phone_number).toBe('+56223456789');
    expect(await societyPhoneInPdf(society.uuid)).toBe('+56 2 2345 6789');
    const patched = await call(societies.patchSociety, {
      token: superAdmin,
      params: { uuid: society.uuid },
      body: { society_phone_number: '+1 415-555-2671' },
    });
    expect(patched.status).toBe(200);
    expect(await societyPhoneInPdf(society.uuid)).toBe('+1 415 555 2671');
    // A national number libphonenumber-js does not recognise is shown as stored.
    const other = await createSociety('12345');
    expect(await societyPhoneInPdf(other.uuid)).toBe(formatPhone('12345'));

    const project = await createProject('+56 9 8765 4321');
    expect(await projectPhoneInPdf(project.uuid)).toBe('+56 9 8765 4321');
    await call(projects.patchProject, {
      token: superAdmin,
      params: { uuid: project.uuid },
      body: { contact_phone: '+14155552671' },
    });
    expect(await projectPhoneInPdf(project.uuid)).toBe('+1 415 555 2671');
    // A patch that leaves the phone alone keeps its display form (the item is rewritten whole).
    await call(projects.patchProject, {
      token: superAdmin,
      params: { uuid: project.uuid },
      body: { subtitle: 'Otro' },
    });
    expect(await projectPhoneInPdf(project.uuid)).toBe('+1 415 555 2671');
    expect(await projectPhoneInPdf((await createProject()).uuid)).toBe('-');
  });
});

describe('the stored display form', () => {
  test('is stored on the item but in no answer, even unchecked as AWS sends it', async () => {
    const { demo } = inject('portal');
    const { dynamo, lib, keys, tableName } = await tableAccess();
    const item = async (key: { pk: string; sk: string }) =>
      (await dynamo.send(new lib.GetCommand({ TableName: tableName, Key: key }))).Item;
    expect((await item(keys.society(demo.societies.minera)))?.phone_display).toBe('+56 9 1234 5678');
    expect((await item(keys.project(demo.projects.andes)))?.phone_display).toBe('+56 2 2345 6789');

    const answers = [
      await invokeInProcess(societies.getSociety, {
        token: superAdmin,
        params: { uuid: demo.societies.minera },
        asInAws: true,
      }),
      await invokeInProcess(projects.getProject, {
        token: superAdmin,
        params: { uuid: demo.projects.andes },
        asInAws: true,
      }),
      await invokeInProcess(societies.listSocieties, {
        token: superAdmin,
        query: { limit: '100', offset: '0' },
        asInAws: true,
      }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).toContain('"+56');
      expect(JSON.stringify(answer.body)).not.toContain('phone_display');
    }
  });

  test('an item written before shows its phone as stored until the backfill; the backfill is idempotent', async () => {
    const society = await createSociety('+56 9 5555 1234');
    const project = await createProject('+56 2 2345 6789');
    const { dynamo, lib, keys, tableName } = await tableAccess();
    const written = [keys.society(society.uuid), keys.project(project.uuid)];
    // As items written before the display form was stored.
    for (const key of written) {
      await dynamo.send(
        new lib.UpdateCommand({ TableName: tableName, Key: key, UpdateExpression: 'REMOVE phone_display' }),
      );
    }
    expect(await societyPhoneInPdf(society.uuid)).toBe('+56955551234');
    expect(await projectPhoneInPdf(project.uuid)).toBe('+56223456789');

    const ours = (await backfill.scanPhoneItems()).filter((i) => written.some((k) => k.pk === i.key.pk));
    expect(ours).toHaveLength(2);
    expect(await backfill.backfillPhoneDisplays(ours)).toEqual({ checked: 2, updated: 2 });
    expect(await societyPhoneInPdf(society.uuid)).toBe('+56 9 5555 1234');
    expect(await projectPhoneInPdf(project.uuid)).toBe('+56 2 2345 6789');
    const again = (await backfill.scanPhoneItems()).filter((i) => written.some((k) => k.pk === i.key.pk));
    expect(await backfill.backfillPhoneDisplays(again)).toEqual({ checked: 2, updated: 0 });
  });

  test('the backfill leaves an item whose phone changed since its scan to the write that changed it', async () => {
    const society = await createSociety('+56 9 5555 4321');
    const { dynamo, lib, keys, tableName } = await tableAccess();
    const key = keys.society(society.uuid);
    await dynamo.send(
      new lib.UpdateCommand({ TableName: tableName, Key: key, UpdateExpression: 'REMOVE phone_display' }),
    );
    const scanned = (await backfill.scanPhoneItems()).filter((i) => i.key.pk === key.pk);
    expect(scanned).toEqual([{ key, phoneAttribute: 'society_phone_number', phone: '+56955554321', display: null }]);
    const patched = await call(societies.patchSociety, {
      token: superAdmin,
      params: { uuid: society.uuid },
      body: { society_phone_number: '+56 2 2999 8888' },
    });
    expect(patched.status).toBe(200);
    expect(await backfill.backfillPhoneDisplays(scanned)).toEqual({ checked: 1, updated: 0 });
    expect(await societyPhoneInPdf(society.uuid)).toBe('+56 2 2999 8888');
  });
});
