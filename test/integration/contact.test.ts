import { randomUUID } from 'node:crypto';
import { expect, inject, test } from 'vitest';
import { postContactEmail } from '../../shared/contracts/external';
import { call } from '../helpers/api';
import { allMailTo, waitForMail, waitForMailWhere } from '../helpers/mail';

/** The landing contact form: mailed by SES to the firm's contact address, validated, throttled per IP. */
const firmAddress = () => {
  const env = inject('portal').env;
  return env.CONTACT_EMAIL || env.MAIL_FROM;
};

const ip = () => `10.200.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

test("a contact message is mailed to the firm's contact address", async () => {
  const subject = `Demo ${randomUUID().slice(0, 8)}`;
  const answer = await call(postContactEmail, {
    body: { email: 'Visitante@Empresa.cl', subject, description: 'Quiero agendar una demostración.' },
  });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ detail: 'EMAIL_SENT' });
  const mail = await waitForMail(firmAddress() as string, subject);
  expect(mail.body.text).toContain('visitante@empresa.cl');
  expect(mail.body.text).toContain('Quiero agendar una demostración.');
});

test.each([
  [
    'a description of 1025 characters',
    { email: 'a@b.cl', subject: 'Hola', description: 'x'.repeat(1025) },
    'description',
  ],
  ['an empty description', { email: 'a@b.cl', subject: 'Hola', description: '' }, 'description'],
  ['a malformed e-mail', { email: 'no-es-correo', subject: 'Hola', description: 'Hola' }, 'email'],
  ['no subject', { email: 'a@b.cl', description: 'Hola' }, 'subject'],
])('%s answers 400 on that field and sends nothing', async (_, body, field) => {
  const before = (await allMailTo(firmAddress() as string)).length;
  const answer = await call(postContactEmail, { body });
  expect(answer.status).toBe(400);
  expect(Object.keys((answer.body as unknown as { errors: Record<string, unknown> }).errors)).toEqual([field]);
  expect((await allMailTo(firmAddress() as string)).length).toBe(before);
});

test('a description of exactly 1024 characters is accepted', async () => {
  const answer = await call(postContactEmail, {
    body: { email: 'a@b.cl', subject: 'Límite', description: 'x'.repeat(1024) },
  });
  expect(answer.status).toBe(200);
});

test('one address may send 5 messages an hour; the sixth is 429 and sends nothing; another address still may', async () => {
  const from = ip();
  const subject = `Ráfaga ${randomUUID().slice(0, 8)}`;
  const body = { email: 'a@b.cl', subject, description: 'Hola' };
  for (let i = 0; i < 5; i++) expect((await call(postContactEmail, { body, ip: from })).status).toBe(200);
  const refused = await call(postContactEmail, { body, ip: from });
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  expect((refused.body as unknown as { remaining_time: number }).remaining_time).toBeGreaterThan(0);
  // Another address still may; its message, sent after the refusal was answered, is the marker: once it is in, any
  // mail of the refused request would be too.
  const marker = { ...body, email: 'marca@b.cl' };
  expect((await call(postContactEmail, { body: marker, ip: ip() })).status).toBe(200);
  await waitForMailWhere(
    firmAddress() as string,
    (m) => m.subject.includes(subject) && (m.replyTo ?? []).includes(marker.email),
  );
  const sent = (await allMailTo(firmAddress() as string)).filter((m) => m.subject.includes(subject));
  expect(sent.filter((m) => (m.replyTo ?? []).includes(body.email))).toHaveLength(5);
  expect(sent).toHaveLength(6);
});
