import { beforeAll, describe, expect, test } from 'vitest';
import * as auth from '../../shared/contracts/auth';
import type { Contract } from '../../shared/contracts/define';
import * as groups from '../../shared/contracts/groups';
import * as messages from '../../shared/contracts/messages';
import * as projects from '../../shared/contracts/projects';
import * as requests from '../../shared/contracts/requests';
import * as societies from '../../shared/contracts/societies';
import { call, ok, signIn } from '../helpers/api';
import { createTestUser } from '../helpers/db';
import { unique } from '../helpers/fresh';
import { type InProcessRequest, invokeInProcess } from '../helpers/in-process';
import { runMessageNotices } from '../helpers/jobs';
import { allMailTo, bodyOf } from '../helpers/mail';
import { societyBody } from '../helpers/societies';

/**
 * The hourly e-mail notice of new messages (functions/messages/message-notice.ts). The messages are written in this
 * process some hours in the past (the server's clock, functions/lib/clock.ts), each scenario in an hour of its own, and
 * the job runs, under its own IAM grant, as of the next hour: so its hours are this file's alone (the other files write
 * their messages in the current hour, which no run here reaches). Tests run in order, oldest hour first: the job's
 * state only moves forward.
 */
const HOUR = 3_600_000;
/** Ten minutes into the UTC hour `hoursAgo` hours back: every message of a scenario falls in that one hour. */
const hourStart = (hoursAgo: number) => Math.floor((Date.now() - hoursAgo * HOUR) / HOUR) * HOUR;
const inHour = (hoursAgo: number) => hourStart(hoursAgo) + 10 * 60_000;

let t: Record<'paP' | 'gaG' | 'ug' | 'us' | 'us1b' | 'paQ', string>;
let mail: Record<'paP' | 'gaG' | 'ug' | 'us' | 'us1b' | 'paQ', string>;
let S: string;
let projectName: string;

beforeAll(async () => {
  const root = await createTestUser('SUPER_ADMIN');
  const sa = (await signIn(root.email)).access;
  projectName = `Avisos ${unique()}`;
  const project = async (name: string, admin: string[]) =>
    ok(
      'project',
      await call(projects.createProject, {
        token: sa,
        body: {
          project_name: name,
          client_name: 'Cliente SpA',
          associated_service_description: 'Contabilidad',
          service_description: 'Portal',
          admin,
          primary_color: '#7A1F5C',
        },
      }),
    ).uuid;
  const group = async (p: string, admin: string[], user: string[]) =>
    ok(
      'group',
      await call(groups.createGroup, {
        token: sa,
        body: { group_name: `Grupo ${unique()}`, group_description: 'Avisos', project: p, admin, user },
      }),
    ).uuid;
  const society = async (g: string, user: string[], name: string) =>
    ok(
      'society',
      await call(societies.createSociety, { token: sa, body: societyBody(g, { user, society_business_name: name }) }),
    ).uuid;
  const [paP, paQ] = await Promise.all([createTestUser('PROJECT_ADMIN'), createTestUser('PROJECT_ADMIN')]);
  const P = await project(projectName, [paP.uuid]);
  await project(`Otra ${unique()}`, [paQ.uuid]);
  const [gaG, ug, us, us1b] = await Promise.all([
    createTestUser('GROUP_ADMIN', [P]),
    createTestUser('USER_GROUP', [P]),
    createTestUser('USER_SOCIETY', [P]),
    createTestUser('USER_SOCIETY', [P]),
  ]);
  const G = await group(P, [gaG.uuid], [ug.uuid]);
  S = await society(G, [us.uuid], `Minera Avisos ${unique()} SpA`);
  await society(G, [us1b.uuid], `Hermana ${unique()} SpA`);
  const people = { paP, gaG, ug, us, us1b, paQ };
  const tokens = await Promise.all(Object.values(people).map(async (p) => (await signIn(p.email)).access));
  t = Object.fromEntries(Object.keys(people).map((k, i) => [k, tokens[i] as string])) as typeof t;
  mail = Object.fromEntries(Object.entries(people).map(([k, p]) => [k, p.email])) as typeof mail;
}, 120_000);

