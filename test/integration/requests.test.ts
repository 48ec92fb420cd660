import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import * as requests from '../../shared/contracts/requests';
import * as societies from '../../shared/contracts/societies';
import { call, ok, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { firmBuilder } from '../helpers/firm-builder';
import { unique } from '../helpers/fresh';
import { allMailTo, bodyOf, waitForMail } from '../helpers/mail';
import { at, invokeAt, runRecurring } from '../helpers/request-jobs-world';
import { requestFileUpload } from '../helpers/tenant-world-content';

/** The mail queue is the whole run's: other files' request and invitation mails may be ahead of these. */
const QUEUED_MAIL_MS = 45_000;

/**
 * Document requests ('Solicitudes'): the firm asks a group's societies for items; each society's client users upload
 * into them (a real document of the society, with its notification) or answer 'no aplica'; the firm accepts or returns
 * them (the client reads the comment and is mailed); a request completes when every item is accepted, or is
 * cancelled. Nobody outside the request's society (another firm's admin, a sibling group's admin, another society's
 * client) reaches it on any endpoint.
 *
 * The world: firm P (admin paP, folder template 'Solicitudes') with group G (admin gaG, group user ug; societies S1
 * with its user us1, S2 with us2) and sibling group G2 (admin gaG2, society S3); group GB of P with five societies for
 * the paging; firm Q (admin paQ, society SQ with its user uq).
 */
let t: Record<'sa' | 'paP' | 'gaG' | 'ug' | 'us1' | 'us2' | 'both' | 'gaG2' | 'paQ' | 'uq', string>;
let people: Record<'us1' | 'ug', { uuid: string; email: string }>;
let P: string;
let G: string;
let GB: string;
let S1: string;
let S2: string;
let S3: string;
let SQ: string;
let folder: string;

const PDF = new TextEncoder().encode('%PDF-1.4\n% solicitud\n%%EOF\n');
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const root = await createTestUser('SUPER_ADMIN');
  const sa = (await signIn(root.email)).access;
  const { project, group, society } = firmBuilder(sa, 'Solicitudes');

  const [paP, paQ] = await Promise.all([createTestUser('PROJECT_ADMIN'), createTestUser('PROJECT_ADMIN')]);
  P = await project([paP.uuid]);
  const Q = await project([paQ.uuid]);
  const [gaG, gaG2, ug, us1, us2, both, uq] = await Promise.all([
    createTestUser('GROUP_ADMIN', [P]),
    createTestUser('GROUP_ADMIN', [P]),
    createTestUser('USER_GROUP', [P]),
    createTestUser('USER_SOCIETY', [P]),
    createTestUser('USER_SOCIETY', [P]),
    createTestUser('USER_SOCIETY', [P]),
    createTestUser('USER_SOCIETY', [Q]),
  ]);
  G = await group(P, [gaG.uuid], [ug.uuid]);
  const G2 = await group(P, [gaG2.uuid], []);
  GB = await group(P, [], []);
  const GQ = await group(Q, [], []);
  // One after the other: a person joining two societies at once is a conflict of its record.
  S1 = await society(G, [us1.uuid, both.uuid]);
  S2 = await society(G, [us2.uuid, both.uuid]);
  S3 = await society(G2, []);
  [SQ] = await Promise.all([society(GQ, [uq.uuid]), ...Array.from({ length: 5 }, () => society(GB, []))]);
  folder = ok(
    'folder',
    await call(folders.createFolderTemplate, { token: sa, body: { project: P, folder_name: 'Solicitudes' } }),
  ).uuid;
  // The firm opened its documents to its client users (user_documentation), so they are told of new ones.
  const { dynamo, keys, lib, tableName } = await tableAccess();
  for (const u of [us1, ug]) {
    await dynamo.send(
      new lib.UpdateCommand({
        TableName: tableName,
        Key: keys.user(u.uuid),
        UpdateExpression: 'SET documentation_projects = :p',
        ExpressionAttributeValues: { ':p': [P] },
      }),
    );
  }
  people = { us1, ug };
  const all = { paP, gaG, ug, us1, us2, both, gaG2, paQ, uq };
  const tokens = await Promise.all(Object.values(all).map(async (p) => (await signIn(p.email)).access));
  t = { sa, ...Object.fromEntries(Object.keys(all).map((k, i) => [k, tokens[i] as string])) } as typeof t;
}, 120_000);

const ITEMS = [
  { name: 'Libro de compras', note: 'El de marzo, en PDF' },
  { name: 'Cartola bancaria' },
  { name: 'Liquidaciones de sueldo' },
];

