import { beforeAll, describe, expect, test } from 'vitest';
import * as auth from '../../shared/contracts/auth';
import type { Contract } from '../../shared/contracts/define';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import * as societies from '../../shared/contracts/societies';
import * as users from '../../shared/contracts/users';
import { call, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { firmDomainReady } from '../helpers/firm-domain';
import { unique } from '../helpers/fresh';
import { type InProcessRequest, invokeInProcess } from '../helpers/in-process';
import { runDigest } from '../helpers/jobs';
import { allMailTo, bodyOf, type CapturedMail } from '../helpers/mail';
import { societyBody } from '../helpers/societies';

/**
 * The daily document digest (functions/documents/document-digest.ts). Each test uploads its documents in this process
 * a few days in the past (the server's clock, functions/lib/clock.ts) and runs the job, under its own IAM grant, on
 * the next day: so its days are its own, and the other files' uploads of today are in none of them. Tests run in
 * order, oldest day first (the job's state only moves forward).
 */
const DAY = 86_400_000;
const PDF = new TextEncoder().encode('%PDF-1.4\n% resumen\n%%EOF\n');

let w: Awaited<ReturnType<typeof buildWorld>>;

async function buildWorld() {
  const root = await createTestUser('SUPER_ADMIN');
  const sa = (await signIn(root.email)).access;
  const industry = (await call(societies.listIndustries, { token: sa })).body[0]?.uuid as string;
  const ok = <T extends { status: number; body: unknown }>(what: string, r: T) => {
    if (r.status !== 201 && r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as T['body'] & { uuid: string };
  };
  const project = async (name: string, color: string) =>
    ok(
      'project',
      await call(projects.createProject, {
        token: sa,
        body: {
          project_name: name,
          client_name: 'Cliente SpA',
          associated_service_description: 'Contabilidad',
          service_description: 'Portal',
          admin: [],
          custom_portal_url: `https://${unique()}.resumen.cl`,
          primary_color: color,
        },
      }),
    );
  const group = async (p: string, admin: string[], user: string[]) =>
    ok(
      'group',
      await call(groups.createGroup, {
        token: sa,
        body: { group_name: `Grupo ${unique()}`, group_description: 'Resumen', project: p, admin, user },
      }),
    ).uuid;
  const society = async (g: string, name: string, user: string[]) =>
    ok(
      'society',
      await call(societies.createSociety, {
        token: sa,
        body: societyBody(g, {
          society_business_name: name,
          company_code: 'DIG',
          industry_type: industry,
          society_email: 'contacto@resumen.cl',
          user,
        }),
      }),
    ).uuid;

  const P = await project(`Andes Resumen ${unique()}`, '#7A1F5C');
  const Q = await project(`Pacífico Resumen ${unique()}`, '#1F7A3C');
  // Both firms' domains are ready, so their digests link to them.
  for (const firm of [P, Q]) await firmDomainReady(firm.uuid, firm.custom_portal_url as string);
  const [paP, gaG, ug, us1, us2, us3, shared, noDocs, optedOut, usQ] = await Promise.all([
    createTestUser('PROJECT_ADMIN', [P.uuid], 'digest'),
    createTestUser('GROUP_ADMIN', [P.uuid], 'digest'),
    createTestUser('USER_GROUP', [P.uuid], 'digest'),
    createTestUser('USER_SOCIETY', [P.uuid], 'digest'),
    createTestUser('USER_SOCIETY', [P.uuid], 'digest'),
    createTestUser('USER_SOCIETY', [P.uuid], 'digest'),
    createTestUser('USER_SOCIETY', [P.uuid, Q.uuid], 'digest'),
    createTestUser('USER_SOCIETY', [P.uuid], 'digest'),
    createTestUser('USER_SOCIETY', [P.uuid], 'digest'),
    createTestUser('USER_SOCIETY', [Q.uuid], 'digest'),
  ]);
  const G = await group(P.uuid, [gaG.uuid], [ug.uuid]);
  const G2 = await group(P.uuid, [], []);
  const GQ = await group(Q.uuid, [], []);
  const S1 = await society(G, `Minera Resumen ${unique()} SpA`, [us1.uuid, shared.uuid, noDocs.uuid, optedOut.uuid]);
  const S2 = await society(G, `Forestal Resumen ${unique()} SpA`, [us2.uuid]);
  const S3 = await society(G2, `Pesquera Hermana ${unique()} SpA`, [us3.uuid]);
  const SQ = await society(GQ, `Viña Otra Firma ${unique()} SpA`, [shared.uuid, usQ.uuid]);
  const folder = ok(
    'folder',
    await call(folders.createFolderTemplate, { token: sa, body: { project: P.uuid, folder_name: 'Balances' } }),
  ).uuid;
  const folderQ = ok(
    'folder',
    await call(folders.createFolderTemplate, { token: sa, body: { project: Q.uuid, folder_name: 'Tributario' } }),
  ).uuid;

  // Document access as an admin's edit sets it, per firm; `noDocs` has none.
  const { dynamo, keys, lib, tableName } = await tableAccess();
  for (const [u, open] of [
    [ug, [P.uuid]],
    [us1, [P.uuid]],
    [us2, [P.uuid]],
    [us3, [P.uuid]],
    [shared, [P.uuid, Q.uuid]],
    [optedOut, [P.uuid]],
    [usQ, [Q.uuid]],
  ] as const) {
    await dynamo.send(
      new lib.UpdateCommand({
        TableName: tableName,
        Key: keys.user(u.uuid),
        UpdateExpression: 'SET documentation_projects = :p',
        ExpressionAttributeValues: { ':p': open },
      }),
    );
  }
  return {
    sa,
    P,
    Q,
    S1,
    S2,
    S3,
    SQ,
    folder,
    folderQ,
    people: { paP, gaG, ug, us1, us2, us3, shared, noDocs, optedOut, usQ },
  };
}

/** A handler run in this process `daysAgo` days in the past, with its contract's permissions. */
async function invokeDaysAgo(daysAgo: number, contract: Contract, request: InProcessRequest) {
  const [{ setClockOffset }, { installIamEmulation, runAs }] = await Promise.all([
    import('../../functions/lib/clock'),
    import('../../local/iam-emulation'),
  ]);
  await installIamEmulation();
  setClockOffset(-daysAgo * DAY);
  try {
    return await runAs(contract, () => invokeInProcess(contract, request));
  } finally {
    setClockOffset(0);
  }
}

async function upload(daysAgo: number, place: Record<string, string>, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(place)) form.set(k, v);
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), name);
  const made = await invokeDaysAgo(daysAgo, documents.uploadDocument, { token: w.sa, form });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.uuid as string;
}

