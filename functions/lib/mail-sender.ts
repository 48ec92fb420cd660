import type { MailIdentityRecord } from './data/mail-identities';
import { hostOf } from './url-host';

/** What a firm's mail is sent as: the part of a project sendMail reads. */
export interface MailingProject {
  uuid: string;
  project_name: string;
  contact_email: string | null;
  custom_portal_url: string | null;
}

export interface MailSender {
  /** The From header: a display name and an address. */
  from: string;
  replyTo?: string;
}

/**
 * The host a firm's mail may come from: the host of its own portal URL. The firm proves it controls exactly that
 * host (DKIM records under it), so no registrable domain is guessed.
 */
export function mailDomainOf(customPortalUrl: string | null | undefined): string | undefined {
  return hostOf(customPortalUrl) ?? undefined;
}

/**
 * Who a mail comes from, decided once for every mail. A firm's mail carries the firm's name and its contact as Reply-To;
 * it comes from the firm's own domain (the portal's local part, `no-reply@portal.estudio.cl`) once SES verified that
 * domain for the host the project still has, else from the portal's sender. Without a firm, the portal's sender alone.
 */
export function senderFor(
  portalSender: string,
  project: MailingProject | null | undefined,
  identity: MailIdentityRecord | undefined,
  replyTo?: string,
): MailSender {
  if (!project) return { from: portalSender, ...(replyTo && { replyTo }) };
  const domain = mailDomainOf(project.custom_portal_url);
  const own = identity?.status === 'VERIFIED' && domain !== undefined && identity.domain === domain;
  const address = own ? `${portalSender.split('@')[0]}@${domain}` : portalSender;
  const reply = replyTo || project.contact_email || undefined;
  return { from: withDisplayName(project.project_name, address), ...(reply && { replyTo: reply }) };
}

/** Longest run of UTF-8 bytes per encoded word: its base64 (60 characters) plus `=?UTF-8?B??=` stays within 75. */
const WORD_BYTES = 45;

/**
 * `"Name" <address>`; a name with characters outside printable ASCII as RFC 2047 encoded words, as SES requires.
 * Line breaks and other controls are dropped first: a firm's name must not add a header.
 */
export function withDisplayName(name: string, address: string): string {
  const clean = name
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) return address;
  if (/^[\x20-\x7e]*$/.test(clean)) return `"${clean.replace(/["\\]/g, '\\$&')}" <${address}>`;
  const words: string[] = [];
  let chunk = '';
  for (const character of clean) {
    if (Buffer.byteLength(chunk + character) > WORD_BYTES) {
      words.push(chunk);
      chunk = '';
    }
    chunk += character;
  }
  words.push(chunk);
  return `${words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join(' ')} <${address}>`;
}