async function make(
  token: string,
  target: { kind: 'SOCIETY' | 'GROUP' | 'PROJECT'; uuid: string },
  extra: Partial<{ batch: string; due_date: string; title: string; items: typeof ITEMS }> = {},
) {
  const answer = await call(requests.createRequest, {
    token,
    body: {
      batch: extra.batch ?? randomUUID(),
      target,
      title: extra.title ?? `Cierre de marzo ${unique()}`,
      due_date: extra.due_date ?? future(20),
      items: extra.items ?? ITEMS,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/**
 * Who must not reach firm P's requests of S1: another firm's admin, a sibling group's admin, another society's client
 * and another firm's client.
 */
const outsiders = () =>
  [
    ['paQ', t.paQ],
    ['gaG2', t.gaG2],
    ['us2', t.us2],
    ['uq', t.uq],
  ] as const;
const get = (token: string, uuid: string) => call(requests.getRequest, { token, params: { uuid } });
const list = (token: string, query: Record<string, string | number>) => call(requests.listRequests, { token, query });

/** One file delivered into an item the whole way: the presigned POST, the object, the confirm. */
async function deliver(token: string, uuid: string, item: string, name = `Libro ${unique()}.pdf`) {
  const start = await call(requests.createRequestItemUpload, {
    token,
    params: { uuid, item },
    body: { file_name: name, file_size: PDF.length, content_type: 'application/pdf' },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(start.body.fields)) form.set(k, v);
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), name);
  const posted = await fetch(start.body.url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  const confirmed = await call(requests.confirmRequestItemUpload, { token, params: { uuid: start.body.upload } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  return { upload: start.body.upload, request: confirmed.body, name };
}

const answerNa = (token: string, uuid: string, item: string, comment = 'No tuvimos movimientos este mes.') =>
  call(requests.answerRequestItemNotApplicable, { token, params: { uuid, item }, body: { comment } });
const review = (token: string, uuid: string, item: string, decision: 'ACCEPT' | 'RETURN', comment?: string) =>
  call(requests.reviewRequestItem, { token, params: { uuid, item }, body: { decision, comment } });

describe('a request for a group', () => {
  test('makes one per society of the group; a retry with the same batch makes nothing more', async () => {
    const batch = randomUUID();
    const title = `Cierre de marzo ${unique()}`;
    const made = await make(t.gaG, { kind: 'GROUP', uuid: G }, { batch, title });
    expect(made.created).toBe(2);
    expect(made.results.map((r) => r.society.uuid).sort()).toEqual([S1, S2].sort());
    expect(made.results.every((r) => r.board_state === 'DUE' && r.counts.total === 3)).toBe(true);
    const again = await make(t.gaG, { kind: 'GROUP', uuid: G }, { batch, title });
    expect(again.created).toBe(0);
    const board = await list(t.paP, { group: G, limit: 100 });
    expect(board.status).toBe(200);
    expect(board.body.results.filter((r) => r.title === title)).toHaveLength(2);
    // Each creation is audited under its request.
    const { dynamo, lib, tableName } = await tableAccess();
    const audit = await dynamo.send(
      new lib.QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `AUDIT#${made.results[0]?.uuid}` },
      }),
    );
    expect(audit.Items).toEqual([
      expect.objectContaining({ entity_type: 'request', action: 'CREATE', actor_role: 'GROUP_ADMIN' }),
    ]);
    // The societies' client users are mailed, in the firm's name, with the items and the link to the request.
    const mail = await waitForMail(people.us1.email, title, QUEUED_MAIL_MS);
    expect(mail.subject).toContain('te solicita documentos');
    expect(bodyOf(mail)).toContain('Libro de compras: El de marzo, en PDF');
    const mine = made.results.find((r) => r.society.uuid === S1)?.uuid as string;
    expect(bodyOf(mail)).toContain(`/requests/${mine}`);
    await waitForMail(people.ug.email, title, QUEUED_MAIL_MS);
  });

  test('a project admin asks the whole project; a group admin cannot, nor another group, nor another firm', async () => {
    const byProject = await make(t.paP, { kind: 'PROJECT', uuid: P }, { items: [{ name: 'Balance' }] });
    // G's two, G2's one and GB's five.
    expect(byProject.created).toBe(8);
    for (const [token, target] of [
      [t.gaG, { kind: 'PROJECT', uuid: P }],
      [t.gaG, { kind: 'GROUP', uuid: GB }],
      [t.gaG2, { kind: 'SOCIETY', uuid: S1 }],
      [t.paQ, { kind: 'GROUP', uuid: G }],
    ] as const) {
      const refused = await call(requests.createRequest, {
        token,
        body: { batch: randomUUID(), target, title: 'Ajeno', due_date: future(5), items: [{ name: 'x' }] },
      });
      expect(refused.status, JSON.stringify(target)).toBe(404);
    }
    const client = await call(requests.createRequest, {
      token: t.us1,
      body: {
        batch: randomUUID(),
        target: { kind: 'SOCIETY', uuid: S1 },
        title: 'x',
        due_date: future(5),
        items: [{ name: 'x' }],
      },
    });
    expect(client.status).toBe(403);
    const bad = await call(requests.createRequest, {
      token: t.paP,
      body: {
        batch: randomUUID(),
        target: { kind: 'SOCIETY', uuid: S1 },
        title: 'x',
        due_date: '2026-02-30',
        items: [],
      },
    });
    expect(bad.status).toBe(400);
  });
});

test("a request from a template carries its name and folder; the board filters by template; another firm's is refused", async () => {
  const template = ok(
    'template',
    await call(requests.createRequestTemplate, {
      token: t.paP,
      body: { project: P, name: `Cierre F29 ${unique()}`, folder, items: [{ name: 'Libro de ventas' }] },
    }),
  );
  const made = await make(t.gaG, { kind: 'SOCIETY', uuid: S1 }, { title: template.name });
  const withTemplate = await call(requests.createRequest, {
    token: t.gaG,
    body: {
      batch: randomUUID(),
      target: { kind: 'SOCIETY', uuid: S1 },
      template: template.uuid,
      title: template.name,
      due_date: future(15),
      items: template.items,
    },
  });
  expect(withTemplate.status, JSON.stringify(withTemplate.body)).toBe(201);
  const uuid = withTemplate.body.results[0]?.uuid as string;
  expect(withTemplate.body.results[0]?.template).toEqual({ uuid: template.uuid, name: template.name });
  expect((await get(t.us1, uuid)).body.folder).toEqual({ uuid: folder, name: 'Solicitudes' });
  const filtered = await list(t.paP, { society: S1, template: template.uuid, limit: 100 });
  expect(filtered.body.results.map((r) => r.uuid)).toEqual([uuid]);
  expect(filtered.body.results.map((r) => r.uuid)).not.toContain(made.results[0]?.uuid);
  const foreign = await call(requests.createRequest, {
    token: t.paQ,
    body: {
      batch: randomUUID(),
      target: { kind: 'SOCIETY', uuid: SQ },
      template: template.uuid,
      title: 'Ajena',
      due_date: future(15),
      items: [{ name: 'x' }],
    },
  });
  expect(foreign.status).toBe(400);
  expect(foreign.body.errors).toEqual({ template: ['FORMAT_ERROR'] });
});

describe('a society answers, the firm reviews', () => {
  let request: string;
  let items: string[];

  beforeAll(async () => {
    const made = await make(t.paP, { kind: 'SOCIETY', uuid: S1 });
    request = made.results[0]?.uuid as string;
    items = (await get(t.us1, request)).body.items.map((i) => i.uuid);
  });

  test('an upload into an item makes a document in the request folder, with its notification; the item is DELIVERED', async () => {
    const { upload, request: after, name } = await deliver(t.us1, request, items[0] as string);
    const item = after.items[0];
    expect(item?.state).toBe('DELIVERED');
    expect(item?.documents.map((d) => d.file_name)).toEqual([name]);
    expect(after.board_state).toBe('PARTIAL');
    expect(after.folder).toEqual({ uuid: folder, name: 'Solicitudes' });
    // The document is the society's, in the request's folder, for the document manager.
    const inFolder = await call(folders.listFolders, { token: t.paP, query: { society: S1, folder } });
    expect(inFolder.body.results.map((r) => r.name)).toContain(name);
    // Its notification reaches the society's client users.
    const told = await call(documents.listNotifications, { token: t.ug, query: { limit: 100 } });
    expect(told.body.results.map((n) => n.uuid)).toContain(upload);
    // A confirm sent again (its answer lost) answers the same, and makes no second document.
    const again = await call(requests.confirmRequestItemUpload, { token: t.us1, params: { uuid: upload } });
    expect(again.status).toBe(201);
    expect(again.body.items[0]?.documents).toHaveLength(1);
    // Only who started an upload confirms it.
    expect((await call(requests.confirmRequestItemUpload, { token: t.paP, params: { uuid: upload } })).status).toBe(
      404,
    );
  });

  test('a name taken in the folder is kept beside it; a confirm before the file, or on the wrong endpoint, is refused', async () => {
    // A request of its own: the tests below take this describe's request item by item.
    const own = (await make(t.paP, { kind: 'SOCIETY', uuid: S1 })).results[0]?.uuid as string;
    const item = (await get(t.us1, own)).body.items[2]?.uuid as string;
    const name = `Cartola ${unique()}.pdf`;
    await deliver(t.us1, own, item, name);
    const second = await deliver(t.ug, own, item, name);
    expect(second.request.items[2]?.documents.map((d) => d.file_name)).toEqual([
      name,
      name.replace(/\.pdf$/, ' (2).pdf'),
    ]);
    const start = await call(requests.createRequestItemUpload, {
      token: t.us1,
      params: { uuid: own, item },
      body: { file_name: 'temprano.pdf', file_size: PDF.length },
    });
    const early = await call(requests.confirmRequestItemUpload, { token: t.us1, params: { uuid: start.body.upload } });
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual({ file: ['UPLOAD_MISSING'] });
    // A request's upload is no document upload, and a document's upload no request's.
    const asDocument = await call(documents.confirmDocumentUpload, {
      token: t.us1,
      params: { uuid: start.body.upload },
    });
    expect(asDocument.status).toBe(403);
    const byAdmin = await call(requests.createRequestItemUpload, {
      token: t.paP,
      params: { uuid: own, item },
      body: { file_name: 'admin.pdf', file_size: PDF.length },
    });
    expect(
      (await call(documents.confirmDocumentUpload, { token: t.paP, params: { uuid: byAdmin.body.upload } })).status,
    ).toBe(404);
    const documentUpload = await call(documents.createDocumentUpload, {
      token: t.paP,
      body: { society: S1, folder, file_name: 'suelto.pdf', file_size: PDF.length },
    });
    expect(
      (await call(requests.confirmRequestItemUpload, { token: t.paP, params: { uuid: documentUpload.body.upload } }))
        .status,
    ).toBe(404);
  });

  test("'no aplica' with a comment", async () => {
    const answer = await answerNa(t.ug, request, items[1] as string, 'Esta sociedad no tiene cuenta bancaria.');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const item = answer.body.items[1];
    expect(item?.state).toBe('NOT_APPLICABLE');
    expect(item?.history.at(-1)).toMatchObject({
      kind: 'NOT_APPLICABLE',
      comment: 'Esta sociedad no tiene cuenta bancaria.',
    });
    expect(answer.body.counts).toMatchObject({ total: 3, answered: 2, accepted: 0 });
    const blank = await answerNa(t.us1, request, items[1] as string, '   ');
    expect(blank.status).toBe(400);
  });

  test('the firm returns an item with a comment: the client reads it and is mailed; clients cannot review', async () => {
    expect((await review(t.us1, request, items[0] as string, 'ACCEPT')).status).toBe(403);
    const noComment = await review(t.gaG, request, items[0] as string, 'RETURN');
    expect(noComment.status).toBe(400);
    expect(noComment.body.errors).toEqual({ comment: ['REQUIRED'] });
    const pending = await review(t.gaG, request, items[2] as string, 'ACCEPT');
    expect(pending.status).toBe(409);
    expect(pending.body.code).toBe('REQUEST_ITEM_NOT_ANSWERED');
    const comment = `Falta la página 2 ${unique()}`;
    const returned = await review(t.gaG, request, items[0] as string, 'RETURN', comment);
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body.items[0]?.state).toBe('RETURNED');
    const seen = await get(t.us1, request);
    expect(seen.body.items[0]?.history.at(-1)).toMatchObject({ kind: 'RETURNED', comment });
    expect(seen.body.counts.returned).toBe(1);
    const mail = await waitForMail(people.us1.email, 'te devolvió', QUEUED_MAIL_MS);
    expect(bodyOf(mail)).toContain(comment);
  });

  test('accepted items take no more changes; the request is COMPLETE once every item is accepted', async () => {
    await deliver(t.us1, request, items[0] as string);
    await deliver(t.us1, request, items[2] as string);
    for (const item of items) {
      const accepted = await review(t.paP, request, item, 'ACCEPT', 'Gracias');
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      if (item !== items.at(-1)) expect(accepted.body.state).toBe('OPEN');
    }
    const done = await get(t.us1, request);
    expect(done.body).toMatchObject({ state: 'COMPLETE', board_state: 'COMPLETE', counts: { accepted: 3 } });
    const late = await answerNa(t.us1, request, items[0] as string);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('REQUEST_CLOSED');
    const upload = await call(requests.createRequestItemUpload, {
      token: t.us1,
      params: { uuid: request, item: items[0] as string },
      body: { file_name: 'tarde.pdf', file_size: 10 },
    });
    expect(upload.status).toBe(409);
    const complete = await list(t.us1, { state: 'COMPLETE', limit: 100 });
    expect(complete.body.results.map((r) => r.uuid)).toContain(request);
    const open = await list(t.us1, { limit: 100 });
    expect(open.body.results.map((r) => r.uuid)).not.toContain(request);
  });

  test('an item holds twenty files: the confirm of a twenty-first started before is refused, and so is a new start', async () => {
    const made = await make(t.paP, { kind: 'SOCIETY', uuid: S1 });
    const uuid = made.results[0]?.uuid as string;
    const item = (await get(t.us1, uuid)).body.items[0]?.uuid as string;
    for (let n = 0; n < requests.REQUEST_ITEM_FILES_MAX - 1; n++) await deliver(t.us1, uuid, item);
    // Two uploads started with room for one: the first confirmed takes it.
    const starts = await Promise.all(
      ['ultimo.pdf', 'sobrante.pdf'].map((name) =>
        call(requests.createRequestItemUpload, {
          token: t.us1,
          params: { uuid, item },
          body: { file_name: name, file_size: PDF.length, content_type: 'application/pdf' },
        }),
      ),
    );
    for (const start of starts) {
      expect(start.status, JSON.stringify(start.body)).toBe(201);
      const form = new FormData();
      for (const [k, v] of Object.entries(start.body.fields)) form.set(k, v);
      form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'archivo.pdf');
      expect((await fetch(start.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    }
    const confirm = (upload: string) =>
      call(requests.confirmRequestItemUpload, { token: t.us1, params: { uuid: upload } });
    expect((await confirm(starts[0]?.body.upload as string)).status).toBe(201);
    const extra = await confirm(starts[1]?.body.upload as string);
    expect(extra.status).toBe(409);
    expect(extra.body.code).toBe('REQUEST_ITEM_FULL');
    const more = await call(requests.createRequestItemUpload, {
      token: t.us1,
      params: { uuid, item },
      body: { file_name: 'otro.pdf', file_size: PDF.length },
    });
    expect(more.status).toBe(409);
    expect(more.body.code).toBe('REQUEST_ITEM_FULL');
    const held = (await get(t.us1, uuid)).body.items.find((i) => i.uuid === item);
    expect(held?.documents).toHaveLength(requests.REQUEST_ITEM_FILES_MAX);
    expect(held?.documents.map((d) => d.file_name)).not.toContain('sobrante.pdf');
  });

  test('an accepted item of an open request refuses answers with its own code', async () => {
    const made = await make(t.paP, { kind: 'SOCIETY', uuid: S1 });
    const uuid = made.results[0]?.uuid as string;
    const [first] = (await get(t.us1, uuid)).body.items.map((i) => i.uuid);
    await answerNa(t.us1, uuid, first as string);
    expect((await review(t.paP, uuid, first as string, 'ACCEPT')).status).toBe(200);
    const again = await answerNa(t.us1, uuid, first as string);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('REQUEST_ITEM_ACCEPTED');
  });
});

test('cancel: an admin cancels an open request once; clients cannot', async () => {
  const made = await make(t.gaG, { kind: 'SOCIETY', uuid: S2 });
  const uuid = made.results[0]?.uuid as string;
  expect((await call(requests.cancelRequest, { token: t.us2, params: { uuid } })).status).toBe(403);
  const cancelled = await call(requests.cancelRequest, { token: t.gaG, params: { uuid } });
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toMatchObject({ state: 'CANCELLED', board_state: 'CANCELLED' });
  const twice = await call(requests.cancelRequest, { token: t.gaG, params: { uuid } });
  expect(twice.status).toBe(409);
  expect(twice.body.code).toBe('REQUEST_CLOSED');
  const board = await list(t.gaG, { society: S2, state: 'CANCELLED' });
  expect(board.body.results.map((r) => r.uuid)).toContain(uuid);
  expect((await list(t.gaG, { society: S2 })).body.results.map((r) => r.uuid)).not.toContain(uuid);
});

describe('the board', () => {
  let overdue: string;
  let due: string;
  let partial: string;

  beforeAll(async () => {
    overdue = (await make(t.paP, { kind: 'SOCIETY', uuid: S3 }, { due_date: '2020-01-15' })).results[0]?.uuid as string;
    due = (await make(t.paP, { kind: 'SOCIETY', uuid: S3 }, { due_date: future(3) })).results[0]?.uuid as string;
    partial = (await make(t.paP, { kind: 'SOCIETY', uuid: S3 }, { due_date: future(4) })).results[0]?.uuid as string;
    const [item] = (await get(t.paP, partial)).body.items;
    await answerNa(t.paP, partial, item?.uuid as string);
  });

  test('states: OVERDUE, DUE and PARTIAL split the open requests; OPEN holds them all, soonest due first', async () => {
    const of = async (state: string) =>
      (await list(t.gaG2, { society: S3, state, limit: 100 })).body.results.map((r) => r.uuid);
    expect(await of('OVERDUE')).toEqual([overdue]);
    expect(await of('DUE')).toContain(due);
    expect(await of('DUE')).not.toContain(partial);
    expect(await of('PARTIAL')).toEqual([partial]);
    const open = (await list(t.gaG2, { society: S3, limit: 100 })).body.results;
    expect(open.map((r) => r.uuid).slice(0, 1)).toEqual([overdue]);
    expect(open.find((r) => r.uuid === overdue)?.board_state).toBe('OVERDUE');
    expect(open.find((r) => r.uuid === partial)?.board_state).toBe('PARTIAL');
    const dues = open.map((r) => r.due_date);
    expect(dues).toEqual([...dues].sort());
    // A period no manual request has: nothing.
    expect((await list(t.paP, { society: S3, period: '2026-03' })).body.results).toEqual([]);
  });

  test('pages: every request once, in order, and a cursor belongs to its list', async () => {
    const title = `Paginada ${unique()}`;
    await make(t.paP, { kind: 'GROUP', uuid: GB }, { title });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(t.paP, { group: GB, limit: 2, ...(cursor && { cursor }) });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.results.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.results.filter((r) => r.title === title).map((r) => r.uuid));
      cursor = page.body.next ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const first = await list(t.paP, { group: GB, limit: 2 });
    const foreign = await list(t.paP, { group: G, limit: 2, cursor: first.body.next as string });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ cursor: ['FORMAT_ERROR'] });
  });

  test('a list that ends exactly at a page end hands no `next`; one row more is one more page', async () => {
    await make(t.paP, { kind: 'SOCIETY', uuid: S1 }, { due_date: future(4) });
    const all = (await list(t.paP, { society: S1, limit: 100 })).body;
    expect(all.next).toBeNull();
    const total = all.results.length;
    expect(total).toBeGreaterThan(1);
    const exact = await list(t.paP, { society: S1, limit: total });
    expect(exact.body.results.map((r) => r.uuid)).toEqual(all.results.map((r) => r.uuid));
    expect(exact.body.next).toBeNull();
    const short = await list(t.paP, { society: S1, limit: total - 1 });
    expect(short.body.next).not.toBeNull();
    const rest = await list(t.paP, { society: S1, limit: total - 1, cursor: short.body.next as string });
    expect(rest.body.results.map((r) => r.uuid)).toEqual(all.results.slice(-1).map((r) => r.uuid));
    expect(rest.body.next).toBeNull();
  });

  test('a client of two societies pages through both: every request once, soonest due first', async () => {
    for (const [society, due] of [
      [S1, future(6)],
      [S2, future(6)],
      [S2, future(7)],
      [S1, future(9)],
      [S2, future(2)],
    ] as const)
      await make(t.paP, { kind: 'SOCIETY', uuid: society }, { due_date: due });
    const expected = [
      ...(await list(t.paP, { society: S1, limit: 100 })).body.results,
      ...(await list(t.paP, { society: S2, limit: 100 })).body.results,
    ]
      .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.uuid.localeCompare(b.uuid))
      .map((r) => r.uuid);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 50; pages += 1) {
      const page = await list(t.both, { limit: 2, ...(cursor && { cursor }) });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      seen.push(...page.body.results.map((r) => r.uuid));
      cursor = page.body.next ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(expected);
  });

  test("a client's list holds its own societies' requests only", async () => {
    const mine = (await list(t.us2, { limit: 100 })).body.results;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.society.uuid === S2)).toBe(true);
    const group = (await list(t.ug, { limit: 100 })).body.results;
    expect(group.every((r) => r.society.uuid === S1 || r.society.uuid === S2)).toBe(true);
    // A SUPER_ADMIN names the project.
    expect((await list(t.sa, {})).status).toBe(400);
    expect((await list(t.sa, { project: P })).status).toBe(200);
  });
});

