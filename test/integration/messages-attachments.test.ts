import { beforeAll, describe, expect, test } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import * as messages from '../../shared/contracts/messages';
import { call, ok, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { firmBuilder } from '../helpers/firm-builder';
import { unique } from '../helpers/fresh';

/**
 * Attachments of the conversation: each file a message carries becomes a document of the thread's society, in the
 * firm's 'Mensajes' folder (else its first top-level folder), so the document manager has it; whoever takes part in
 * the thread downloads it through the conversation, whatever its document rights; nobody else reaches it, nor attaches
 * into the thread.
 *
 * The world: firm P (admin paP; folders 'Balances' and 'Mensajes') with group G (admin gaG, group user ug; society S
 * with its user us, sibling society S1b with its user us1b) and sibling group G2 (admin gaG2, society S2); firm Q
 * (admin paQ; society SQ with its user uq); firm N (admin paN, society SN with its user un) has no folders at all.
 */
let t: Record<'paP' | 'gaG' | 'ug' | 'us' | 'us1b' | 'gaG2' | 'paQ' | 'uq' | 'paN' | 'un', string>;
let S: string;
let S1b: string;
let SQ: string;
let SN: string;
let mensajes: string;

const PDF = new TextEncoder().encode('%PDF-1.4\n% adjunto de un mensaje\n%%EOF\n');

beforeAll(async () => {
  const root = await createTestUser('SUPER_ADMIN');
  const sa = (await signIn(root.email)).access;
  const { project, group, society } = firmBuilder(sa, 'Adjuntos');
  const folder = async (p: string, name: string) =>
    ok('folder', await call(folders.createFolderTemplate, { token: sa, body: { project: p, folder_name: name } })).uuid;

  const [paP, paQ, paN] = await Promise.all([
    createTestUser('PROJECT_ADMIN'),
    createTestUser('PROJECT_ADMIN'),
    createTestUser('PROJECT_ADMIN'),
  ]);
  const P = await project([paP.uuid]);
  const Q = await project([paQ.uuid]);
  const N = await project([paN.uuid]);
  await folder(P, 'Balances');
  mensajes = await folder(P, 'Mensajes');
  await folder(Q, 'Tributario');
  const [gaG, gaG2, ug, us, us1b, uq, un] = await Promise.all([
    createTestUser('GROUP_ADMIN', [P]),
    createTestUser('GROUP_ADMIN', [P]),
    createTestUser('USER_GROUP', [P]),
    createTestUser('USER_SOCIETY', [P]),
    createTestUser('USER_SOCIETY', [P]),
    createTestUser('USER_SOCIETY', [Q]),
    createTestUser('USER_SOCIETY', [N]),
  ]);
  const G = await group(P, [gaG.uuid], [ug.uuid]);
  const G2 = await group(P, [gaG2.uuid], []);
  const GQ = await group(Q, [], []);
  const GN = await group(N, [], []);
  [S, S1b, , SQ, SN] = await Promise.all([
    society(G, [us.uuid]),
    society(G, [us1b.uuid]),
    society(G2, []),
    society(GQ, [uq.uuid]),
    society(GN, [un.uuid]),
  ]);
  const people = { paP, gaG, ug, us, us1b, gaG2, paQ, uq, paN, un };
  const tokens = await Promise.all(Object.values(people).map(async (p) => (await signIn(p.email)).access));
  t = Object.fromEntries(Object.keys(people).map((k, i) => [k, tokens[i] as string])) as typeof t;
}, 120_000);

/** Starts an attachment's upload in a society and sends its bytes to the presigned POST, as the SPA does. */
async function attach(token: string, society: string, name = 'Libro de compras.pdf', bytes = PDF) {
  const start = await call(messages.createMessageAttachmentUpload, {
    token,
    params: { uuid: society },
    body: { file_name: name, file_size: bytes.length, content_type: 'application/pdf' },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(start.body.fields)) form.set(k, v);
  form.set('file', new Blob([bytes], { type: 'application/pdf' }), name);
  const posted = await fetch(start.body.url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  return start.body.upload;
}

const open = (token: string, society: string, attachments: string[], subject = `Adjuntos ${unique()}`) =>
  call(messages.createThread, {
    token,
    params: { uuid: society },
    body: { subject, body: 'Te envío el archivo.', attachments },
  });
const reply = (token: string, thread: string, attachments: string[]) =>
  call(messages.postThreadMessage, { token, params: { uuid: thread }, body: { body: 'Adjunto.', attachments } });
const link = (token: string, document: string) =>
  call(messages.messageAttachmentLink, { token, params: { uuid: document } });

async function storedDocument(uuid: string) {
  const { dynamo, lib, tableName } = await tableAccess();
  const { Item } = await dynamo.send(
    new lib.GetCommand({ TableName: tableName, Key: { pk: `DOCUMENT#${uuid}`, sk: 'DOCUMENT' } }),
  );
  return Item;
}

describe("a message's files become documents of its society", () => {
  test('a client attaches a file to a new thread: a document in the Mensajes folder, downloaded by both sides', async () => {
    const upload = await attach(t.us, S);
    const made = await open(t.us, S, [upload]);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const page = await call(messages.getThread, { token: t.paP, params: { uuid: made.body.uuid } });
    expect(page.status).toBe(200);
    const [message] = page.body.messages;
    expect(message?.attachments).toEqual([
      { uuid: upload, file_name: 'Libro de compras.pdf', size: PDF.length, content_type: 'application/pdf' },
    ]);

    // The document of the society, in the firm's 'Mensajes' folder, made by the client, as the manager shows it.
    expect(await storedDocument(upload)).toMatchObject({
      society_uuid: S,
      folder_uuid: mensajes,
      file_name: 'Libro de compras.pdf',
      created_by: expect.any(String),
    });
    const managed = await call(documents.downloadDocument, {
      token: t.paP,
      params: { uuid: upload },
      query: { format: 'json' },
    });
    expect(managed.status).toBe(200);
    // Its notification, 'Archivo añadido', reaches the group's admin as any new document of the society does.
    const told = await call(documents.listNotifications, { token: t.gaG, query: { limit: 100 } });
    expect(told.body.results.map((n) => [n.document_name, n.folder.society, n.folder.uuid])).toContainEqual([
      'Libro de compras',
      S,
      mensajes,
    ]);

    // Both sides download it through the conversation; the client has no document rights in this firm.
    for (const token of [t.paP, t.us, t.ug, t.gaG]) {
      const answer = await link(token, upload);
      expect(answer.status).toBe(200);
      const file = await fetch(answer.body.link);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    }
    const direct = await call(documents.downloadDocument, {
      token: t.us,
      params: { uuid: upload },
      query: { format: 'json' },
    });
    expect(direct.status).not.toBe(200);
  });

  test('the firm answers with two files; a name the folder holds is kept beside it, never replaced', async () => {
    const first = await attach(t.us, S, 'Cartola.pdf');
    const thread = ok('thread', await open(t.us, S, [first])).uuid;
    const uploads = [await attach(t.gaG, S, 'Cartola.pdf'), await attach(t.gaG, S, 'Balance.pdf')];
    const answer = await reply(t.gaG, thread, uploads);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.attachments.map((a) => a.file_name)).toEqual(['Cartola (2).pdf', 'Balance.pdf']);
    expect((await storedDocument(first))?.file_name).toBe('Cartola.pdf');

    // Sent again (its answer lost), the message answers as it was; the thread holds it once.
    const again = await reply(t.gaG, thread, uploads);
    expect(again.status).toBe(201);
    expect(again.body.uuid).toBe(answer.body.uuid);
    const page = await call(messages.getThread, { token: t.us, params: { uuid: thread } });
    expect(page.body.thread.message_count).toBe(2);
  });

  test('an upload is carried once, by its own sender, in its own society; the documents confirm does not take it', async () => {
    const mine = await attach(t.us, S);
    // Another person, even one of the same society's conversation, cannot send it.
    const thread = ok('thread', await open(t.gaG, S, [])).uuid;
    const other = await reply(t.ug, thread, [mine]);
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ errors: { attachments: ['UPLOAD_MISSING'] } });
    // An admin of both societies cannot move an upload of S into a thread of S1b.
    const ofS = await attach(t.gaG, S);
    const inS1b = await open(t.gaG, S1b, [ofS]);
    expect(inS1b.status).toBe(400);
    // The documents' confirm leaves a message's upload alone.
    const confirm = await call(documents.confirmDocumentUpload, { token: t.gaG, params: { uuid: ofS }, body: {} });
    expect(confirm.status).toBe(404);
    // Once carried, another message cannot carry it again.
    expect((await reply(t.us, thread, [mine])).status).toBe(201);
    const twice = await open(t.us, S, [mine]);
    expect(twice.status).toBe(400);
    // An upload that never reached the bucket is missing.
    const start = await call(messages.createMessageAttachmentUpload, {
      token: t.us,
      params: { uuid: S },
      body: { file_name: 'nunca.pdf', file_size: 10 },
    });
    expect((await reply(t.us, thread, [start.body.upload])).body).toMatchObject({
      errors: { attachments: ['UPLOAD_MISSING'] },
    });
  });

  test('bounds: six files, a file over the direct upload limit, a firm without folders', async () => {
    const thread = ok('thread', await open(t.us, S, [])).uuid;
    const six = Array.from({ length: 6 }, () => crypto.randomUUID());
    expect((await reply(t.us, thread, six)).status).toBe(400);
    const big = await call(messages.createMessageAttachmentUpload, {
      token: t.us,
      params: { uuid: S },
      body: { file_name: 'enorme.zip', file_size: documents.MAX_DOCUMENT_BYTES + 1 },
    });
    expect(big.status).toBe(400);
    const none = await call(messages.createMessageAttachmentUpload, {
      token: t.un,
      params: { uuid: SN },
      body: { file_name: 'a.pdf', file_size: 10 },
    });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ errors: { file_name: ['NO_FOLDER'] } });
  });

  test('a person starts a hundred uploads an hour: the next is refused with 429 and its remaining time', async () => {
    // A person of its own (a SUPER_ADMIN reaches S): the hour's lock would stop the other tests' uploads.
    const token = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
    const start = () =>
      call(messages.createMessageAttachmentUpload, {
        token,
        params: { uuid: S },
        body: { file_name: 'cuota.pdf', file_size: PDF.length, content_type: 'application/pdf' },
      });
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      statuses.push(...(await Promise.all(Array.from({ length: 10 }, start))).map((a) => a.status));
    }
    expect(statuses).toEqual(Array(100).fill(201));
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(refused.body.remaining_time).toBeGreaterThan(0);
    expect(refused.body.remaining_time).toBeLessThanOrEqual(60 * 60);
    expect(refused.body.upload).toBeUndefined();
  });
});

