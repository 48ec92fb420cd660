import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import * as auth from '../../shared/contracts/auth';
import type { ReminderSchedule } from '../../shared/contracts/requests';
import * as requests from '../../shared/contracts/requests';
import { call, signIn } from '../helpers/api';
import { allMailTo, bodyOf, type CapturedMail } from '../helpers/mail';
import { at, buildRequestWorld, runReminders } from '../helpers/request-jobs-world';

/**
 * The daily reminders of open requests (functions/requests/send-request-reminders.ts), run in this process under its
 * own grant as of the days below (the clock injected; each test runs later days than the one before, as the job's
 * state only moves forward). The requests are made through createRequest, due 2027-06-15:
 *
 * - R1 (society 0: its client and the group's client): 3 days before (06-12), on the due date, every 4 days after
 *   (06-19, 06-23…);
 * - R2 (society 1: its client and the group's client): on the due date and every 2 days after (06-17, 06-19…);
 * - R3 (society 2): 3 days before, cancelled before then.
 */
const DUE = '2027-06-15';
let w: Awaited<ReturnType<typeof buildRequestWorld>>;
let R1: string;
let R2: string;
let R3: string;

/** A request made as the firm makes one (createRequest), to one society. */
async function makeRequest(society: string, title: string, reminders: ReminderSchedule, due = DUE) {
  const made = await call(requests.createRequest, {
    token: w.tokens.paP,
    body: {
      batch: randomUUID(),
      target: { kind: 'SOCIETY', uuid: society },
      title,
      due_date: due,
      items: [{ name: 'Cartola bancaria' }, { name: 'Libro de compras' }],
      reminders,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.results[0]?.uuid as string;
}

/** The firm cancels a request, or its client answers every item 'no aplica' and the firm accepts each (complete). */
async function endThroughApi(uuid: string, state: 'COMPLETE' | 'CANCELLED', client: string) {
  if (state === 'CANCELLED') {
    const cancelled = await call(requests.cancelRequest, { token: w.tokens.paP, params: { uuid } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    return;
  }
  const request = await call(requests.getRequest, { token: w.tokens.paP, params: { uuid } });
  for (const item of request.body.items as Array<{ uuid: string }>) {
    const answered = await call(requests.answerRequestItemNotApplicable, {
      token: client,
      params: { uuid, item: item.uuid },
      body: { comment: 'No hubo movimientos.' },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const accepted = await call(requests.reviewRequestItem, {
      token: w.tokens.paP,
      params: { uuid, item: item.uuid },
      body: { decision: 'ACCEPT' },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  }
  const done = await call(requests.getRequest, { token: w.tokens.paP, params: { uuid } });
  expect(done.body.state).toBe('COMPLETE');
}

/**
 * A request ended behind the job's back: its state moves but its reminder row stays, as a write that raced the job's
 * move of the row might leave it. The job must stop on the request's state alone.
 */
async function end(uuid: string, state: 'COMPLETE' | 'CANCELLED', keepRow = false) {
  const { getRequestRecord, updateRequest } = await import('../../functions/lib/data/requests');
  const before = await getRequestRecord(uuid);
  if (!before) throw new Error('no request');
  const items = state === 'COMPLETE' ? before.items.map((i) => ({ ...i, state: 'ACCEPTED' as const })) : before.items;
  await updateRequest(before, {
    ...before,
    state,
    items,
    remind_day: keepRow ? before.remind_day : null,
    version: before.version + 1,
  });
  if (keepRow) {
    // The row stays while the request reads as ended: the job must stop on the request's state alone.
    expect((await getRequestRecord(uuid))?.remind_day).toBe(before.remind_day);
  }
}

/** The reminder mails of one request a person got, oldest first. */
async function remindersTo(email: string, title: string): Promise<CapturedMail[]> {
  return (await allMailTo(email)).filter((m) => m.subject.includes('Recordatorio') && m.subject.includes(title));
}

const claimsOf = async (uuid: string) => {
  const { reminderClaims } = await import('../../functions/lib/data/request-reminders');
  return reminderClaims(uuid);
};

beforeAll(async () => {
  w = await buildRequestWorld(3, 'recordatorio');
  R1 = await makeRequest(w.S[0] as string, 'Cierre de mayo', { before_days: [3], on_due: true, after_every_days: 4 });
  R2 = await makeRequest(w.S[1] as string, 'Remuneraciones de mayo', {
    before_days: [],
    on_due: true,
    after_every_days: 2,
  });
  R3 = await makeRequest(w.S[2] as string, 'Cancelada de mayo', {
    before_days: [3],
    on_due: true,
    after_every_days: null,
  });
}, 240_000);

describe('request reminders', () => {
  test('nothing before the first chosen day; then one mail per person, once even when the run is retried', async () => {
    const [us0, us1, us2] = w.people.clients as unknown as [{ email: string }, { email: string }, { email: string }];
    await runReminders(at('2027-06-11'));
    for (const person of [us0, us1, w.people.ug]) {
      expect(await remindersTo(person.email, 'Cierre de mayo'), person.email).toEqual([]);
    }
    // R3 is cancelled before its day, its row left behind: nothing goes, and the row is dropped.
    await end(R3, 'CANCELLED', true);

    // The run stops (its function ends) before its second mail; the retry sends the rest, the first not again.
    let paced = 0;
    await expect(
      runReminders(at('2027-06-12'), async () => {
        paced += 1;
        if (paced === 2) throw new Error('the function stopped');
      }),
    ).rejects.toThrow('the function stopped');
    await runReminders(at('2027-06-12'));
    await runReminders(at('2027-06-12'));
    const claims = await claimsOf(R1);
    expect([...claims.keys()].sort()).toEqual(
      [`2027-06-12#${w.people.clients[0]?.uuid}`, `2027-06-12#${w.people.ug.uuid}`].sort(),
    );
    for (const person of [us0, w.people.ug]) {
      const mails = await remindersTo(person.email, 'Cierre de mayo');
      expect(mails, person.email).toHaveLength(1);
      const body = bodyOf(mails[0] as CapturedMail);
      // In the firm's branding, on its own domain, with what is missing and by when.
      expect(body).toContain('#7A1F5C');
      expect(body).toContain(`${w.P.custom_portal_url}/requests/${R1}`);
      expect(body).toContain('Vence el 15-06-2027, en 3 días.');
      expect(body).toContain('Quedan 2 documentos por entregar.');
      expect(body).toMatch(new RegExp(`${w.P.custom_portal_url}/requests/reminders/unsubscribe/[A-Za-z0-9_-]{40,}`));
    }
    // Not the other societies' people, not the cancelled request's, not another firm's, not the admins.
    expect(await remindersTo(us1.email, 'Cierre de mayo')).toEqual([]);
    expect(await remindersTo(us2.email, 'Cancelada de mayo')).toEqual([]);
    for (const person of [w.people.usQ, w.people.us2, w.people.paP, w.people.gaG]) {
      expect(await allMailTo(person.email), person.email).toEqual([]);
    }
    expect((await claimsOf(R3)).size).toBe(0);
  });

  test('on the due date and every N days after, not on the days between; a person who turns them off gets none', async () => {
    const us0 = w.people.clients[0] as { email: string };
    const us1 = w.people.clients[1] as { email: string };
    // The group's client turns reminders off in its profile; its profile says so.
    const off = await call(requests.putRequestReminderPreference, { token: w.tokens.ug, body: { reminders: false } });
    expect([off.status, off.body]).toEqual([200, { reminders: false }]);
    const info = await call(auth.getUserInfo, { token: w.tokens.ug });
    expect(info.body.profile.request_reminders).toBe(false);

    for (const day of ['2027-06-13', '2027-06-14']) await runReminders(at(day));
    expect(await remindersTo(us0.email, 'Cierre de mayo')).toHaveLength(1);

    await runReminders(at('2027-06-15'));
    const onDue = await remindersTo(us0.email, 'Cierre de mayo');
    expect(onDue).toHaveLength(2);
    expect(bodyOf(onDue.at(-1) as CapturedMail)).toContain('Vence hoy, 15-06-2027.');
    const r2 = await remindersTo(us1.email, 'Remuneraciones de mayo');
    expect(r2).toHaveLength(1);

    // R2 every 2 days (06-17), R1 every 4 (06-19): nothing of R1 on 06-16 to 06-18.
    for (const day of ['2027-06-16', '2027-06-17', '2027-06-18']) await runReminders(at(day));
    expect(await remindersTo(us0.email, 'Cierre de mayo')).toHaveLength(2);
    expect(await remindersTo(us1.email, 'Remuneraciones de mayo')).toHaveLength(2);
    await runReminders(at('2027-06-19'));
    const after = await remindersTo(us0.email, 'Cierre de mayo');
    expect(after).toHaveLength(3);
    expect(bodyOf(after.at(-1) as CapturedMail)).toContain('Venció el 15-06-2027, hace 4 días.');
    // The group's client got only the first one, before it turned them off.
    expect(await remindersTo(w.people.ug.email, 'Cierre de mayo')).toHaveLength(1);
    expect(await remindersTo(w.people.ug.email, 'Remuneraciones de mayo')).toEqual([]);
  });

  test('the mail’s unsubscribe link stops a person’s reminders; completion and cancellation stop a request’s', async () => {
    const us0 = w.people.clients[0] as { email: string; uuid: string };
    const us1 = w.people.clients[1] as { email: string };
    // R2's client unsubscribes through its last mail's link (signed out), twice: the second answers the same.
    const mail = (await remindersTo(us1.email, 'Remuneraciones de mayo')).at(-1) as CapturedMail;
    const token = /\/requests\/reminders\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(mail.body.text ?? '')?.[1] as string;
    for (let i = 0; i < 2; i += 1) {
      const gone = await call(requests.unsubscribeRequestReminders, { body: { token } });
      expect(gone.status).toBe(200);
    }
    const forged = await call(requests.unsubscribeRequestReminders, { body: { token: `${token.slice(0, -4)}AAAA` } });
    expect([forged.status, forged.body.code]).toEqual([400, 'INVALID_TOKEN']);
    // R1 is completed (its client answers each item, the firm accepts each): its row goes with it.
    await endThroughApi(R1, 'COMPLETE', w.tokens.us0);

    for (const day of ['2027-06-20', '2027-06-21', '2027-06-22', '2027-06-23', '2027-06-24']) {
      await runReminders(at(day));
    }
    expect(await remindersTo(us1.email, 'Remuneraciones de mayo')).toHaveLength(3);
    expect(await remindersTo(us0.email, 'Cierre de mayo')).toHaveLength(3);
    const r2Claims = await claimsOf(R2);
    // R2 kept its days (06-21, 06-23) but nobody is left to remind.
    expect([...r2Claims.keys()].filter((k) => k > '2027-06-20')).toEqual([]);

    // Turned on again from the profile, the client is reminded on R2's next day; then R2 is cancelled: nothing more.
    const us1Token = (await signIn(us1.email)).access;
    expect(
      (await call(requests.putRequestReminderPreference, { token: us1Token, body: { reminders: true } })).status,
    ).toBe(200);
    await runReminders(at('2027-06-25'));
    expect(await remindersTo(us1.email, 'Remuneraciones de mayo')).toHaveLength(4);
    await endThroughApi(R2, 'CANCELLED', us1Token);
    for (const day of ['2027-06-27', '2027-06-29']) await runReminders(at(day));
    expect(await remindersTo(us1.email, 'Remuneraciones de mayo')).toHaveLength(4);
    expect(us0.uuid).toBeTruthy();
  });

  test('an address on the suppression list (a hard bounce) is not mailed; its claim says so', async () => {
    const us2 = w.people.clients[2] as { email: string; uuid: string };
    const R4 = await makeRequest(
      w.S[2] as string,
      'Cartolas de junio',
      { before_days: [1], on_due: false, after_every_days: null },
      '2027-07-05',
    );
    const { suppressAddress } = await import('../../functions/lib/data/suppression');
    await suppressAddress({ email: us2.email, reason: 'BOUNCE', detail: 'Permanent', reported_at: '' });
    await runReminders(at('2027-07-03'));
    expect((await claimsOf(R4)).size).toBe(0);
    await runReminders(at('2027-07-04'));
    expect(await remindersTo(us2.email, 'Cartolas de junio')).toEqual([]);
    expect([...(await claimsOf(R4)).entries()]).toEqual([[`2027-07-04#${us2.uuid}`, 'SUPPRESSED']]);
  });
});
