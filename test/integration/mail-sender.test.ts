import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { postContactEmail } from '../../shared/contracts/external';
import * as projects from '../../shared/contracts/projects';
import * as registration from '../../shared/contracts/registration';
import { call, signIn } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { allMailTo, type CapturedMail, waitForMail } from '../helpers/mail';

/**
 * Who a firm's mail comes from, read from aws-ses-v2-local's store: the firm's name as display name and its contact as
 * Reply-To, from the portal's sender until the firm's own domain is verified, then from that domain; a mail of no firm
 * from the portal's sender alone; nothing at all when the deployment has no sender.
 */
const portalSender = () => inject('portal').env.MAIL_FROM as string;

/** The From header as a mail client shows it: RFC 2047 words decoded (the space between two words dropped), unquoted. */
const shownFrom = (mail: CapturedMail) =>
  mail.from
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'))
    .replace(/^"(.*)" </, '$1 <');

let superAdmin: string;
beforeAll(async () => {
  superAdmin = (await signIn('superadmin@demo.cl')).access;
});

async function firm(fields: { contact_email?: string; custom_portal_url?: string }) {
  const tag = randomUUID().slice(0, 8);
  const created = await call(projects.createProject, {
    token: superAdmin,
    body: {
      project_name: `Auditores Ñuñoa ${tag}`,
      client_name: 'Cliente SpA',
      associated_service_description: 'Auditoría',
      service_description: 'Portal',
      ...fields,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { uuid: created.body.uuid as string, name: `Auditores Ñuñoa ${tag}` };
}

async function invitationMail(project: string) {
  const email = `remitente-${randomUUID().slice(0, 8)}@prueba.cl`;
  const invited = await call(registration.generateInvitation, {
    token: superAdmin,
    body: { user_role: 'PROJECT_ADMIN', email, project: [project] },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  return waitForMail(email, 'Invitación');
}

describe("a firm's mail", () => {
  test("comes as the firm from the portal's sender, with the firm's contact as Reply-To", async () => {
    const { uuid, name } = await firm({ contact_email: `contacto-${randomUUID().slice(0, 8)}@estudio.cl` });
    const mail = await invitationMail(uuid);
    expect(shownFrom(mail)).toBe(`${name} <${portalSender()}>`);
    // Not ASCII: sent as encoded words, as SES requires.
    expect(mail.from).toMatch(/^=\?UTF-8\?B\?/);
    expect(mail.replyTo).toEqual([expect.stringMatching(/^contacto-.*@estudio\.cl$/)]);
  });

  test('without a contact of its own, replies go to the sender (no Reply-To)', async () => {
    const { uuid, name } = await firm({});
    const mail = await invitationMail(uuid);
    expect(shownFrom(mail)).toBe(`${name} <${portalSender()}>`);
    expect(mail.replyTo ?? []).toEqual([]);
  });

  test("comes from the firm's own domain once verified, and from the portal's again when the domain changes", async () => {
    const host = `clientes-${randomUUID().slice(0, 8)}.estudio.cl`;
    const { uuid, name } = await firm({ custom_portal_url: `https://${host}`, contact_email: 'socios@estudio.cl' });
    await tableAccess();
    const { setFirmMailDomain } = await import('../../functions/lib/mail-identity');
    const { getMailIdentity, putMailIdentity } = await import('../../functions/lib/data/mail-identities');
    // Created with the firm's domain: pending until SES sees the DKIM records (never, locally).
    const view = await setFirmMailDomain(uuid, `https://${host}`);
    expect(view).toMatchObject({ domain: host, status: 'PENDING' });
    expect(view?.dns_records.map((r) => [r.name.endsWith(`._domainkey.${host}`), r.type])).toEqual([
      [true, 'CNAME'],
      [true, 'CNAME'],
      [true, 'CNAME'],
    ]);
    const local = portalSender().split('@')[0];
    expect(shownFrom(await invitationMail(uuid))).toBe(`${name} <${portalSender()}>`);

    // As SES would answer once the records are published (no DNS locally): the stored status turns VERIFIED.
    const stored = await getMailIdentity(uuid);
    await putMailIdentity({ ...(stored as NonNullable<typeof stored>), status: 'VERIFIED' });
    const own = await invitationMail(uuid);
    expect(shownFrom(own)).toBe(`${name} <${local}@${host}>`);
    expect(own.replyTo).toEqual(['socios@estudio.cl']);

    // The firm moves to another host: the verified identity is of the old one, so the portal's sender again.
    const moved = await call(projects.patchProject, {
      token: superAdmin,
      params: { uuid },
      body: { custom_portal_url: `https://nuevo-${host}` },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(shownFrom(await invitationMail(uuid))).toBe(`${name} <${portalSender()}>`);
  });
});

describe('a mail of no firm', () => {
  test("the landing's contact message comes from the portal's sender, Reply-To the visitor", async () => {
    const subject = `Remitente ${randomUUID().slice(0, 8)}`;
    const sent = await call(postContactEmail, {
      body: { email: 'visita@empresa.cl', subject, description: 'Hola' },
      ip: `10.201.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
    });
    expect(sent.status).toBe(200);
    const env = inject('portal').env;
    const mail = await waitForMail((env.CONTACT_EMAIL || env.MAIL_FROM) as string, subject);
    expect(mail.from).toBe(portalSender());
    expect(mail.replyTo).toEqual(['visita@empresa.cl']);
  });
});

describe('a deployment without a sender', () => {
  test('sends nothing and says so (false), instead of failing the request', async () => {
    await tableAccess();
    const { sendMail } = await import('../../functions/lib/email');
    const to = `sin-remitente-${randomUUID().slice(0, 8)}@prueba.cl`;
    const saved = process.env.MAIL_FROM;
    delete process.env.MAIL_FROM;
    try {
      expect(await sendMail(to, 'Sin remitente', { html: '<p>x</p>', text: 'x' })).toBe(false);
    } finally {
      process.env.MAIL_FROM = saved;
    }
    expect(await sendMail(to, 'Con remitente', { html: '<p>x</p>', text: 'x' })).toBe(true);
    const mails = await allMailTo(to);
    expect(mails.map((m) => m.subject)).toEqual(['Con remitente']);
  });
});
