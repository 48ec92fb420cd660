import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import * as messages from '../../shared/contracts/messages';
import * as requests from '../../shared/contracts/requests';
import { REQUEST_ITEM_THREADS_MAX } from '../../shared/contracts/requests';
import { call, ok, signIn } from '../helpers/api';
import { createTestUser } from '../helpers/db';
import { firmBuilder } from '../helpers/firm-builder';
import { unique } from '../helpers/fresh';

/**
 * A thread about a request item: the thread names the request and item, and the request's item lists the thread, both
 * written at once. A link to a request of another society (of the same group, of a sibling group, of another firm) or
 * to an item the request does not hold answers 404 and writes nothing; an item lists a bounded number of threads.
 *
 * The world: firm P (admin paP) with group G (admin gaG, group user ug; society S with its user us, and sibling society
 * S1b) and sibling group G2 (admin gaG2, society S2); firm Q (admin paQ, society SQ).
 */
let t: Record<'paP' | 'gaG' | 'ug' | 'us' | 'gaG2' | 'paQ', string>;
let S: string;
let S1b: string;
let S2: string;
let SQ: string;

beforeAll(async () => {
  const root = await createTestUser('SUPER_ADMIN');
  const sa = (await signIn(root.email)).access;
  const { project, group, society } = firmBuilder(sa, 'Vínculos');

  const [paP, paQ] = await Promise.all([createTestUser('PROJECT_ADMIN'), createTestUser('PROJECT_ADMIN')]);
  const P = await project([paP.uuid]);
  const Q = await project([paQ.uuid]);
  const [gaG, gaG2, ug, us] = await Promise.all([
    createTestUser('GROUP_ADMIN', [P]),
    createTestUser('GROUP_ADMIN', [P]),
    createTestUser('USER_GROUP', [P]),
    createTestUser('USER_SOCIETY', [P]),
  ]);
  const G = await group(P, [gaG.uuid], [ug.uuid]);
  const G2 = await group(P, [gaG2.uuid], []);
  const GQ = await group(Q, [], []);
  [S, S1b, S2, SQ] = await Promise.all([society(G, [us.uuid]), society(G, []), society(G2, []), society(GQ, [])]);
  const people = { paP, gaG, ug, us, gaG2, paQ };
  const tokens = await Promise.all(Object.values(people).map(async (p) => (await signIn(p.email)).access));
  t = Object.fromEntries(Object.keys(people).map((k, i) => [k, tokens[i] as string])) as typeof t;
}, 120_000);

