import { beforeAll, describe, expect, test } from 'vitest';
import * as messages from '../../shared/contracts/messages';
import { call, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { firmBuilder } from '../helpers/firm-builder';
import { unique } from '../helpers/fresh';

/**
 * A conversation per society: the firm's admins in scope and the society's client users exchange messages in threads,
 * each side's unread count moves with the other's messages and resets on reading; nobody outside the society (a
 * sibling society's user, a sibling group's admin, another firm's admin or client) reaches its threads.
 *
 * The world: firm P (its admin paP) with group G (admin gaG, group user ug; society S with its user us, and sibling
 * society S1b with its user us1b) and sibling group G2 (admin gaG2, society S2); firm Q (admin paQ, society SQ, its
 * user uq).
 */
let t: Record<'sa' | 'paP' | 'gaG' | 'ug' | 'us' | 'us1b' | 'gaG2' | 'paQ' | 'uq', string>;
let S: string;
let S1b: string;
let S2: string;
let SQ: string;

beforeAll(async () => {
  const root = await createTestUser('SUPER_ADMIN');
  const sa = (await signIn(root.email)).access;
  const { project, group, society } = firmBuilder(sa, 'Mensajes');

  const [paP, paQ] = await Promise.all([createTestUser('PROJECT_ADMIN'), createTestUser('PROJECT_ADMIN')]);
  const P = await project([paP.uuid]);
  const Q = await project([paQ.uuid]);
  const [gaG, gaG2, ug, us, us1b, uq] = await Promise.all([
    createTestUser('GROUP_ADMIN', [P]),
    createTestUser('GROUP_ADMIN', [P]),
    createTestUser('USER_GROUP', [P]),
    createTestUser('USER_SOCIETY', [P]),
    createTestUser('USER_SOCIETY', [P]),
    createTestUser('USER_SOCIETY', [Q]),
  ]);
  const G = await group(P, [gaG.uuid], [ug.uuid]);
  const G2 = await group(P, [gaG2.uuid], []);
  const GQ = await group(Q, [], []);
  [S, S1b, S2, SQ] = await Promise.all([
    society(G, [us.uuid]),
    society(G, [us1b.uuid]),
    society(G2, []),
    society(GQ, [uq.uuid]),
  ]);
  const people = { paP, gaG, ug, us, us1b, gaG2, paQ, uq };
  const tokens = await Promise.all(Object.values(people).map(async (p) => (await signIn(p.email)).access));
  t = { sa, ...Object.fromEntries(Object.keys(people).map((k, i) => [k, tokens[i] as string])) } as typeof t;
}, 120_000);

const open = async (token: string, society: string, subject = `Consulta ${unique()}`, body = 'Hola, ¿cómo va?') => {
  const answer = await call(messages.createThread, { token, params: { uuid: society }, body: { subject, body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
};
const post = async (token: string, thread: string, body: string) => {
  const answer = await call(messages.postThreadMessage, { token, params: { uuid: thread }, body: { body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
};
const unread = async (token: string) => {
  const answer = await call(messages.getMessagesUnread, { token });
  expect(answer.status).toBe(200);
  return answer.body;
};
const unreadOf = async (token: string, society: string) =>
  (await unread(token)).societies.find((s) => s.society === society)?.unread ?? 0;
const read = (token: string, thread: string) => call(messages.markThreadRead, { token, params: { uuid: thread } });
const threadOf = (token: string, thread: string, query: Record<string, string | number> = {}) =>
  call(messages.getThread, { token, params: { uuid: thread }, query });
const listOf = (token: string, society: string, query: Record<string, string | number> = {}) =>
  call(messages.listSocietyThreads, { token, params: { uuid: society }, query });

describe('both sides of a society write, and their unread counts follow', () => {
  test('a client opens a thread, the firm reads and answers, the client reads the answer', async () => {
    const before = { paP: await unreadOf(t.paP, S), gaG: await unreadOf(t.gaG, S), ug: await unreadOf(t.ug, S) };
    const thread = await open(t.us, S, 'Libro de compras de marzo', '¿Les envío el libro por aquí?');
    expect(thread).toMatchObject({ society: S, message_count: 1, unread: 0, last: { side: 'CLIENT' } });
    // The thread's creation is audited under the thread, with who opened it.
    const { dynamo, lib, tableName } = await tableAccess();
    const audit = await dynamo.send(
      new lib.QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `AUDIT#${thread.uuid}` },
      }),
    );
    expect(audit.Items).toEqual([
      expect.objectContaining({ entity_type: 'thread', action: 'CREATE', actor_role: 'USER_SOCIETY' }),
    ]);

    // The firm's admins of the society's project and group, and its group's client user, are told; the author not.
    expect(await unreadOf(t.paP, S)).toBe(before.paP + 1);
    expect(await unreadOf(t.gaG, S)).toBe(before.gaG + 1);
    expect(await unreadOf(t.ug, S)).toBe(before.ug + 1);
    const listed = await listOf(t.paP, S);
    expect(listed.status).toBe(200);
    expect(listed.body.results[0]).toMatchObject({
      uuid: thread.uuid,
      unread: 1,
      subject: 'Libro de compras de marzo',
    });

    // Reading clears the admin's count for that thread, and leaves a read marker the others see.
    const seen = await threadOf(t.paP, thread.uuid);
    expect(seen.status).toBe(200);
    expect(seen.body.messages.map((m) => m.body)).toEqual(['¿Les envío el libro por aquí?']);
    expect((await read(t.paP, thread.uuid)).status).toBe(200);
    expect(await unreadOf(t.paP, S)).toBe(before.paP);
    expect(await unreadOf(t.gaG, S)).toBe(before.gaG + 1);

    const usBefore = await unreadOf(t.us, S);
    const answer = await post(t.paP, thread.uuid, 'Sí, súbelo aquí mismo.');
    expect(answer).toMatchObject({ side: 'FIRM', thread: thread.uuid });
    expect(await unreadOf(t.us, S)).toBe(usBefore + 1);
    expect(await unreadOf(t.paP, S)).toBe(before.paP);

    const client = await threadOf(t.us, thread.uuid);
    expect(client.body.thread.unread).toBe(1);
    expect(client.body.messages.map((m) => m.body)).toEqual([
      'Sí, súbelo aquí mismo.',
      '¿Les envío el libro por aquí?',
    ]);
    expect(client.body.receipts.map((r) => r.side).sort()).toEqual(['CLIENT', 'FIRM']);
    expect((await read(t.us, thread.uuid)).status).toBe(200);
    expect(await unreadOf(t.us, S)).toBe(usBefore);
    const after = await threadOf(t.paP, thread.uuid);
    expect(after.body.thread).toMatchObject({ message_count: 2, unread: 0, last: { side: 'FIRM' } });
  });

  test('a message moves its thread to the top of the list, and pages follow the cursor without overlap', async () => {
    const first = await open(t.gaG, S1b, 'Primero');
    await open(t.gaG, S1b, 'Segundo');
    await open(t.gaG, S1b, 'Tercero');
    await post(t.us1b, first.uuid, 'Respondo al primero');
    const page1 = await listOf(t.us1b, S1b, { limit: 2 });
    expect(page1.status).toBe(200);
    expect(page1.body.results.map((r) => r.subject)).toEqual(['Primero', 'Tercero']);
    expect(page1.body.next).toEqual(expect.any(String));
    const page2 = await listOf(t.us1b, S1b, { limit: 2, cursor: page1.body.next as string });
    expect(page2.body.results.map((r) => r.subject)).toEqual(['Segundo']);
    // The client user of the society was told of the admin's three threads, and answered one.
    expect(page1.body.results.find((r) => r.subject === 'Primero')?.unread).toBe(0);
    expect(page1.body.results.find((r) => r.subject === 'Tercero')?.unread).toBe(1);
  });

  test('a thread pages its messages newest first', async () => {
    const thread = await open(t.paP, S2, 'Conversación larga', 'uno');
    for (const body of ['dos', 'tres', 'cuatro']) await post(t.gaG2, thread.uuid, body);
    const page1 = await threadOf(t.gaG2, thread.uuid, { limit: 3 });
    expect(page1.body.messages.map((m) => m.body)).toEqual(['cuatro', 'tres', 'dos']);
    const page2 = await threadOf(t.gaG2, thread.uuid, { limit: 3, cursor: page1.body.next as string });
    expect(page2.body.messages.map((m) => m.body)).toEqual(['uno']);
  });

  test('a cursor of another list, or none at all, is a 400, as is an empty message', async () => {
    const thread = await open(t.paP, S);
    await open(t.paP, S);
    const page = await listOf(t.paP, S, { limit: 1 });
    expect((await listOf(t.paP, S1b, { cursor: page.body.next as string })).status).toBe(400);
    expect((await listOf(t.paP, S, { cursor: 'no-es-un-cursor' })).status).toBe(400);
    const empty = await call(messages.postThreadMessage, {
      token: t.us,
      params: { uuid: thread.uuid },
      body: { body: '  ' },
    });
    expect(empty.status).toBe(400);
  });
});

describe('nothing of one society is seen from another', () => {
  let thread: string;
  beforeAll(async () => {
    thread = (await open(t.us, S, 'Solo de S')).uuid;
  });

  test.each([
    ['a sibling society of the group', 'us1b'],
    ["a sibling group's admin", 'gaG2'],
    ["another firm's admin", 'paQ'],
    ["another firm's client", 'uq'],
  ] as const)('%s gets 404 for the thread and the society', async (_, who) => {
    const token = t[who];
    expect((await threadOf(token, thread)).status).toBe(404);
    expect((await read(token, thread)).status).toBe(404);
    expect(
      (await call(messages.postThreadMessage, { token, params: { uuid: thread }, body: { body: 'hola' } })).status,
    ).toBe(404);
    expect((await listOf(token, S)).status).toBe(404);
    const created = await call(messages.createThread, {
      token,
      params: { uuid: S },
      body: { subject: 'x', body: 'y' },
    });
    expect(created.status).toBe(404);
    expect((await unread(token)).societies.map((s) => s.society)).not.toContain(S);
  });

  test("another firm's society is not reached from this one's admin, nor its thread", async () => {
    const foreign = await open(t.uq, SQ, 'De otra firma');
    expect((await listOf(t.paP, SQ)).status).toBe(404);
    expect((await threadOf(t.paP, foreign.uuid)).status).toBe(404);
    expect((await threadOf(t.gaG, foreign.uuid)).status).toBe(404);
    expect((await listOf(t.paQ, SQ)).body.results.map((r) => r.uuid)).toContain(foreign.uuid);
  });

  test('an unknown society or thread is a 404 like a foreign one', async () => {
    const none = '00000000-0000-4000-8000-000000000000';
    expect((await listOf(t.sa, none)).status).toBe(404);
    expect((await threadOf(t.sa, none)).status).toBe(404);
  });
});
