import { beforeAll, describe, expect, inject, test } from 'vitest';
import { askChatbot } from '../../shared/contracts/chatbot';
import * as registration from '../../shared/contracts/registration';
import { call, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { newEmail } from '../helpers/fresh';
import { invokeInProcess } from '../helpers/in-process';
import { allMailTo, type CapturedMail, tokenFrom, waitForMail } from '../helpers/mail';
import { exhaust, freshFirm } from '../helpers/quota-firm';

/**
 * Mail without limits, tried as an admin of one firm would: resending one invitation in a
 * loop, and importing a CSV whose every row is mailed inside the request.
 */
let projectAdmin: string;

beforeAll(async () => {
  projectAdmin = (await signIn('proyecto@demo.cl')).access;
});

describe('finding 6: mail without limits', () => {
  test('25 resends in a row of one invitation do not send 26 mails: the cooldown answers 429 RESEND_COOLDOWN', async () => {
    const { demo } = inject('portal');
    const email = newEmail('cuota');
    const invited = await call(registration.generateInvitation, {
      token: projectAdmin,
      body: { user_role: 'USER_SOCIETY', email, society: [demo.societies.minera] },
    });
    expect(invited.status).toBe(201);
    await waitForMail(email, 'Invitación');
    const answers: Array<{ status: number; body: Record<string, unknown> }> = [];
    for (let i = 0; i < 25; i++) {
      answers.push(
        await call(registration.resendInvitation, { token: projectAdmin, params: { id: invited.body.uuid } }),
      );
    }
    // The first resend goes at once (the invitee says the first mail never came); the others wait for the cooldown.
    expect(answers[0]?.status).toBe(200);
    const refused = answers.slice(1);
    expect(refused.map((a) => a.status)).toEqual(Array(24).fill(429));
    for (const answer of refused) {
      expect(answer.body.code).toBe('RESEND_COOLDOWN');
      expect(answer.body.remaining_time).toBeGreaterThan(0);
      expect(answer.body.remaining_time).toBeLessThanOrEqual(10 * 60);
    }
    await waitForMail(email, 'Invitación');
    expect(await allMailTo(email)).toHaveLength(2);
  });

  test('a CSV of N rows is not mailed inside the request: its mails are queued, then each sent once', async () => {
    const { ses } = await import('../../functions/lib/aws/ses');
    const emails = Array.from({ length: 12 }, () => newEmail('cuota'));
    const csv = [
      'email,first_name,last_name,rut_user,user_role,project,group,society',
      ...emails.map((email) => `${email},Ana,Pérez,,USER_GROUP,Contadores Andes,Grupo Norte,`),
    ].join('\n');
    const form = new FormData();
    form.append('file_csv', new Blob([csv], { type: 'text/csv' }), 'usuarios.csv');
    const { importUsersCsv } = registration;
    const sent: string[] = [];
    const stop = ses.onSend((operation) => {
      sent.push(operation);
    });
    const answer = await invokeInProcess(importUsersCsv, { token: projectAdmin, form }).finally(stop);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ created: 12, failed: 0, mails_queued: 12 });
    expect(sent, 'mails sent inside the request').toEqual([]);
    for (const email of emails) await waitForMail(email, 'Invitación');
    for (const email of emails) expect(await allMailTo(email), email).toHaveLength(1);
  });
});

const invitationsTo = async (token: string, email: string) =>
  (await call(registration.listInvitations, { token, query: { search: email } })).body.count;

/**
 * Runs `work` with the server's clock (this process's, functions/lib/clock.ts) pinned one second into the current
 * window of `windowSeconds`, so a test that fills a window and then calls cannot straddle its end: the calls under test
 * go in-process, on this clock.
 */
async function inOneWindow<T>(windowSeconds: number, work: () => Promise<T>): Promise<T> {
  const { setClockOffset } = await import('../../functions/lib/clock');
  const now = Date.now();
  setClockOffset(Math.floor(now / 1000 / windowSeconds) * windowSeconds * 1000 + 1000 - now);
  try {
    return await work();
  } finally {
    setClockOffset(0);
  }
}
const DAY = 86_400;
const HOUR = 3600;

