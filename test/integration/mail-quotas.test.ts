import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as registration from '../../shared/contracts/registration';
import { call, signIn } from '../helpers/api';
import { invokeInProcess } from '../helpers/in-process';
import { allMailTo, waitForMail } from '../helpers/mail';

/**
 * Finding 6 of issue 21 ("Mail without limits"), tried as an admin of one firm would: resending one invitation in a
 * loop, and importing a CSV whose every row is mailed inside the request.
 */
let projectAdmin: string;

beforeAll(async () => {
  projectAdmin = (await signIn('proyecto@demo.cl')).access;
});

const newEmail = () => `cuota-${randomUUID().slice(0, 8)}@prueba.cl`;

describe('finding 6: mail without limits', () => {
  test('25 resends in a row of one invitation do not send 26 mails: the cooldown answers 429 RESEND_COOLDOWN', async () => {
    const { demo } = inject('portal');
    const email = newEmail();
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
    const emails = Array.from({ length: 12 }, newEmail);
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
