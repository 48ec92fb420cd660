import { beforeAll, describe, expect, test } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import * as societies from '../../shared/contracts/societies';
import { call, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { unique } from '../helpers/fresh';
import { societyBody } from '../helpers/societies';
import { uploadSmall } from './documents-fixture';

/**
 * Notifications of a large group: every new document also lands in its group's feed, so a group-level user
 * is told of documents in any of its group's societies, however many (it used to read at most 12 society feeds), while
 * a USER_SOCIETY sees only its own societies, never their siblings.
 *
 * World: project P; group G with 15 societies (G1..G15), its USER_GROUP and GROUP_ADMIN; a USER_SOCIETY `single` of
 * G1 and a USER_SOCIETY `many` of G3..G15 (13 societies, past what one BatchGet of society feeds takes); group H with
 * one society H1 in the same project.
 */
const PDF = new TextEncoder().encode('%PDF-1.4\n% aviso\n%%EOF\n');

let tokens: Record<'pa' | 'ga' | 'ug' | 'single' | 'many', string>;
let G: string[];
let H1: string;
let folder: string;
/** The document uploaded to each of G1..G15 (index 0..14), and the one of H1. */
let docs: string[];
let otherGroupDoc: string;

beforeAll(async () => {
  const root = await createTestUser('SUPER_ADMIN');
  const sa = (await signIn(root.email)).access;
  const ok = <T extends { status: number; body: unknown }>(what: string, r: T) => {
    if (r.status !== 201 && r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body as { uuid: string }).uuid;
  };
  const industry = (await call(societies.listIndustries, { token: sa })).body[0]?.uuid as string;
  const pa = await createTestUser('PROJECT_ADMIN');
  const P = ok(
    'project',
    await call(projects.createProject, {
      token: sa,
      body: {
        project_name: `Avisos ${unique()}`,
        client_name: 'Cliente SpA',
        associated_service_description: 'Contabilidad',
        service_description: 'Portal',
        admin: [pa.uuid],
      },
    }),
  );
  const [ga, ug, single, many] = await Promise.all([
    createTestUser('GROUP_ADMIN', [P]),
    createTestUser('USER_GROUP', [P]),
    createTestUser('USER_SOCIETY', [P]),
    createTestUser('USER_SOCIETY', [P]),
  ]);
  const group = async (admin: string[], user: string[]) =>
    ok(
      'group',
      await call(groups.createGroup, {
        token: sa,
        body: { group_name: `Grupo ${unique()}`, group_description: 'Avisos', project: P, admin, user },
      }),
    );
  const society = async (g: string, user: string[]) =>
    ok(
      'society',
      await call(societies.createSociety, {
        token: sa,
        body: societyBody(g, {
          society_business_name: `Sociedad Ñandú ${unique()} SpA`,
          company_code: 'AVI',
          industry_type: industry,
          society_email: 'contacto@avisos.cl',
          user,
        }),
      }),
    );
  const groupG = await group([ga.uuid], [ug.uuid]);
  const groupH = await group([], []);
  G = [];
  for (let n = 1; n <= 15; n++) {
    G.push(await society(groupG, n === 1 ? [single.uuid] : n >= 3 ? [many.uuid] : []));
  }
  H1 = await society(groupH, []);

  // Profiles with `user_documentation` (portal §3) for their project, set on the records as an admin's edit would.
  const { dynamo, keys, lib, tableName } = await tableAccess();
  for (const u of [ug, single, many]) {
    await dynamo.send(
      new lib.UpdateCommand({
        TableName: tableName,
        Key: keys.user(u.uuid),
        UpdateExpression: 'SET documentation_projects = :p',
        ExpressionAttributeValues: { ':p': [P] },
      }),
    );
  }
  tokens = {
    pa: (await signIn(pa.email)).access,
    ga: (await signIn(ga.email)).access,
    ug: (await signIn(ug.email)).access,
    single: (await signIn(single.email)).access,
    many: (await signIn(many.email)).access,
  };
  folder = ok(
    'template',
    await call(folders.createFolderTemplate, { token: tokens.pa, body: { project: P, folder_name: 'Avisos' } }),
  );
  const upload = async (society: string, name: string) => {
    const answer = await uploadSmall(tokens.pa, { society, folder }, name, PDF);
    if (answer.status !== 201) throw new Error(`upload: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.uuid as string;
  };
  // One document in every society: a reader capped below 15 feeds cannot see them all, whichever it drops.
  docs = [];
  for (const [index, society] of G.entries()) docs.push(await upload(society, `Balance ${index + 1}.pdf`));
  otherGroupDoc = await upload(H1, 'Balance otro grupo.pdf');
}, 240_000);

const notifications = async (token: string) => {
  const answer = await call(documents.listNotifications, { token, query: { limit: 100 } });
  expect(answer.status).toBe(200);
  return answer.body;
};
const ids = (body: Awaited<ReturnType<typeof notifications>>) => body.results.map((n) => n.uuid).sort();

describe('notifications of a group of 15 societies', () => {
  test('the USER_GROUP and the GROUP_ADMIN see the documents of all 15 societies, and none of another group', async () => {
    for (const token of [tokens.ug, tokens.ga]) {
      const body = await notifications(token);
      expect(body.count).toBe(15);
      expect(ids(body)).toEqual([...docs].sort());
      expect(ids(body)).not.toContain(otherGroupDoc);
      const g15 = body.results.find((n) => n.uuid === docs[14]);
      expect(g15).toMatchObject({
        title: 'Archivo añadido',
        document_name: 'Balance 15',
        folder: { uuid: folder, society: G[14] },
      });
      expect(body.results.every((n) => G.includes(n.folder.society as string))).toBe(true);
    }
  });

  test('a USER_SOCIETY sees only its societies, not the sibling societies of its group', async () => {
    expect(ids(await notifications(tokens.single))).toEqual([docs[0]]);
    // Thirteen societies (G3..G15): read through their group's feed, still cut to its own societies.
    expect(ids(await notifications(tokens.many))).toEqual(docs.slice(2).sort());
  });

  test('read marks: one, then all', async () => {
    const before = await notifications(tokens.ug);
    expect(before.unread).toBe(15);
    const mark = await call(documents.markNotificationsRead, { token: tokens.ug, body: { notification: docs[14] } });
    expect(mark.status).toBe(200);
    const after = await notifications(tokens.ug);
    expect(after.unread).toBe(14);
    expect(after.results.find((n) => n.uuid === docs[14])?.read).toBe(true);
    expect(after.results.find((n) => n.uuid === docs[0])?.read).toBe(false);
    // Another user's marks are its own.
    expect((await notifications(tokens.ga)).unread).toBe(15);
    await call(documents.markNotificationsRead, { token: tokens.ug, body: {} });
    expect((await notifications(tokens.ug)).unread).toBe(0);
  });

  test('a rename and a delete reach the group feed', async () => {
    const renamed = await call(documents.patchDocument, {
      token: tokens.pa,
      params: { uuid: docs[14] as string },
      body: { document_name: 'Balance final' },
    });
    expect(renamed.status).toBe(200);
    const body = await notifications(tokens.ug);
    expect(body.results.find((n) => n.uuid === docs[14])?.document_name).toBe('Balance final');
    const removed = await call(documents.deleteDocument, { token: tokens.pa, params: { uuid: docs[14] as string } });
    expect(removed.status).toBe(200);
    expect(ids(await notifications(tokens.ug))).toEqual(docs.slice(0, 14).sort());
    expect(ids(await notifications(tokens.many))).toEqual(docs.slice(2, 14).sort());
  });
});

describe('the demo seed', () => {
  // The seed uploads through the same data-layer path as the API, so the demo accounts of Grupo Norte see
  // 'Archivo añadido' for the seeded PDFs on their first sign-in (local/seed-documents.ts).
  test.each(['sociedad@demo.cl', 'grupo@demo.cl', 'usuariogrupo@demo.cl'])(
    '%s sees the seeded documents of its societies',
    async (email) => {
      const body = await notifications((await signIn(email)).access);
      const names = body.results.map((n) => n.document_name);
      expect(names).toEqual(expect.arrayContaining(['Informe de gestión', 'Contrato de prestación de servicios']));
      expect(body.results.every((n) => n.title === 'Archivo añadido')).toBe(true);
      // Minera Atacama's five, plus Comercial Norte's one for the group-level accounts (same group, Grupo Norte).
      expect(body.count).toBe(email === 'sociedad@demo.cl' ? 5 : 6);
      expect(body.unread).toBeGreaterThan(0);
    },
  );
});