describe('mail quotas', () => {
  test('after the cooldown the invitation may be resent again (clock moved forward); refused resends kept the live link', async () => {
    const { demo } = inject('portal');
    const email = newEmail('cuota');
    const invited = await call(registration.generateInvitation, {
      token: projectAdmin,
      body: { user_role: 'USER_SOCIETY', email, society: [demo.societies.minera] },
    });
    await waitForMail(email, 'Invitación');
    expect(
      (await call(registration.resendInvitation, { token: projectAdmin, params: { id: invited.body.uuid } })).status,
    ).toBe(200);
    const live = tokenFrom((await allMailTo(email))[1] as CapturedMail, 'register');
    const refused = await call(registration.resendInvitation, {
      token: projectAdmin,
      params: { id: invited.body.uuid },
    });
    expect(refused.status).toBe(429);
    // Refused: nothing changed, the link of the last mail still opens the registration.
    expect((await call(registration.verifyInvitation, { query: { token: live } })).status).toBe(200);
    const { setClockOffset } = await import('../../functions/lib/clock');
    const { RESEND_COOLDOWN_SECONDS } = await import('../../functions/lib/data/quotas');
    try {
      setClockOffset((RESEND_COOLDOWN_SECONDS - 5) * 1000);
      const early = await invokeInProcess(registration.resendInvitation, {
        token: projectAdmin,
        params: { id: invited.body.uuid },
      });
      expect(early.status).toBe(429);
      expect(early.body.remaining_time).toBeLessThanOrEqual(5);
      setClockOffset((RESEND_COOLDOWN_SECONDS + 1) * 1000);
      const later = await invokeInProcess(registration.resendInvitation, {
        token: projectAdmin,
        params: { id: invited.body.uuid },
      });
      expect(later.status).toBe(200);
    } finally {
      setClockOffset(0);
    }
    expect(await allMailTo(email)).toHaveLength(3);
    expect((await call(registration.verifyInvitation, { query: { token: live } })).status).toBe(400);
  });

  test("an admin's daily cap answers 429 MAIL_QUOTA_EXCEEDED with the wait, and a refused invitation or CSV writes nothing", async () => {
    const firm = await freshFirm();
    const email = newEmail('cuota');
    await inOneWindow(DAY, async () => {
      await exhaust('MAIL_ADMIN', firm.admin.uuid);
      const refused = await invokeInProcess(registration.generateInvitation, {
        token: firm.admin.token,
        body: { user_role: 'USER_GROUP', email, group: [firm.group] },
      });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('MAIL_QUOTA_EXCEEDED');
      // Pinned one second into the day (the clock then runs): the wait is the rest of it.
      expect(refused.body.remaining_time).toBeGreaterThan(DAY - 120);
      expect(refused.body.remaining_time).toBeLessThan(DAY);
      const { messageForError } = await import('../../shared/i18n/error-messages');
      expect(messageForError({ ...refused.body, status: 429 })).toMatch(
        /^Se alcanzó el límite diario de correos de invitación\. Podrás enviar más en (24 horas|23 horas y \d+ minutos?)\.$/,
      );
      const form = new FormData();
      const csv = `email,first_name,last_name,user_role,project,group\n${email},Ana,Pérez,USER_GROUP,,\n`;
      form.append('file_csv', new Blob([csv], { type: 'text/csv' }), 'usuarios.csv');
      const imported = await invokeInProcess(registration.importUsersCsv, { token: firm.admin.token, form });
      expect(imported.status).toBe(429);
      expect(imported.body.code).toBe('MAIL_QUOTA_EXCEEDED');
    });
    expect(await invitationsTo(firm.superAdmin, email)).toBe(0);
    expect(await allMailTo(email)).toEqual([]);
  });

  test("a firm's daily cap holds whoever invites into it (the SUPER_ADMIN too), other firms unaffected", async () => {
    const firm = await freshFirm();
    const { demo } = inject('portal');
    const email = newEmail('cuota');
    await inOneWindow(DAY, async () => {
      await exhaust('MAIL_PROJECT', firm.project);
      const refused = await invokeInProcess(registration.generateInvitation, {
        token: firm.superAdmin,
        body: { user_role: 'USER_GROUP', email, group: [firm.group] },
      });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('MAIL_QUOTA_EXCEEDED');
      // Another firm invites as before.
      const elsewhere = await invokeInProcess(registration.generateInvitation, {
        token: firm.superAdmin,
        body: { user_role: 'USER_GROUP', email, group: [demo.groups.norte] },
      });
      expect(elsewhere.status).toBe(201);
    });
    const listed = await call(registration.listInvitations, { token: firm.superAdmin, query: { search: email } });
    expect(listed.body.results.map((i) => i.group)).toEqual([[demo.groups.norte]]);
  });
});

