import { inject } from 'vitest';

/** A mail as aws-ses-v2-local keeps it in its store (GET /store). */
export interface CapturedMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  replyTo?: string[];
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

/**
 * How long a mail may take to arrive: a bound on one that never comes, not a speed check. Queued mails (a CSV import's
 * invitations, a request's notices) wait behind every other file's at the queue's pace, seconds on a busy run.
 */
const MAIL_WAIT_MS = 30_000;

/** The newest mail to an address whose subject contains the text, waiting for it to arrive. */
export function waitForMail(to: string, subject: string, timeoutMs = MAIL_WAIT_MS): Promise<CapturedMail> {
  return waitForMailWhere(to, (m) => m.subject.includes(subject), timeoutMs, `"${subject}"`);
}

/** The newest mail to an address that the predicate accepts, polling the local SES store until it arrives. */
export async function waitForMailWhere(
  to: string,
  accept: (mail: CapturedMail) => boolean,
  timeoutMs = MAIL_WAIT_MS,
  what = 'matching',
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await allMailTo(to)).filter(accept).at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail ${what} to ${to}`);
}

/** A mail's text and HTML bodies together, for looking up what it says. */
export const bodyOf = (mail: CapturedMail) => `${mail.body.text ?? ''}\n${mail.body.html ?? ''}`;

/** The token of the first portal link of this kind in a mail: /register/<token> or /password_reset/<token>. */
export function tokenFrom(mail: CapturedMail, route: 'register' | 'password_reset'): string {
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]+)`).exec(mail.body.text ?? '');
  if (!match) throw new Error(`No /${route}/ link in mail "${mail.subject}"`);
  return match[1] as string;
}

export function allMailTo(to: string): Promise<CapturedMail[]> {
  return fetch(`${inject('portal').mailUrl}/store`)
    .then((r) => r.json() as Promise<{ emails: CapturedMail[] }>)
    .then(({ emails }) => emails.filter((m) => m.destination.to.includes(to)));
}

/** The registration token of the newest invitation mail to an address. */
export const mailedInvitationToken = async (to: string) => tokenFrom(await waitForMail(to, 'Invitación'), 'register');

/** The token of the newest password-reset mail to an address. */
export const mailedResetToken = async (to: string) =>
  tokenFrom(await waitForMail(to, 'Recuperación de contraseña'), 'password_reset');