test("another firm's admin, a sibling group's admin and another society's client get 404 with the request's ids", async () => {
  const made = await make(t.gaG, { kind: 'SOCIETY', uuid: S1 });
  const uuid = made.results[0]?.uuid as string;
  const [item, other] = (await get(t.us1, uuid)).body.items.map((i) => i.uuid) as [string, string];
  await answerNa(t.us1, uuid, other);
  const start = await call(requests.createRequestItemUpload, {
    token: t.us1,
    params: { uuid, item },
    body: { file_name: 'propio.pdf', file_size: PDF.length },
  });
  expect(start.status).toBe(201);
  for (const [who, token] of outsiders()) {
    const answers = {
      get: await get(token, uuid),
      list: await list(token, { society: S1 }),
      upload: await call(requests.createRequestItemUpload, {
        token,
        params: { uuid, item },
        body: { file_name: 'ajeno.pdf', file_size: 10 },
      }),
      confirm: await call(requests.confirmRequestItemUpload, { token, params: { uuid: start.body.upload } }),
      na: await answerNa(token, uuid, item),
      ...(who === 'paQ' || who === 'gaG2'
        ? {
            review: await review(token, uuid, other, 'RETURN', 'Ajeno'),
            cancel: await call(requests.cancelRequest, { token, params: { uuid } }),
          }
        : {}),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.status, `${who} ${what}: ${JSON.stringify(answer.body)}`).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain(uuid);
    }
  }
  // Nothing changed.
  const after = await get(t.us1, uuid);
  expect(after.body).toMatchObject({ state: 'OPEN', counts: { answered: 1, returned: 0 } });
  // An item of another request answers 404 under this one.
  const elsewhere = await make(t.paP, { kind: 'SOCIETY', uuid: S2 });
  const foreignItem = (await get(t.paP, elsewhere.results[0]?.uuid as string)).body.items[0]?.uuid as string;
  expect((await answerNa(t.us1, uuid, foreignItem)).status).toBe(404);
});