const digestsTo = async (email: string, project: { project_name: string }) =>
  (await allMailTo(email)).filter((m) => m.subject.includes(project.project_name));

beforeAll(async () => {
  w = await buildWorld();
}, 180_000);

describe('document digest', () => {
  test('each client gets one mail per firm in its branding, with only the documents it may see', async () => {
    await upload(6, { society: w.S1, folder: w.folder }, 'Balance anual.pdf');
    await upload(6, { society: w.S2, form: 'F29', year: '2025' }, 'Declaración mensual.pdf');
    await upload(6, { society: w.S3, folder: w.folder }, 'Hermana privado.pdf');
    await upload(6, { society: w.SQ, folder: w.folderQ }, 'Otra firma.pdf');
    // A document deleted the same day is in no digest.
    const gone = await upload(6, { society: w.S1, folder: w.folder }, 'Borrado luego.pdf');
    expect((await invokeDaysAgo(6, documents.deleteDocument, { token: w.sa, params: { uuid: gone } })).status).toBe(
      200,
    );
    // An address on the suppression list (a hard bounce) gets nothing.
    const { suppressAddress } = await import('../../functions/lib/data/suppression');
    await suppressAddress({ email: w.people.us3.email, reason: 'BOUNCE', detail: 'Permanent', reported_at: '' });
    // A client turns it off in its profile.
    const off = await call(users.patchDocumentDigest, {
      token: (await signIn(w.people.optedOut.email)).access,
      body: { document_digest: false },
    });
    expect(off.status).toBe(200);

    const outcome = await runDigest(Date.now() - 5 * DAY);
    expect(outcome).toMatchObject({ sent: 6, suppressed: 1, skipped: 0, failed: 0, more: false });

    const one = async (email: string, project: typeof w.P) => {
      const mails = await digestsTo(email, project);
      expect(mails, `digests of ${project.project_name} to ${email}`).toHaveLength(1);
      return bodyOf(mails[0] as CapturedMail);
    };
    const p = w.people;
    const us1 = await one(p.us1.email, w.P);
    expect(us1).toContain('Balance anual — ');
    expect(us1).toContain('— Balances');
    expect(us1).not.toContain('Declaración mensual');
    expect(us1).not.toContain('Hermana privado');
    expect(us1).not.toContain('Otra firma');
    expect(us1).not.toContain('Borrado luego');
    // The firm's branding and its own domain: colour, name, the documents page and the unsubscribe link.
    expect(us1).toContain('#7A1F5C');
    expect(us1).toContain(`${w.P.custom_portal_url}/documents_user/root`);
    expect(us1).toMatch(new RegExp(`${w.P.custom_portal_url}/digest/unsubscribe/[A-Za-z0-9_-]{40,}`));

    // A group's client: every society of its group, not the sibling group's.
    const ug = await one(p.ug.email, w.P);
    expect(ug).toContain('Balance anual');
    expect(ug).toContain('Declaración mensual — ');
    expect(ug).toContain('— F29 2025');
    expect(ug).not.toContain('Hermana privado');
    expect(await one(p.us2.email, w.P)).not.toContain('Balance anual');

    // A person two firms share: one mail per firm, each with its own documents, branding and domain.
    const sharedP = await one(p.shared.email, w.P);
    const sharedQ = await one(p.shared.email, w.Q);
    expect(sharedP).not.toContain('Otra firma');
    expect(sharedQ).toContain('Otra firma — ');
    expect(sharedQ).not.toContain('Balance anual');
    expect(sharedQ).toContain('#1F7A3C');
    expect(sharedQ).toContain(`${w.Q.custom_portal_url}/documents_user/root`);
    expect(sharedQ).not.toContain(w.P.custom_portal_url as string);
    expect(await one(p.usQ.email, w.Q)).toContain('Otra firma');

    // No document access, turned off, admins, a suppressed address: nothing.
    for (const person of [p.noDocs, p.optedOut, p.paP, p.gaG, p.us3]) {
      expect(await allMailTo(person.email), person.email).toEqual([]);
    }
  });

  test('a run repeated, or retried after it stopped halfway, mails nobody twice', async () => {
    await upload(4, { society: w.S1, folder: w.folder }, 'Estado trimestral.pdf');
    // The same day's job again: the day is done.
    expect(await runDigest(Date.now() - 5 * DAY)).toMatchObject({ sent: 0, days: [] });

    // The run stops (its function ends) before its second mail; the retry sends the rest, and the first not again.
    let paced = 0;
    await expect(
      runDigest(Date.now() - 3 * DAY, async () => {
        paced += 1;
        if (paced === 2) throw new Error('the function stopped');
      }),
    ).rejects.toThrow('the function stopped');
    // Three people get that day's document (us1, the group's client, the shared person): one went before the stop.
    expect(await runDigest(Date.now() - 3 * DAY)).toMatchObject({ sent: 2, skipped: 1, failed: 0, more: false });
    expect(await runDigest(Date.now() - 3 * DAY)).toMatchObject({ sent: 0, days: [] });
    for (const person of [w.people.us1, w.people.ug, w.people.shared]) {
      const mails = (await digestsTo(person.email, w.P)).filter((m) => bodyOf(m).includes('Estado trimestral'));
      expect(mails, person.email).toHaveLength(1);
    }
  });

  test('a mail SES refuses is given back and sent by the next run; the others are not sent again', async () => {
    await upload(3, { society: w.S2, folder: w.folder }, 'Rechazo transitorio.pdf');
    const [{ ses }, { AwsError }] = await Promise.all([
      import('../../functions/lib/aws/ses'),
      import('../../functions/lib/aws/aws-client'),
    ]);
    let refused = 0;
    const stop = ses.onSend((operation, input) => {
      const to = (input.Destination as { ToAddresses: string[] }).ToAddresses[0];
      if (operation === 'SendEmail' && to === w.people.us2.email && refused === 0) {
        refused += 1;
        throw new AwsError('TooManyRequestsException', 'refused', { httpStatusCode: 429, attempts: 1 });
      }
    });
    try {
      const first = await runDigest(Date.now() - 2 * DAY);
      expect(first).toMatchObject({ sent: 1, failed: 1, more: true });
    } finally {
      stop();
    }
    expect(refused).toBe(1);
    const second = await runDigest(Date.now() - 2 * DAY);
    expect(second).toMatchObject({ sent: 1, skipped: 1, more: false });
    for (const person of [w.people.us2, w.people.ug]) {
      const mails = (await digestsTo(person.email, w.P)).filter((m) => bodyOf(m).includes('Rechazo transitorio'));
      expect(mails, person.email).toHaveLength(1);
    }
  });

  test('the unsubscribe link works signed out, once or twice; a forged one changes nothing; the profile turns it on', async () => {
    await upload(1, { society: w.S1, folder: w.folder }, 'Carta de baja.pdf');
    expect((await runDigest(Date.now())).sent).toBeGreaterThanOrEqual(1);
    const [mail] = (await digestsTo(w.people.us1.email, w.P)).filter((m) => bodyOf(m).includes('Carta de baja'));
    const token = /\/digest\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(mail?.body.text ?? '')?.[1] as string;
    expect(token).toBeTruthy();
    const session = (await signIn(w.people.us1.email)).access;
    const info = async () => (await call(auth.getUserInfo, { token: session })).body.profile.document_digest;
    expect(await info()).toBe(true);

    const forged = await call(users.unsubscribeDocumentDigest, { body: { token: `${token.slice(0, -4)}AAAA` } });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await info()).toBe(true);

    for (let click = 0; click < 2; click += 1) {
      const done = await call(users.unsubscribeDocumentDigest, { body: { token } });
      expect(done.status).toBe(200);
    }
    expect(await info()).toBe(false);
    const on = await call(users.patchDocumentDigest, { token: session, body: { document_digest: true } });
    expect(on.status).toBe(200);
    expect(await info()).toBe(true);

    // Admins have no digest to turn on: the setting is not theirs, and their profile shows none.
    const admin = (await signIn(w.people.paP.email)).access;
    expect((await call(users.patchDocumentDigest, { token: admin, body: { document_digest: true } })).status).toBe(403);
    expect((await call(auth.getUserInfo, { token: admin })).body.profile.document_digest).toBeNull();
  });
});
