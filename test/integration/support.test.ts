import { randomUUID } from 'node:crypto';
import { beforeAll, expect, inject, test } from 'vitest';
import {
  listMySupportTickets,
  listSupportTickets,
  patchSupportTicket,
  postSupportTicket,
} from '../../shared/contracts/external';
import { messageForError } from '../../shared/i18n/error-messages';
import { call, signIn } from '../helpers/api';
import { createTestUser } from '../helpers/db';
import { allMailTo, bodyOf, waitForMail, waitForMailWhere } from '../helpers/mail';

/**
 * Support tickets: stored with user, project and time, mailed to the project's contact e-mail; listed,
 * closed and reopened by SUPER_ADMIN (all) and PROJECT_ADMIN (its projects only); anything else 403 or 404; a few an
 * hour per user.
 */
const PROJECT_CONTACT = 'contacto@andes.demo.cl';
let sender: string;
let projectAdmin: string;
let otherProjectAdmin: string;
let superAdmin: string;
let groupAdmin: string;

beforeAll(async () => {
  const { pacifico } = inject('portal').demo.projects;
  const other = await createTestUser('PROJECT_ADMIN', [pacifico]);
  const tokens = await Promise.all(
    ['sociedad@demo.cl', 'proyecto@demo.cl', other.email, 'superadmin@demo.cl', 'grupo@demo.cl'].map(
      async (email) => (await signIn(email)).access,
    ),
  );
  [sender, projectAdmin, otherProjectAdmin, superAdmin, groupAdmin] = tokens as [
    string,
    string,
    string,
    string,
    string,
  ];
}, 60_000);

const uniqueSubject = () => `Consulta ${randomUUID().slice(0, 8)}`;

