import { supportMails } from '../../shared/i18n/es/support';

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

/** The landing contact message, to the firm (issue 13). */
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

/** A support ticket, to its project's contact e-mail (issue 13). */
export function ticketMail(ticket: {
  uuid: string;
  subject: string;
  description: string;
  created: string;
  user: { first_name: string; last_name: string; email: string };
  project: { project_name: string } | null;
}) {
  const t = supportMails.ticket;
  return {
    subject: t.subject(ticket.subject),
    ...plainMail(
      t.title,
      [
        [t.id, ticket.uuid],
        [t.user, `${ticket.user.first_name} ${ticket.user.last_name} <${ticket.user.email}>`],
        [t.project, ticket.project?.project_name ?? t.noProject],
        [t.created, ticket.created],
        [t.subjectLabel, ticket.subject],
      ],
      ticket.description,
    ),
  };
}
