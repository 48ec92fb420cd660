import { expect, test } from 'vitest';
import * as registration from '../../shared/contracts/registration';
import * as users from '../../shared/contracts/users';
import { call, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { newEmail } from '../helpers/fresh';
import { countDynamoCalls, invokeInProcess } from '../helpers/in-process';
import { freshFirm } from '../helpers/quota-firm';

/**
 * An address SES reported (a permanent bounce, a complaint) is shown as such to the admins who see the invitation or
 * the user, read at read time from the suppression list the SES events handler writes; a list page stays within its
 * calls, and another firm's admin learns nothing of either.
 */
const sns = (event: object) => ({
  Records: [{ EventSource: 'aws:sns', Sns: { Type: 'Notification', Message: JSON.stringify(event) } }],
});
const permanentBounce = (email: string, at: string) => ({
  eventType: 'Bounce',
  bounce: {
    bounceType: 'Permanent',
    bounceSubType: 'General',
    bouncedRecipients: [{ emailAddress: email, action: 'failed', status: '5.1.1' }],
    timestamp: at,
  },
  mail: { timestamp: at, messageId: '0100018f-bounce', destination: [email] },
});
const complaint = (email: string, at: string) => ({
  eventType: 'Complaint',
  complaint: {
    complainedRecipients: [{ emailAddress: email.toUpperCase() }],
    complaintFeedbackType: 'abuse',
    timestamp: at,
  },
  mail: { timestamp: at, messageId: '0100018f-complaint', destination: [email] },
});

type Row = { uuid: string; email: string; mail_suppressed?: unknown };
const suppressionOf = (rows: Row[], uuid: string) => rows.find((r) => r.uuid === uuid)?.mail_suppressed;

test('a bounced invitation and a complaining user show it to their firm, within the pages’ calls, and to no other firm', async () => {
  await tableAccess();
  const { handler } = await import('../../functions/external/ses-events');
  const firm = await freshFirm();
  const token = firm.admin.token;
  const invitedEmail = newEmail('rebote');
  const invited = await call(registration.generateInvitation, {
    token,
    body: { user_role: 'USER_GROUP', email: invitedEmail, group: [firm.group] },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  expect(invited.body.mail_suppressed).toBeUndefined();
  const person = await createTestUser('USER_SOCIETY', [firm.project], 'queja');

  // Before any event: nothing is shown.
  const before = await call(registration.listInvitations, { token, query: { limit: '20', offset: '0' } });
  expect(suppressionOf(before.body.results, invited.body.uuid)).toBeUndefined();
  expect((await call(users.getUser, { token, params: { uuid: person.uuid } })).body.mail_suppressed).toBeUndefined();

  expect(await handler(sns(permanentBounce(invitedEmail, '2026-05-02T12:00:01.000Z')))).toEqual({ suppressed: 1 });
  expect(await handler(sns(complaint(person.email, '2026-05-03T08:30:00.000Z')))).toEqual({ suppressed: 1 });

  const bounced = { reason: 'BOUNCE', since: '2026-05-02T12:00:01.000Z' };
  const complained = { reason: 'COMPLAINT', since: '2026-05-03T08:30:00.000Z' };
  // The invitation: on the default page (the sorted index), on a prefix search and on a search anywhere (the
  // directories), each in at most 3 DynamoDB calls.
  for (const query of <Array<Record<string, string>>>[
    { limit: '20', offset: '0' },
    { search: invitedEmail.slice(0, 10), match: 'prefix', limit: '20', offset: '0' },
    { search: invitedEmail, limit: '20', offset: '0' },
  ]) {
    const { calls, result } = await countDynamoCalls(() =>
      invokeInProcess(registration.listInvitations, { token, query }),
    );
    expect(result.status).toBe(200);
    expect(suppressionOf(result.body.results as Row[], invited.body.uuid), JSON.stringify(query)).toEqual(bounced);
    expect(calls, JSON.stringify(query)).toBeLessThanOrEqual(3);
  }
  const searched = await call(registration.searchInvitations, { token, query: { search: invitedEmail } });
  expect(searched.body.results.map((r) => [r.uuid, r.mail_suppressed])).toEqual([[invited.body.uuid, bounced]]);

  // The user: its detail, the users list (default page and a search) and the search twin.
  const detail = await call(users.getUser, { token, params: { uuid: person.uuid } });
  expect(detail.status).toBe(200);
  expect(detail.body.mail_suppressed).toEqual(complained);
  for (const query of <Array<Record<string, string>>>[
    { limit: '20', offset: '0' },
    { search: person.email, limit: '20', offset: '0' },
  ]) {
    const { calls, result } = await countDynamoCalls(() => invokeInProcess(users.listUsers, { token, query }));
    expect(result.status).toBe(200);
    expect(suppressionOf(result.body.results as Row[], person.uuid), JSON.stringify(query)).toEqual(complained);
    expect(calls, JSON.stringify(query)).toBeLessThanOrEqual(3);
  }
  const found = await call(users.searchUsers, { token, query: { search: person.email } });
  expect(found.body.results.map((r) => [r.uuid, r.mail_suppressed])).toEqual([[person.uuid, complained]]);
  // Everyone else on the page shows nothing.
  const page = await call(users.listUsers, { token, query: { limit: '20', offset: '0' } });
  expect(page.body.results.filter((r) => r.mail_suppressed).map((r) => r.uuid)).toEqual([person.uuid]);

  // Another firm's admin: neither the invitation nor the user, so nothing of their addresses.
  const other = (await signIn('proyecto@demo.cl')).access;
  const theirInvitations = await call(registration.searchInvitations, {
    token: other,
    query: { search: invitedEmail },
  });
  expect(theirInvitations.status).toBe(200);
  expect(theirInvitations.body.results).toEqual([]);
  const theirUsers = await call(users.searchUsers, { token: other, query: { search: person.email } });
  expect(theirUsers.body.results).toEqual([]);
  expect((await call(users.getUser, { token: other, params: { uuid: person.uuid } })).status).toBe(404);
});