describe('suppression', () => {
  /** An SES event-publishing record as SNS delivers it (the configuration set's event destination). */
  const snsOf = (event: object) => ({
    Records: [{ EventSource: 'aws:sns', Sns: { Type: 'Notification', Message: JSON.stringify(event) } }],
  });
  const bounce = (email: string, bounceType: 'Permanent' | 'Transient') => ({
    eventType: 'Bounce',
    bounce: {
      feedbackId: '0100018f-bounce',
      bounceType,
      bounceSubType: bounceType === 'Permanent' ? 'General' : 'MailboxFull',
      bouncedRecipients: [
        { emailAddress: email, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1' },
      ],
      timestamp: '2025-05-02T12:00:01.000Z',
      reportingMTA: 'dns; a1-2.smtp-out.amazonses.com',
    },
    mail: {
      timestamp: '2025-05-02T12:00:00.000Z',
      source: 'no-reply@portal.cl',
      messageId: '0100018f-message',
      destination: [email],
    },
  });

  test('a permanent bounce (SNS) or a complaint (EventBridge) suppresses the address: its invitation is not mailed, marked failed', async () => {
    await tableAccess();
    const { handler } = await import('../../functions/external/ses-events');
    const { demo } = inject('portal');
    const bounced = newEmail('cuota');
    const complained = newEmail('cuota');
    const softBounced = newEmail('cuota');
    expect(await handler(snsOf(bounce(bounced, 'Permanent')))).toEqual({ suppressed: 1 });
    expect(await handler(snsOf(bounce(softBounced, 'Transient')))).toEqual({ suppressed: 0 });
    const complaint = {
      version: '0',
      source: 'aws.ses',
      'detail-type': 'Email Complaint Received',
      detail: {
        eventType: 'Complaint',
        complaint: {
          complainedRecipients: [{ emailAddress: complained.toUpperCase() }],
          complaintFeedbackType: 'abuse',
          timestamp: '2025-05-02T12:05:00.000Z',
        },
        mail: { timestamp: '2025-05-02T12:00:00.000Z', destination: [complained] },
      },
    };
    expect(await handler(complaint)).toEqual({ suppressed: 1 });

    for (const email of [bounced, complained]) {
      const invited = await call(registration.generateInvitation, {
        token: projectAdmin,
        body: { user_role: 'USER_SOCIETY', email, society: [demo.societies.minera] },
      });
      expect(invited.status).toBe(201);
      expect(invited.body.status, email).toBe('SEND_FAILED');
      expect(await allMailTo(email), email).toEqual([]);
    }
    // A full mailbox is no reason to stop writing.
    const soft = await call(registration.generateInvitation, {
      token: projectAdmin,
      body: { user_role: 'USER_SOCIETY', email: softBounced, society: [demo.societies.minera] },
    });
    expect(soft.body.status).toBe('PENDING');
    await waitForMail(softBounced, 'Invitación');
  });
});

describe('chatbot quotas', () => {
  const ask = (token: string) => invokeInProcess(askChatbot, { token, body: { question: 'F29' } });

  test('per user: the 31st question within the hour answers 429 QUOTA_EXCEEDED and spends nothing', async () => {
    const firm = await freshFirm();
    const user = await createTestUser('USER_SOCIETY', [firm.project]);
    const token = (await signIn(user.email)).access;
    const { QUOTAS, quotaLeft } = await import('../../functions/lib/data/quotas');
    await inOneWindow(HOUR, async () => {
      for (let i = 0; i < QUOTAS.CHATBOT_USER.max; i++) expect((await ask(token)).status).toBe(200);
      const before = await quotaLeft('CHATBOT_PROJECT', firm.project);
      const refused = await ask(token);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('QUOTA_EXCEEDED');
      // The hour began a second before the first question (the clock is pinned, then runs): nearly all of it is left.
      expect(refused.body.remaining_time).toBeGreaterThan(HOUR - 120);
      expect(refused.body.remaining_time).toBeLessThan(HOUR);
      // The refusal spent none of the firm's quota.
      expect((await quotaLeft('CHATBOT_PROJECT', firm.project)).left).toBe(before.left);
    });
  });

  test("per firm: a spent firm refuses all its people, while another firm's people still ask", async () => {
    const firm = await freshFirm();
    const user = await createTestUser('USER_SOCIETY', [firm.project]);
    const token = (await signIn(user.email)).access;
    const other = (await signIn('sociedad@demo.cl')).access;
    const { QUOTAS, quotaLeft } = await import('../../functions/lib/data/quotas');
    await inOneWindow(DAY, async () => {
      await exhaust('CHATBOT_PROJECT', firm.project);
      const refused = await ask(token);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('QUOTA_EXCEEDED');
      // Nothing of the user's own quota was taken by the refused call.
      expect((await quotaLeft('CHATBOT_USER', user.uuid)).left).toBe(QUOTAS.CHATBOT_USER.max);
      expect((await ask(other)).status).toBe(200);
    });
  });
});
