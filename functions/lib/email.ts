import { mail } from '../../shared/i18n/es/server';
import { ses } from './aws/ses';
import { SendEmailCommand } from './aws/ses-commands';
import { config } from './config';
import { getEdgeDomain } from './data/edge-domains';
import { getMailIdentity } from './data/mail-identities';
import { isSuppressed } from './data/suppression';
import { logger } from './logger';
import { type MailingProject, senderFor } from './mail-sender';
import { countMetric } from './metrics';
import { hostOf } from './url-host';

export interface Branding {
  project_name: string;
  primary_color: string;
  secondary_color?: string;
}

/** An image sent inside the mail (the project's logo), shown by the HTML as cid:logo. */
export interface MailImage {
  data: Buffer;
  contentType: string;
  fileName: string;
}

export const DEFAULT_BRANDING: Branding = { project_name: 'Portal', primary_color: '#005A9F' };
const LOGO_CID = 'logo';
const HEX = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * A short branded HTML mail with one button, and its plain-text twin (the project's logo, name and both
 * colours). With a logo the header is white with the logo and the name, over a band of the secondary colour.
 */
function layout(
  branding: Branding,
  title: string,
  paragraphs: readonly string[],
  action: { label: string; url: string },
  logo: MailImage | null = null,
  /** A list under the paragraphs (a digest's documents) and a small footer with its own link (unsubscribe). */
  extra: { list?: readonly string[]; footer?: { text: string; label: string; url: string } } = {},
) {
  const color = HEX.test(branding.primary_color) ? branding.primary_color : DEFAULT_BRANDING.primary_color;
  const accent = branding.secondary_color && HEX.test(branding.secondary_color) ? branding.secondary_color : color;
  const name = escapeHtml(branding.project_name);
  const header = logo
    ? `<div style="background:#fff;padding:16px 24px;border-bottom:4px solid ${accent}"><img src="cid:${LOGO_CID}" alt="${name}" height="48" style="height:48px;max-width:240px;vertical-align:middle"> <span style="color:${color};font-size:20px;vertical-align:middle;margin-left:12px">${name}</span></div>`
    : `<div style="background:${color};color:#fff;padding:16px 24px;font-size:20px;border-bottom:4px solid ${accent}">${name}</div>`;
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#222;margin:0">
${header}
<div style="padding:24px"><h1 style="font-size:20px;color:${color}">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${extra.list ? `<ul>${extra.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(action.url)}" style="background:${color};color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#666">${escapeHtml(mail.buttonFallback)} ${escapeHtml(action.url)}</p>
${extra.footer ? `<p style="font-size:12px;color:#666">${escapeHtml(extra.footer.text)} <a href="${escapeHtml(extra.footer.url)}">${escapeHtml(extra.footer.label)}</a></p>` : ''}
</div></body></html>`;
  const list = extra.list ? `\n\n${extra.list.map((item) => `- ${item}`).join('\n')}` : '';
  const footer = extra.footer ? `\n${extra.footer.text} ${extra.footer.url}\n` : '';
  const text = `${branding.project_name}\n\n${title}\n\n${paragraphs.join('\n\n')}${list}\n\n${action.label}: ${action.url}\n${footer}`;
  return { html, text };
}

/** Who a mail is from, beyond the portal: the firm it is about, and where a reply goes. */
export interface MailOptions {
  /** The firm: its name, contact and verified domain make the sender (mail-sender.ts senderFor). */
  project?: MailingProject | null;
  /** Where a reply goes instead of the firm's contact (a visitor's contact message, a client's ticket). */
  replyTo?: string;
}

/**
 * Sends one mail, unless the address bounced for good or complained (the suppression list,
 * functions/lib/data/suppression.ts, filled from SES's events): then nothing is sent and it answers false, so the shared
 * sender's reputation never pays twice for one bad address. It also answers false, sending nothing, when the deployment
 * has no sender (no senderEmail: infra warns at synth) or nowhere to send. The sender is decided here for every mail.
 */
export async function sendMail(
  to: string | undefined,
  subject: string,
  body: { html: string; text: string; logo?: MailImage | null },
  options: MailOptions = {},
): Promise<boolean> {
  const portalSender = config.mailFrom;
  if (!portalSender || !to) {
    logger.error('Mail not sent: mail is not configured', { subject, sender: Boolean(portalSender) });
    countMetric('MailsNotSent');
    return false;
  }
  if (await isSuppressed(to)) {
    logger.warn('Mail not sent: the address is suppressed', { subject });
    countMetric('MailsNotSent');
    return false;
  }
  const { project } = options;
  const identity = project?.custom_portal_url ? await getMailIdentity(project.uuid) : undefined;
  const sender = senderFor(portalSender, project, identity, options.replyTo);
  const attachments = body.logo
    ? [
        {
          FileName: body.logo.fileName,
          ContentType: body.logo.contentType,
          ContentDisposition: 'INLINE' as const,
          ContentId: LOGO_CID,
          ContentTransferEncoding: 'BASE64' as const,
          RawContent: body.logo.data,
        },
      ]
    : undefined;
  try {
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: sender.from,
        Destination: { ToAddresses: [to] },
        ...(sender.replyTo && { ReplyToAddresses: [sender.replyTo] }),
        Content: {
          Simple: {
            Subject: { Data: subject, Charset: 'UTF-8' },
            Body: { Html: { Data: body.html, Charset: 'UTF-8' }, Text: { Data: body.text, Charset: 'UTF-8' } },
            ...(attachments && { Attachments: attachments }),
          },
        },
      }),
    );
  } catch (error) {
    countMetric('MailsFailed');
    throw error;
  }
  countMetric('MailsSent');
  return true;
}

