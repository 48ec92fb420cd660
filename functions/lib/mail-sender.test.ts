import { describe, expect, it } from 'vitest';
import type { MailIdentityRecord } from './data/mail-identities';
import { type MailingProject, mailDomainOf, senderFor, withDisplayName } from './mail-sender';

const PORTAL = 'no-reply@portal.cl';
const firm: MailingProject = {
  uuid: 'p-1',
  project_name: 'Estudio Andes',
  contact_email: 'contacto@andes.cl',
  custom_portal_url: 'https://Clientes.Andes.cl/',
};
const identity = (fields: Partial<MailIdentityRecord>): MailIdentityRecord => ({
  project_uuid: 'p-1',
  domain: 'clientes.andes.cl',
  status: 'VERIFIED',
  dns_records: [],
  adopted: false,
  created: '2026-01-01T00:00:00Z',
  checked: '2026-01-01T00:00:00Z',
  ...fields,
});

/** Decodes RFC 2047 B-encoded words, as a mail client shows them. */
const decoded = (header: string) =>
  header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));

describe('senderFor', () => {
  it("sends a firm's mail as the firm from the portal's sender, replies to the firm's contact", () => {
    expect(senderFor(PORTAL, firm, undefined)).toEqual({
      from: '"Estudio Andes" <no-reply@portal.cl>',
      replyTo: 'contacto@andes.cl',
    });
  });

  it("uses the firm's own domain only once it is verified for the host the project still has", () => {
    expect(senderFor(PORTAL, firm, identity({})).from).toBe('"Estudio Andes" <no-reply@clientes.andes.cl>');
    for (const status of ['PENDING', 'FAILED', 'TEMPORARY_FAILURE'] as const) {
      expect(senderFor(PORTAL, firm, identity({ status })).from, status).toBe('"Estudio Andes" <no-reply@portal.cl>');
    }
    // Verified for the domain the firm had before: not the one it has now.
    expect(senderFor(PORTAL, firm, identity({ domain: 'portal.andes.cl' })).from).toContain('<no-reply@portal.cl>');
    expect(senderFor(PORTAL, { ...firm, custom_portal_url: null }, identity({})).from).toContain(
      '<no-reply@portal.cl>',
    );
  });

  it('without a contact the reply goes to the sender; an explicit Reply-To wins; no firm, no display name', () => {
    expect(senderFor(PORTAL, { ...firm, contact_email: null }, undefined)).toEqual({
      from: '"Estudio Andes" <no-reply@portal.cl>',
    });
    expect(senderFor(PORTAL, firm, undefined, 'cliente@x.cl').replyTo).toBe('cliente@x.cl');
    expect(senderFor(PORTAL, null, undefined)).toEqual({ from: PORTAL });
    expect(senderFor(PORTAL, undefined, undefined, 'visita@x.cl')).toEqual({ from: PORTAL, replyTo: 'visita@x.cl' });
  });
});

describe('withDisplayName', () => {
  it('quotes an ASCII name and escapes its quotes and backslashes', () => {
    expect(withDisplayName('Pérez', 'a@b.cl')).not.toContain('Pérez');
    expect(withDisplayName('Audit "Sur" \\ Co', 'a@b.cl')).toBe('"Audit \\"Sur\\" \\\\ Co" <a@b.cl>');
  });

  it('encodes a name outside ASCII as RFC 2047 words of at most 75 characters that decode to the name', () => {
    const name = 'Auditores Asociados Ñuñoa y Compañía Limitada — Contabilidad, Tributación y Auditoría';
    const header = withDisplayName(name, 'a@b.cl');
    expect(header.endsWith(' <a@b.cl>')).toBe(true);
    const words = header.replace(/ <a@b\.cl>$/, '').split(' ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) {
      expect(word).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
      expect(word.length).toBeLessThanOrEqual(75);
    }
    expect(decoded(header.replace(/ <a@b\.cl>$/, ''))).toBe(name);
  });

  it('drops line breaks and controls, so a name cannot add a header; an empty name leaves the address', () => {
    expect(withDisplayName('Firma\r\nBcc: x@y.cl', 'a@b.cl')).toBe('"Firma Bcc: x@y.cl" <a@b.cl>');
    expect(withDisplayName(' \n ', 'a@b.cl')).toBe('a@b.cl');
  });
});

describe('mailDomainOf', () => {
  it("is the lower-cased host of the firm's portal URL, or nothing", () => {
    expect(mailDomainOf('https://Clientes.Andes.cl/')).toBe('clientes.andes.cl');
    expect(mailDomainOf(null)).toBeUndefined();
    expect(mailDomainOf('no es url')).toBeUndefined();
  });
});