/** A handler run in this process at `at` (the server's clock), with its contract's permissions. */
async function invokeAt(at: number, contract: Contract, request: InProcessRequest) {
  const [{ setClockOffset }, { installIamEmulation, runAs }] = await Promise.all([
    import('../../functions/lib/clock'),
    import('../../local/iam-emulation'),
  ]);
  await installIamEmulation();
  setClockOffset(at - Date.now());
  try {
    const answer = await runAs(contract, () => invokeInProcess(contract, request));
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body;
  } finally {
    setClockOffset(0);
  }
}

const openAt = async (at: number, token: string, subject: string) =>
  (await invokeAt(at, messages.createThread, { token, params: { uuid: S }, body: { subject, body: 'Hola.' } }))
    .uuid as string;
const replyAt = (at: number, token: string, thread: string) =>
  invokeAt(at, messages.postThreadMessage, { token, params: { uuid: thread }, body: { body: 'Respuesta.' } });
const readAt = (at: number, token: string, thread: string) =>
  invokeAt(at, messages.markThreadRead, { token, params: { uuid: thread } });

const noticesTo = async (email: string) =>
  (await allMailTo(email)).filter((m) => m.subject.includes(projectName) && m.subject.includes('mensaje'));

let balance: string;

describe('the hourly notice of new messages', () => {
  test('two messages to a person make one mail listing both; a retry sends nothing more; read ones are not mailed', async () => {
    const at = inHour(8);
    balance = await openAt(at, t.paP, 'Balance de marzo');
    const cartola = await openAt(at + 60_000, t.paP, 'Cartola de abril');
    // The group's client reads both before the run; the group's admin reads one.
    await readAt(at + 120_000, t.ug, balance);
    await readAt(at + 120_000, t.ug, cartola);
    await readAt(at + 120_000, t.gaG, balance);

    // The run stops (its function ends) before its second mail; the retry sends the rest, the first not again.
    let paced = 0;
    await expect(
      runMessageNotices(hourStart(7) + 5 * 60_000, async () => {
        paced += 1;
        if (paced === 2) throw new Error('the function stopped');
      }),
    ).rejects.toThrow('the function stopped');
    expect(await runMessageNotices(hourStart(7) + 5 * 60_000)).toMatchObject({
      sent: 1,
      skipped: 1,
      failed: 0,
      more: false,
    });
    // Run again: the hour is done.
    expect(await runMessageNotices(hourStart(7) + 5 * 60_000)).toMatchObject({ sent: 0, hours: [] });

    const [toClient, ...moreToClient] = await noticesTo(mail.us);
    expect(moreToClient).toEqual([]);
    expect(toClient?.subject).toBe(`Tienes 2 mensajes nuevos en ${projectName}`);
    const body = bodyOf(toClient as NonNullable<typeof toClient>);
    expect(body).toContain('Balance de marzo — Minera Avisos');
    expect(body).toContain('Cartola de abril — Minera Avisos');
    // In the firm's branding, with a button to the conversations.
    expect(body).toContain('#7A1F5C');
    expect(body).toMatch(/https?:\/\/[^\s"]+\/messages/);

    const toAdmin = await noticesTo(mail.gaG);
    expect(toAdmin).toHaveLength(1);
    expect(bodyOf(toAdmin[0] as (typeof toAdmin)[number])).toContain('Cartola de abril');
    expect(bodyOf(toAdmin[0] as (typeof toAdmin)[number])).not.toContain('Balance de marzo');
    // Read everything, wrote them, another society's client, another firm's admin: nothing.
    for (const who of ['ug', 'paP', 'us1b', 'paQ'] as const) expect(await noticesTo(mail[who]), who).toEqual([]);
  });

  test("a later hour's message names its thread again, to whoever has not read it", async () => {
    const at = inHour(5);
    await replyAt(at, t.us, balance);
    // The firm's admin who wrote in it reads the answer; the group's admin and client do not.
    await readAt(at + 60_000, t.paP, balance);
    const outcome = await runMessageNotices(hourStart(4) + 5 * 60_000);
    expect(outcome).toMatchObject({ sent: 2, failed: 0, more: false });
    expect(outcome.hours).toHaveLength(3);
    const toAdmin = await noticesTo(mail.gaG);
    expect(toAdmin).toHaveLength(2);
    const latest = toAdmin.find((m) => bodyOf(m).includes('Balance de marzo'));
    expect(latest?.subject).toBe(`Tienes un mensaje nuevo en ${projectName}`);
    expect(await noticesTo(mail.paP)).toEqual([]);
    // The group's client had read the thread before; this answer is new to it.
    expect(await noticesTo(mail.ug)).toHaveLength(1);
    // The client wrote it: no new notice.
    expect(await noticesTo(mail.us)).toHaveLength(1);
  });

  test('a person who turned notices off gets none; the mail’s link turns them off signed out, twice alike', async () => {
    // The society's client turns notices off in its profile; its profile says so.
    const off = await call(messages.putMessageNoticePreference, { token: t.us, body: { notices: false } });
    expect([off.status, off.body]).toEqual([200, { notices: false }]);
    expect((await call(auth.getUserInfo, { token: t.us })).body.profile.message_notices).toBe(false);
    expect((await call(auth.getUserInfo, { token: t.ug })).body.profile.message_notices).toBe(true);

    await replyAt(inHour(4), t.paP, balance);
    expect(await runMessageNotices(hourStart(3) + 5 * 60_000)).toMatchObject({ sent: 2, failed: 0, more: false });
    // Opted out: still one mail (the first test's). The group's client and admin, who did not: one more each.
    expect(await noticesTo(mail.us)).toHaveLength(1);
    expect(await noticesTo(mail.gaG)).toHaveLength(3);
    const toClient = await noticesTo(mail.ug);
    expect(toClient).toHaveLength(2);

    // The group's client follows its mail's link, signed out, twice: both answer the same, and its notices stop.
    const latest = toClient.find((m) => /\/messages\/notices\/unsubscribe\//.test(m.body.text ?? ''));
    const token = /\/messages\/notices\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(latest?.body.text ?? '')?.[1] as string;
    expect(token).toBeTruthy();
    for (let i = 0; i < 2; i += 1) {
      const gone = await call(messages.unsubscribeMessageNotices, { body: { token } });
      expect([gone.status, gone.body]).toEqual([200, { detail: 'Ya no recibirás avisos de mensajes nuevos' }]);
    }
    const forged = await call(messages.unsubscribeMessageNotices, { body: { token: `${token.slice(0, -4)}AAAA` } });
    expect([forged.status, forged.body.code]).toEqual([400, 'INVALID_TOKEN']);
    // Another kind's link does not open this one (each kind keeps its own tokens).
    const otherKind = await call(requests.unsubscribeRequestReminders, { body: { token } });
    expect([otherKind.status, otherKind.body.code]).toEqual([400, 'INVALID_TOKEN']);
    expect((await call(auth.getUserInfo, { token: t.ug })).body.profile.message_notices).toBe(false);

    // The next hour's message: only the group's admin is mailed.
    await replyAt(inHour(3), t.paP, balance);
    expect(await runMessageNotices(hourStart(2) + 5 * 60_000)).toMatchObject({ sent: 1, failed: 0, more: false });
    expect(await noticesTo(mail.ug)).toHaveLength(2);
    expect(await noticesTo(mail.us)).toHaveLength(1);
    expect(await noticesTo(mail.gaG)).toHaveLength(4);
  });
});