/** A request of one society with two items, made by its firm's admin; answers its uuid and its items' uuids. */
async function newRequest(token: string, society: string, title = `Cierre de marzo ${unique()}`) {
  const made = await call(requests.createRequest, {
    token,
    body: {
      batch: randomUUID(),
      target: { kind: 'SOCIETY', uuid: society },
      title,
      due_date: '2030-01-31',
      items: [{ name: 'Libro de compras' }, { name: 'Cartola bancaria' }],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const uuid = made.body.results[0]?.uuid as string;
  const items = ok('request', await call(requests.getRequest, { token, params: { uuid } })).items.map((i) => i.uuid);
  return { uuid, title, items: items as [string, string] };
}

const openAbout = (token: string, society: string, request_item?: { request: string; item: string }) =>
  call(messages.createThread, {
    token,
    params: { uuid: society },
    body: {
      subject: `Consulta ${unique()}`,
      body: '¿Sirve el libro de febrero?',
      ...(request_item && { request_item }),
    },
  });

const threadsOfItem = async (token: string, request: string, item: string) =>
  ok('request', await call(requests.getRequest, { token, params: { uuid: request } })).items.find(
    (i) => i.uuid === item,
  )?.threads;

const subjectsOf = async (token: string, society: string) =>
  ok(
    'threads',
    await call(messages.listSocietyThreads, { token, params: { uuid: society }, query: { limit: 50 } }),
  ).results.map((r) => r.subject);

describe('a thread about a request item', () => {
  test('shows on both sides: the thread names the item, the item lists the thread (for the firm and the client)', async () => {
    const R = await newRequest(t.paP, S, `Cierre de abril ${unique()}`);
    const made = await openAbout(t.us, S, { request: R.uuid, item: R.items[0] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const link = { request: R.uuid, item: R.items[0], title: R.title, name: 'Libro de compras' };
    expect(made.body.request_item).toEqual(link);

    // The thread's page and the society's list say what it is about, to both sides.
    for (const token of [t.us, t.ug, t.gaG, t.paP]) {
      const page = ok('thread', await call(messages.getThread, { token, params: { uuid: made.body.uuid } }));
      expect(page.thread.request_item).toEqual(link);
      const list = ok('threads', await call(messages.listSocietyThreads, { token, params: { uuid: S } }));
      expect(list.results.find((r) => r.uuid === made.body.uuid)?.request_item).toEqual(link);
    }
    // The request's item lists it, to the firm and to the client; the other item lists none.
    for (const token of [t.paP, t.gaG, t.us, t.ug]) {
      expect(await threadsOfItem(token, R.uuid, R.items[0])).toEqual([
        { uuid: made.body.uuid, subject: made.body.subject },
      ]);
      expect(await threadsOfItem(token, R.uuid, R.items[1])).toEqual([]);
    }

    // The firm's side opens another about the same item: listed after the first. A thread about nothing names none.
    const second = await openAbout(t.gaG, S, { request: R.uuid, item: R.items[0] });
    expect(second.status).toBe(201);
    expect((await threadsOfItem(t.us, R.uuid, R.items[0]))?.map((x) => x.uuid)).toEqual([
      made.body.uuid,
      second.body.uuid,
    ]);
    const plain = await openAbout(t.us, S);
    expect([plain.status, plain.body.request_item]).toEqual([201, null]);
  });

  test("a link to another society's, a sibling group's or another firm's request, or to no item of it, is 404 and writes nothing", async () => {
    const mine = await newRequest(t.paP, S);
    const [sibling, otherGroup, otherFirm] = await Promise.all([
      newRequest(t.paP, S1b),
      newRequest(t.paP, S2),
      newRequest(t.paQ, SQ),
    ]);
    const before = await subjectsOf(t.paP, S);
    const tries: Array<[string, string, { request: string; item: string }]> = [
      ['us', t.us, { request: sibling.uuid, item: sibling.items[0] }],
      ['gaG', t.gaG, { request: sibling.uuid, item: sibling.items[0] }],
      ['gaG', t.gaG, { request: otherGroup.uuid, item: otherGroup.items[0] }],
      ['paP', t.paP, { request: otherGroup.uuid, item: otherGroup.items[0] }],
      ['paP', t.paP, { request: otherFirm.uuid, item: otherFirm.items[0] }],
      ['ug', t.ug, { request: otherFirm.uuid, item: otherFirm.items[0] }],
      // An item of another request, and a request that does not exist.
      ['us', t.us, { request: mine.uuid, item: sibling.items[0] }],
      ['us', t.us, { request: randomUUID(), item: mine.items[0] }],
    ];
    for (const [who, token, link] of tries) {
      const answer = await openAbout(token, S, link);
      expect([answer.status, answer.body.code], `${who} → ${JSON.stringify(link)}`).toEqual([404, 'NOT_FOUND']);
    }
    // The sibling group's admin and another firm's admin cannot open one in S, even about S's own request.
    for (const token of [t.gaG2, t.paQ]) {
      expect((await openAbout(token, S, { request: mine.uuid, item: mine.items[0] })).status).toBe(404);
    }
    // Nothing was written: no thread in S, and no request lists a thread.
    expect(await subjectsOf(t.paP, S)).toEqual(before);
    for (const [token, r] of [
      [t.paP, mine],
      [t.paP, sibling],
      [t.gaG2, otherGroup],
      [t.paQ, otherFirm],
    ] as const) {
      for (const item of r.items) expect(await threadsOfItem(token, r.uuid, item)).toEqual([]);
    }
    // A link that is not a pair of ids is the client's mistake, told as such.
    const malformed = await call(messages.createThread, {
      token: t.us,
      params: { uuid: S },
      body: { subject: 'Consulta', body: 'Hola.', request_item: { request: mine.uuid } } as never,
    });
    expect(malformed.status).toBe(400);
  });

  test(`an item lists at most ${REQUEST_ITEM_THREADS_MAX} threads; one more is 409 and writes nothing`, async () => {
    const R = await newRequest(t.paP, S);
    const link = { request: R.uuid, item: R.items[1] };
    for (let i = 0; i < REQUEST_ITEM_THREADS_MAX; i += 1) {
      const made = await openAbout(i % 2 === 0 ? t.us : t.paP, S, link);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    const before = await subjectsOf(t.paP, S);
    const full = await openAbout(t.us, S, link);
    expect([full.status, full.body.code]).toEqual([409, 'REQUEST_ITEM_THREADS_FULL']);
    expect(await threadsOfItem(t.paP, R.uuid, R.items[1])).toHaveLength(REQUEST_ITEM_THREADS_MAX);
    expect(await subjectsOf(t.paP, S)).toEqual(before);
    // The other item still takes one.
    expect((await openAbout(t.us, S, { request: R.uuid, item: R.items[0] })).status).toBe(201);
  });
});