/**
 * Every mail a project's people receive, built one way (password and e-mail mails branded like the
 * invitation): the project's layout, its logo inline when it has one, the subject beside the body.
 */
export function brandedMail(
  branding: Branding,
  subject: string,
  title: string,
  paragraphs: readonly string[],
  action: { label: string; url: string },
  logo: MailImage | null,
) {
  return { subject, logo, ...layout(branding, title, [...paragraphs], action, logo) };
}

export function invitationMail(
  branding: Branding,
  roleLabel: string,
  link: string,
  days: number,
  logo: MailImage | null = null,
) {
  const t = mail.invitation;
  return brandedMail(
    branding,
    t.subject(branding.project_name),
    t.title(branding.project_name),
    t.body(branding.project_name, roleLabel, days),
    { label: t.action, url: link },
    logo,
  );
}

export function passwordResetMail(branding: Branding, link: string, minutes: number, logo: MailImage | null = null) {
  const t = mail.passwordReset;
  return brandedMail(
    branding,
    t.subject(branding.project_name),
    t.title,
    t.body(branding.project_name, minutes),
    { label: t.action, url: link },
    logo,
  );
}

/** To the new address of an e-mail change: it becomes the login only through this link. */
export function emailChangeMail(branding: Branding, link: string, hours: number, logo: MailImage | null = null) {
  const t = mail.emailChange;
  return brandedMail(
    branding,
    t.subject(branding.project_name),
    t.title,
    t.body(branding.project_name, hours),
    { label: t.action, url: link },
    logo,
  );
}

/** To the current address of an e-mail change: it stays the login until the new one confirms. */
export function emailChangeNoticeMail(
  branding: Branding,
  newEmail: string,
  portalUrl: string,
  logo: MailImage | null = null,
) {
  const t = mail.emailChangeNotice;
  return brandedMail(
    branding,
    t.subject(branding.project_name),
    t.title,
    t.body(branding.project_name, maskEmail(newEmail)),
    { label: t.action, url: portalUrl },
    logo,
  );
}

/** 'ana.perez@dominio.cl' → 'an***@dominio.cl': the notice names the new address without handing it out. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/** How many documents a digest names one by one; the rest are counted. */
export const DIGEST_LIST_MAX = 50;

/**
 * The daily digest of new documents (functions/documents/document-digest.ts): each document with its company and
 * folder, a button to the portal's documents on the firm's own domain, and the unsubscribe link.
 */
export function documentDigestMail(
  branding: Branding,
  person: string,
  documents: ReadonlyArray<{ name: string; company: string; folder: string }>,
  links: { documents: string; unsubscribe: string },
  logo: MailImage | null = null,
) {
  const t = mail.documentDigest;
  const list = documents.slice(0, DIGEST_LIST_MAX).map((d) => t.item(d.name, d.company, d.folder));
  if (documents.length > DIGEST_LIST_MAX) list.push(t.more(documents.length - DIGEST_LIST_MAX));
  return {
    subject: t.subject(branding.project_name, documents.length),
    logo,
    ...layout(
      branding,
      t.title,
      t.body(person, branding.project_name, documents.length),
      { label: t.action, url: links.documents },
      logo,
      { list, footer: { text: t.unsubscribe, label: t.unsubscribeAction, url: links.unsubscribe } },
    ),
  };
}