test("past the firm's daily quota of request mails a request is still made, and its mail waits for room", async () => {
  const { dynamo, lib, tableName } = await tableAccess();
  const { QUOTAS, quotaKey } = await import('../../functions/lib/data/quotas');
  const { mailQueuedRequest } = await import('../../functions/requests/request-mails');
  const quota = quotaKey('REQUEST_MAIL_PROJECT', P);
  const fill = (used: number) =>
    dynamo.send(new lib.PutCommand({ TableName: tableName, Item: { ...quota, used, expires_at: 4_102_444_800 } }));
  await fill(QUOTAS.REQUEST_MAIL_PROJECT.max);
  try {
    const title = `Sin cupo ${unique()}`;
    const made = await make(t.paP, { kind: 'SOCIETY', uuid: S1 }, { title });
    expect(made.created).toBe(1);
    const mail = { request: made.results[0]?.uuid as string, event: 'CREATED' as const };
    const pace = async () => {};
    // Refused by the quota: nothing sent, nothing claimed, nothing spent.
    await mailQueuedRequest(mail, pace);
    expect(await allMailTo(people.us1.email)).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringContaining(title) }),
    );
    const spent = await dynamo.send(new lib.GetCommand({ TableName: tableName, Key: quota }));
    expect(spent.Item?.used).toBe(QUOTAS.REQUEST_MAIL_PROJECT.max);
    // With room again, the same mail goes (its person was not marked as mailed).
    await fill(0);
    await mailQueuedRequest(mail, pace);
    await waitForMail(people.us1.email, title, QUEUED_MAIL_MS);
  } finally {
    await dynamo.send(new lib.DeleteCommand({ TableName: tableName, Key: quota }));
  }
});