describe("nobody outside a thread's society attaches into it or downloads its files", () => {
  let file: string;
  let thread: string;
  beforeAll(async () => {
    file = await attach(t.us, S, 'Privado.pdf');
    thread = ok('thread', await open(t.us, S, [file], 'Solo de S')).uuid;
  });

  test.each([
    ['a sibling society of the group', 'us1b'],
    ["a sibling group's admin", 'gaG2'],
    ["another firm's admin", 'paQ'],
    ["another firm's client", 'uq'],
  ] as const)('%s gets 404 for the upload, the message and the file', async (_, who) => {
    const token = t[who];
    const start = await call(messages.createMessageAttachmentUpload, {
      token,
      params: { uuid: S },
      body: { file_name: 'intruso.pdf', file_size: 10 },
    });
    expect(start.status).toBe(404);
    expect((await reply(token, thread, [])).status).toBe(404);
    expect((await link(token, file)).status).toBe(404);
  });

  test("another firm's client cannot carry this firm's upload into its own thread, nor reach it by its uuid", async () => {
    const foreign = ok('thread', await open(t.uq, SQ, [])).uuid;
    const stolen = await attach(t.us, S, 'Ajeno.pdf');
    const answer = await reply(t.uq, foreign, [stolen]);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: { attachments: ['UPLOAD_MISSING'] } });
    // A document that no message carries answers 404, even to the firm's own admin.
    expect((await link(t.paP, stolen)).status).toBe(404);
  });
});