/**
 * The hourly notice of new messages (functions/messages/message-notice.ts): each thread with its company and how many
 * messages wait, a button to 'Mensajes' on the firm's own domain, and the unsubscribe link.
 */
export function messageNoticeMail(
  branding: Branding,
  person: string,
  threads: ReadonlyArray<{ subject: string; company: string; unread: number }>,
  links: { messages: string; unsubscribe: string },
  logo: MailImage | null = null,
) {
  const t = mail.messageNotice;
  const total = threads.reduce((sum, thread) => sum + thread.unread, 0);
  const list = threads.slice(0, DIGEST_LIST_MAX).map((thread) => t.item(thread.subject, thread.company, thread.unread));
  if (threads.length > DIGEST_LIST_MAX) list.push(t.more(threads.length - DIGEST_LIST_MAX));
  return {
    subject: t.subject(branding.project_name, total),
    logo,
    ...layout(
      branding,
      t.title,
      t.body(person, branding.project_name, total),
      { label: t.action, url: links.messages },
      logo,
      { list, footer: { text: t.why, label: t.unsubscribeAction, url: links.unsubscribe } },
    ),
  };
}

/** A day YYYY-MM-DD as Chileans write it: 20-03-2026. */
const chileanDate = (day: string) => day.split('-').reverse().join('-');

/** A document request made to a company: its items (with their notes) and due date, a button to the request. */
export function requestMadeMail(
  branding: Branding,
  person: string,
  request: {
    title: string;
    company: string;
    due_date: string;
    items: ReadonlyArray<{ name: string; note: string | null }>;
  },
  link: string,
  logo: MailImage | null = null,
) {
  const t = mail.requestMade;
  return {
    subject: t.subject(branding.project_name, request.title),
    logo,
    ...layout(
      branding,
      t.title,
      t.body(person, branding.project_name, request.company, chileanDate(request.due_date)),
      { label: t.action, url: link },
      logo,
      { list: request.items.map((i) => t.item(i.name, i.note)) },
    ),
  };
}

/** An item the firm returned: which, of which request and company, and the firm's comment. */
export function requestItemReturnedMail(
  branding: Branding,
  person: string,
  returned: { item: string; request: string; company: string; comment: string },
  link: string,
  logo: MailImage | null = null,
) {
  const t = mail.requestItemReturned;
  return brandedMail(
    branding,
    t.subject(branding.project_name, returned.item),
    t.title,
    t.body(person, branding.project_name, returned.item, returned.request, returned.company, returned.comment),
    { label: t.action, url: link },
    logo,
  );
}

/**
 * A reminder of an open document request (functions/requests/send-request-reminders.ts): what is asked, of which
 * company, by when and how much is missing, a button to the request on the firm's own domain, and the unsubscribe link.
 */
export function requestReminderMail(
  branding: Branding,
  person: string,
  request: { title: string; company: string; due: string; days: number; pending: number },
  links: { request: string; unsubscribe: string },
  logo: MailImage | null = null,
) {
  const t = mail.requestReminder;
  const due = chileanDate(request.due);
  return {
    subject: t.subject(branding.project_name, request.title),
    logo,
    ...layout(
      branding,
      t.title,
      t.body(person, branding.project_name, request.title, request.company, due, request.days, request.pending),
      { label: t.action, url: links.request },
      logo,
      { footer: { text: t.unsubscribe, label: t.unsubscribeAction, url: links.unsubscribe } },
    ),
  };
}

/** The portal address a mail's links point to: the project's own portal URL, else the deployment's. */
export function portalBase(customPortalUrl: string | null | undefined): string {
  return (customPortalUrl || config.portalUrl).replace(/\/+$/, '');
}

/**
 * Where a firm's mail links point: its own portal URL once the edge serves it (or where no edge provisions domains),
 * the deployment's own address while its domain is still being set up (a link to it would not answer yet).
 */
export async function linkBase(
  project: { uuid: string; custom_portal_url?: string | null } | null | undefined,
): Promise<string> {
  const url = project?.custom_portal_url;
  if (!project || !url) return portalBase(null);
  const edge = await getEdgeDomain(project.uuid);
  const settingUp = edge && edge.domain === hostOf(url) && edge.status !== 'active';
  return portalBase(settingUp ? null : url);
}
