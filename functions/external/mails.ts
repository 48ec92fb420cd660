import { supportMails } from '../../shared/i18n/es/support';
import { type Branding, brandedMail, type MailImage } from '../lib/email';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A plain mail of labelled lines and the message itself: what the firm reads to answer (no links, no buttons). */
function plainMail(title: string, lines: Array<[string, string]>, message: string) {
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#222">
<h1 style="font-size:18px">${escapeHtml(title)}</h1>
${lines.map(([label, value]) => `<p><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</p>`).join('\n')}
<p style="white-space:pre-wrap;border-left:3px solid #ccc;padding-left:12px">${escapeHtml(message)}</p>
</body></html>`;
  const text = `${title}\n\n${lines.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${message}\n`;
  return { html, text };
}

/** The landing contact message, to the firm. */
export function contactMail(message: { email: string; subject: string; description: string }) {
  const t = supportMails.contact;
  return {
    subject: t.subject(message.subject),
    ...plainMail(
      t.title,
      [
        [t.from, message.email],
        [t.subjectLabel, message.subject],
      ],
      message.description,
    ),
  };
}

/** What the mails show of a ticket. */
interface MailedTicket {
  uuid: string;
  number?: number;
  subject: string;
  user: { first_name: string; last_name: string; email: string };
  project: { project_name: string } | null;
}

interface MailedMessage {
  created: string;
  description: string;
  author: { first_name: string; last_name: string };
  attachments: ReadonlyArray<{ file_name: string }>;
}

const ticketLabel = (ticket: MailedTicket) => (ticket.number ? `#${ticket.number}` : ticket.uuid);

/**
 * A client's message, to its project's contact e-mail: the new ticket or the new message, who
 * wrote it, its files by name and the ticket's address in the portal, where the firm answers.
 */
export function ticketMail(ticket: MailedTicket, message: MailedMessage, link: string, first: boolean) {
  const t = supportMails.ticket;
  const lines: Array<[string, string]> = [
    [t.id, ticketLabel(ticket)],
    [t.user, `${ticket.user.first_name} ${ticket.user.last_name} <${ticket.user.email}>`],
    [t.project, ticket.project?.project_name ?? t.noProject],
    [t.created, message.created],
    [t.subjectLabel, ticket.subject],
  ];
  if (message.attachments.length > 0)
    lines.push([t.attachments, message.attachments.map((a) => a.file_name).join(', ')]);
  lines.push([t.link, link]);
  return {
    subject: first
      ? t.subject(ticketLabel(ticket), ticket.subject)
      : t.replySubject(ticketLabel(ticket), ticket.subject),
    ...plainMail(first ? t.title : t.replyTitle, lines, message.description),
  };
}

/**
 * The firm's answer, to the client in the firm's branding: the message, its files by name, and a button to the ticket.
 * Replies by mail are not received, so the mail says to answer in the portal.
 */
export function ticketAnswerMail(
  branding: Branding,
  ticket: MailedTicket,
  message: MailedMessage,
  link: string,
  logo: MailImage | null,
) {
  const t = supportMails.answer;
  const label = ticketLabel(ticket);
  const paragraphs = [
    t.intro(branding.project_name, label, ticket.subject),
    ...message.description
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter((p) => p.length > 0),
    ...(message.attachments.length > 0 ? [t.attachments(message.attachments.map((a) => a.file_name).join(', '))] : []),
    t.replyInPortal,
  ];
  return brandedMail(
    branding,
    t.subject(label, ticket.subject),
    t.title(label),
    paragraphs,
    { label: t.action, url: link },
    logo,
  );
}
