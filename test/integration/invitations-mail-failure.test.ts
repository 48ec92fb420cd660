import { randomUUID } from 'node:crypto';
import { describe, expect, inject, test } from 'vitest';
import { FAULT_PLAN_HEADER, FAULTS_INJECTED_HEADER, formatPlan } from '../../local/faults';
import { fillPath } from '../../shared/contracts/define';
import * as registration from '../../shared/contracts/registration';
import { call, signIn } from '../helpers/api';
import { allMailTo, tokenFrom, waitForMail } from '../helpers/mail';

/**
 * SES failing (admin-area §3, "Invitations"): an invitation whose mail cannot go is kept, pending and marked
 * SEND_FAILED, for the admin to resend; the resend mails a link that works. SES is faulted on every attempt through
 * the local fault switch (before the request reaches it, so no mail can leave), throttling, 5xx, timeouts and dropped
 * connections alike.
 */
const SES_DOWN = formatPlan({ seed: 7, rate: 1, services: ['ses'], when: ['before'] });

describe('an invitation whose mail fails', () => {
  test('is kept as SEND_FAILED, then a resend mails a working link', async () => {
    const { demo, apiUrl } = inject('portal');
    const admin = (await signIn('proyecto@demo.cl')).access;
    const email = `fallo-ses-${randomUUID().slice(0, 8)}@prueba.cl`;

    const response = await fetch(`${apiUrl}/${fillPath(registration.generateInvitation.path)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${admin}`,
        'x-portal-viewer-ip': '10.61.0.1',
        [FAULT_PLAN_HEADER]: SES_DOWN,
      },
      body: JSON.stringify({ user_role: 'USER_SOCIETY', email, society: [demo.societies.minera] }),
    });
    const invited = (await response.json()) as { uuid: string; status: string; sent: string | null };
    // Every attempt the client made met a fault (three, unless the client's retry budget, shared by the files that
    // run beside this one, is spent), and the answer says the mail did not go.
    const injected = (response.headers.get(FAULTS_INJECTED_HEADER) ?? '').split(' ');
    const sesFaults = injected.filter((fault) => fault.startsWith('ses.SendEmail#'));
    expect(sesFaults.length).toBeGreaterThanOrEqual(1);
    expect(sesFaults.length).toBeLessThanOrEqual(3);
    expect(response.status).toBe(201);
    expect(invited).toMatchObject({ status: 'SEND_FAILED', sent: null });
    // The mail is sent inside the request: with it answered, none went out.
    expect(await allMailTo(email)).toEqual([]);

    // The pending list shows it as failed, for the admin to resend.
    const listed = await call(registration.searchInvitations, { token: admin, query: { search: email } });
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((i) => [i.uuid, i.status])).toEqual([[invited.uuid, 'SEND_FAILED']]);

    const resent = await call(registration.resendInvitation, { token: admin, params: { id: invited.uuid } });
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe('PENDING');
    expect(resent.body.sent).not.toBeNull();
    const mail = await waitForMail(email, 'Invitación');
    expect(await allMailTo(email)).toHaveLength(1);
    const verified = await call(registration.verifyInvitation, { query: { token: tokenFrom(mail, 'register') } });
    expect(verified.status).toBe(200);
    expect(verified.body.email).toBe(email);
    const after = await call(registration.searchInvitations, { token: admin, query: { search: email } });
    expect(after.body.results.map((i) => [i.uuid, i.status])).toEqual([[invited.uuid, 'PENDING']]);
  });
});