describe("an item's template file", () => {
  /** The bytes of a file reached through its one-minute link. */
  const bytesOf = async (link: string) => new Uint8Array(await (await fetch(link)).arrayBuffer());
  const fileLink = (token: string, uuid: string, item: string) =>
    call(requests.requestItemTemplateFile, { token, params: { uuid, item } });
  const stored = async (pk: string, sk: string) => {
    const { dynamo, lib, tableName } = await tableAccess();
    return (await dynamo.send(new lib.GetCommand({ TableName: tableName, Key: { pk, sk }, ConsistentRead: true })))
      .Item;
  };

  test("a group request names one file: each society's client downloads the same object; others get 404", async () => {
    const form = new TextEncoder().encode(`%PDF-1.4\n% formulario ${unique()}\n%%EOF\n`);
    const upload = await requestFileUpload(t.paP, P, 'Formulario F29 año.pdf', form);
    const made = await make(
      t.paP,
      { kind: 'GROUP', uuid: G },
      { items: [{ name: 'Formulario F29', template_file: upload } as (typeof ITEMS)[number], { name: 'Cartola' }] },
    );
    expect(made.created).toBe(2);
    const bySociety = new Map(made.results.map((r) => [r.society.uuid, r.uuid]));
    const links: string[] = [];
    for (const [token, society] of [
      [t.us1, S1],
      [t.us2, S2],
      [t.ug, S1],
      [t.gaG, S2],
    ] as const) {
      const uuid = bySociety.get(society) as string;
      const request = ok('request', await get(token, uuid));
      const [withFile, without] = request.items as [(typeof request.items)[0], (typeof request.items)[0]];
      // Its name and size only: the item is what downloads it.
      expect(withFile.template_file).toEqual({ file_name: 'Formulario F29 año.pdf', size: form.length });
      expect(without.template_file).toBeNull();
      const answer = ok('template file link', await fileLink(token, uuid, withFile.uuid));
      expect(await bytesOf(answer.link)).toEqual(form);
      links.push(new URL(answer.link).pathname);
      expect((await fileLink(token, uuid, without.uuid)).status).toBe(404);
    }
    // One object for every society's request, under the project's files, named by the upload.
    expect(new Set(links).size).toBe(1);
    expect(links[0]).toContain(`request-files/${P}/${upload}`);
    expect(await stored(`UPLOAD#${upload}`, 'UPLOAD')).toBeUndefined();
    expect(await stored(`REQFILE#${upload}`, 'REQFILE')).toMatchObject({ project_uuid: P, size: form.length });
    // The same upload named again by its maker (a retry after a stop between the file and the requests, or another
    // request): the landed file is found, not copied again.
    const again = await make(
      t.paP,
      { kind: 'SOCIETY', uuid: S3 },
      { items: [{ name: 'Formulario F29', template_file: upload } as (typeof ITEMS)[number]] },
    );
    const againItem = ok('request', await get(t.paP, again.results[0]?.uuid as string)).items[0]?.uuid as string;
    const againLink = ok('link', await fileLink(t.paP, again.results[0]?.uuid as string, againItem)).link;
    expect(new URL(againLink).pathname).toBe(links[0]);

    const s1Request = bySociety.get(S1) as string;
    const s1Item = ok('request', await get(t.us1, s1Request)).items[0]?.uuid as string;
    for (const [who, token] of outsiders()) {
      const answer = await fileLink(token, s1Request, s1Item);
      expect(answer.status, `${who}: ${JSON.stringify(answer.body)}`).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain(upload);
    }
    // Another firm's admin cannot start a file in this firm, nor name this one in its own.
    const foreignStart = await call(requests.createRequestFileUpload, {
      token: t.paQ,
      body: { project: P, file_name: 'ajeno.pdf', file_size: 10 },
    });
    expect(foreignStart.status).toBe(404);
  });

  test("another person's upload, one not yet uploaded or another firm's is refused with 400 and nothing is written", async () => {
    const othersUpload = await requestFileUpload(t.gaG, P, 'de otro.pdf');
    const notSent = await requestFileUpload(t.paP, P, 'sin subir.pdf', PDF, false);
    const Q = ok('society', await call(societies.getSociety, { token: t.paQ, params: { uuid: SQ } })).project.uuid;
    const foreign = await requestFileUpload(t.paQ, Q, 'de otra firma.pdf');
    for (const [what, upload, code] of [
      ["another person's", othersUpload, 'UPLOAD_MISSING'],
      ['not uploaded', notSent, 'UPLOAD_MISSING'],
      ["another firm's", foreign, 'UPLOAD_MISSING'],
      ['unknown', randomUUID(), 'UPLOAD_MISSING'],
    ] as const) {
      const title = `Rechazada ${unique()}`;
      const answer = await call(requests.createRequest, {
        token: t.paP,
        body: {
          batch: randomUUID(),
          target: { kind: 'SOCIETY', uuid: S3 },
          title,
          due_date: future(20),
          items: [{ name: 'Cartola' }, { name: 'Formulario', template_file: upload }],
        },
      });
      expect([what, answer.status, answer.body]).toMatchObject([
        what,
        400,
        { code: 'VALIDATION_ERROR', errors: { template_file: [code] } },
      ]);
      const listed = ok('list', await list(t.paP, { society: S3 })).results.map((r) => r.title);
      expect(listed, what).not.toContain(title);
    }
    // The uploads are as they were: none spent, none made a file.
    for (const upload of [othersUpload, notSent, foreign]) {
      expect(await stored(`UPLOAD#${upload}`, 'UPLOAD'), upload).toBeDefined();
      expect(await stored(`REQFILE#${upload}`, 'REQFILE'), upload).toBeUndefined();
    }
    // A template refuses the same way.
    const template = await call(requests.createRequestTemplate, {
      token: t.paP,
      body: { project: P, name: `Plantilla ${unique()}`, items: [{ name: 'Formulario', template_file: othersUpload }] },
    });
    expect([template.status, template.body]).toMatchObject([400, { errors: { template_file: ['UPLOAD_MISSING'] } }]);
  });

  test("a template's file goes with its requests, a recurring period's included; saving it again keeps it", async () => {
    const form = new TextEncoder().encode(`%PDF-1.4\n% plantilla ${unique()}\n%%EOF\n`);
    const upload = await requestFileUpload(t.paP, P, 'Ejemplo.pdf', form);
    const made = ok(
      'template',
      await call(requests.createRequestTemplate, {
        token: t.paP,
        body: {
          project: P,
          name: `Mensual con formulario ${unique()}`,
          folder,
          items: [{ name: 'Formulario', template_file: upload }, { name: 'Cartola' }],
          recurrence: { kind: 'MONTHLY_F29', offset_days: -5, lead_days: 10 },
        },
      }),
    );
    const file = { uuid: upload, file_name: 'Ejemplo.pdf', size: form.length };
    expect(made.items.map((i) => i.template_file)).toEqual([file, null]);
    // Saved again naming its own file: kept, whoever saves it.
    const saved = ok(
      'template saved',
      await call(requests.putRequestTemplate, {
        token: t.sa,
        params: { uuid: made.uuid },
        body: {
          name: made.name,
          folder,
          items: [{ name: 'Formulario firmado', template_file: upload }, { name: 'Cartola' }],
          recurrence: { kind: 'MONTHLY_F29', offset_days: -5, lead_days: 10 },
        },
      }),
    );
    expect(saved.items[0]?.template_file).toEqual(file);
    // A GROUP_ADMIN makes a request from it with its items as the template holds them (the file its own is refused).
    const fromTemplate = await call(requests.createRequest, {
      token: t.gaG,
      body: {
        batch: randomUUID(),
        target: { kind: 'SOCIETY', uuid: S1 },
        template: made.uuid,
        title: `Desde plantilla ${unique()}`,
        due_date: future(15),
        items: saved.items.map((i) => ({ name: i.name, template_file: i.template_file?.uuid ?? null })),
      },
    });
    expect(fromTemplate.status, JSON.stringify(fromTemplate.body)).toBe(201);
    const withoutTemplate = await call(requests.createRequest, {
      token: t.gaG2,
      body: {
        batch: randomUUID(),
        target: { kind: 'SOCIETY', uuid: S3 },
        title: `Sin plantilla ${unique()}`,
        due_date: future(15),
        items: [{ name: 'Formulario', template_file: upload }],
      },
    });
    expect([withoutTemplate.status, withoutTemplate.body]).toMatchObject([
      400,
      { errors: { template_file: ['UPLOAD_MISSING'] } },
    ]);

    // The recurring job makes the template's period for the group: each request carries the same file.
    const scheduled = await invokeAt(at('2027-02-01'), requests.createRequestSchedule, {
      token: t.gaG,
      body: { template: made.uuid, target: { kind: 'GROUP', uuid: G } },
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    expect((await runRecurring(at('2027-02-07'), P)).created).toBe(2);
    const period = ok('board', await list(t.paP, { group: G, template: made.uuid, period: '2027-01' })).results;
    expect(period).toHaveLength(2);
    for (const row of period) {
      const token = row.society.uuid === S1 ? t.us1 : t.us2;
      const request = ok('request', await get(token, row.uuid));
      expect(request.items[0]).toMatchObject({
        name: 'Formulario firmado',
        template_file: { file_name: 'Ejemplo.pdf', size: form.length },
      });
      const link = ok('link', await fileLink(token, row.uuid, request.items[0]?.uuid as string)).link;
      expect(await bytesOf(link)).toEqual(form);
    }
  });
});