async function sendTicket(subject = uniqueSubject()) {
  const answer = await call(postSupportTicket, {
    token: sender,
    body: { subject, description: 'No puedo ver mi balance de octubre.' },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

const listAs = (token: string, query: Record<string, string | number> = {}) =>
  call(listSupportTickets, { token, query: { limit: 100000, ...query } });

test('a ticket is stored with its user, project and time, and mailed to the project contact', async () => {
  const subject = uniqueSubject();
  const before = Date.now();
  const ticket = await sendTicket(subject);
  expect(ticket).toMatchObject({
    subject,
    status: 'OPEN',
    closed: null,
    user: { email: 'sociedad@demo.cl', first_name: 'Sara' },
    project: { uuid: inject('portal').demo.projects.andes, project_name: 'Contadores Andes' },
  });
  expect(Date.parse(ticket.created)).toBeGreaterThanOrEqual(before - 1000);
  const mail = await waitForMail(PROJECT_CONTACT, subject);
  expect(mail.body.text).toContain('No puedo ver mi balance de octubre.');
  expect(mail.body.text).toContain('sociedad@demo.cl');
  expect(mail.body.text).toContain(ticket.uuid);
});

test.each([
  ['a description of 3 characters', { subject: 'Hola', description: 'abc' }, 'description'],
  ['a description of 1025 characters', { subject: 'Hola', description: 'a'.repeat(1025) }, 'description'],
  ['an empty subject', { subject: '  ', description: 'Una descripción' }, 'subject'],
  ['no subject', { description: 'Una descripción' }, 'subject'],
])('%s answers 400 on that field and stores nothing', async (_, body, field) => {
  // A sender of its own: the firm's lists also hold what files running beside this one send.
  const own = await createTestUser('USER_SOCIETY', [inject('portal').demo.projects.andes]);
  const token = (await signIn(own.email)).access;
  const answer = await call(postSupportTicket, { token, body });
  expect(answer.status).toBe(400);
  expect(Object.keys((answer.body as unknown as { errors: Record<string, unknown> }).errors)).toEqual([field]);
  expect((await call(listMySupportTickets, { token, query: {} })).body.count).toBe(0);
  expect((await listAs(superAdmin, { search: own.email })).body.count).toBe(0);
});

test('the limits themselves are accepted: 4 and 1024 characters', async () => {
  for (const description of ['abcd', 'a'.repeat(1024)]) {
    const answer = await call(postSupportTicket, { token: sender, body: { subject: 'Límite', description } });
    expect(answer.status).toBe(201);
  }
});

test('the project admin lists its project tickets; a project admin of another project sees none of them', async () => {
  const ticket = await sendTicket();
  const own = await listAs(projectAdmin);
  expect(own.status).toBe(200);
  expect(own.body.results.map((t) => t.uuid)).toContain(ticket.uuid);
  expect(own.body.results.every((t) => t.project?.project_name === 'Contadores Andes')).toBe(true);

  const other = await listAs(otherProjectAdmin);
  expect(other.status).toBe(200);
  expect(other.body.results.map((t) => t.uuid)).not.toContain(ticket.uuid);
  expect(JSON.stringify(other.body)).not.toContain(ticket.uuid);

  const all = await listAs(superAdmin, { search: ticket.subject });
  expect(all.body.results.map((t) => t.uuid)).toEqual([ticket.uuid]);
});

test('closing: out of scope is 404 and changes nothing; in scope it moves between the open and closed lists', async () => {
  const ticket = await sendTicket();
  const foreign = await call(patchSupportTicket, {
    token: otherProjectAdmin,
    params: { uuid: ticket.uuid },
    body: { status: 'CLOSED' },
  });
  expect(foreign.status).toBe(404);
  const stillOpen = await listAs(projectAdmin, { status: 'OPEN', search: ticket.subject });
  expect(stillOpen.body.results.map((t) => t.uuid)).toEqual([ticket.uuid]);

  const closed = await call(patchSupportTicket, {
    token: projectAdmin,
    params: { uuid: ticket.uuid },
    body: { status: 'CLOSED' },
  });
  expect(closed.status).toBe(200);
  expect(closed.body.status).toBe('CLOSED');
  expect(closed.body.closed).not.toBeNull();
  expect((await listAs(projectAdmin, { status: 'OPEN', search: ticket.subject })).body.count).toBe(0);
  expect((await listAs(projectAdmin, { status: 'CLOSED', search: ticket.subject })).body.results[0]?.uuid).toBe(
    ticket.uuid,
  );

  const reopened = await call(patchSupportTicket, {
    token: superAdmin,
    params: { uuid: ticket.uuid },
    body: { status: 'OPEN' },
  });
  expect(reopened.body).toMatchObject({ status: 'OPEN', closed: null });
});

test('other roles may send tickets but not read them; an unknown ticket is 404', async () => {
  expect((await listAs(groupAdmin)).status).toBe(403);
  expect((await listAs(sender)).status).toBe(403);
  const patch = await call(patchSupportTicket, {
    token: groupAdmin,
    params: { uuid: randomUUID() },
    body: { status: 'CLOSED' },
  });
  expect(patch.status).toBe(403);
  const unknown = await call(patchSupportTicket, {
    token: superAdmin,
    params: { uuid: randomUUID() },
    body: { status: 'CLOSED' },
  });
  expect(unknown.status).toBe(404);
  expect((await call(postSupportTicket, { body: { subject: 'x', description: 'abcd' } })).status).toBe(401);
});

test('each user may open 5 tickets an hour: the sixth is 429 with the wait, stores and mails nothing; others still may', async () => {
  const { andes } = inject('portal').demo.projects;
  const [first, second] = await Promise.all([
    createTestUser('USER_SOCIETY', [andes]),
    createTestUser('USER_SOCIETY', [andes]),
  ]);
  const [firstToken, secondToken] = await Promise.all([first, second].map(async (u) => (await signIn(u.email)).access));
  const burst = `Ráfaga ${randomUUID().slice(0, 8)}`;
  const body = { subject: burst, description: 'Otra consulta más.' };
  // A refused body is not counted: the limit is on tickets, not on typing mistakes.
  expect(
    (await call(postSupportTicket, { token: firstToken, body: { subject: burst, description: 'abc' } })).status,
  ).toBe(400);
  for (let i = 0; i < 5; i++) expect((await call(postSupportTicket, { token: firstToken, body })).status).toBe(201);

  const refused = await call(postSupportTicket, { token: firstToken, body });
  expect(refused.status).toBe(429);
  const error = refused.body as unknown as { code: string; remaining_time: number };
  expect(error.code).toBe('TOO_MANY_ATTEMPTS');
  expect(error.remaining_time).toBeGreaterThan(55 * 60);
  // The Spanish text the ticket modal shows for it (shared/i18n/error-messages.ts).
  expect(messageForError({ status: 429, ...error })).toMatch(/^Demasiados intentos\. Por favor, espere \d+:\d\d\.$/);

  expect((await listAs(superAdmin, { search: burst })).body.count).toBe(5);

  // The count is the user's own: another user of the same project is not held back. Its mail, sent after the refused
  // request was answered, is the marker: once it is in, any mail of the refused request would be too.
  expect((await call(postSupportTicket, { token: secondToken, body })).status).toBe(201);
  expect((await listAs(superAdmin, { search: burst })).body.count).toBe(6);
  await waitForMailWhere(
    PROJECT_CONTACT,
    (mail) => mail.subject.includes(burst) && bodyOf(mail).includes(second.email),
  );
  const burstMails = (await allMailTo(PROJECT_CONTACT)).filter((mail) => mail.subject.includes(burst));
  expect(burstMails.filter((mail) => bodyOf(mail).includes(first.email))).toHaveLength(5);
  expect(burstMails).toHaveLength(6);
});
