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

/** The newest mail to an address whose subject contains the text, waiting a little for it to arrive. */
export async function waitForMail(to: string, subject: string, timeoutMs = 10_000): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { emails } = (await (await fetch(`${inject('portal').mailUrl}/store`)).json()) as { emails: CapturedMail[] };
    const found = emails.filter((m) => m.destination.to.includes(to) && m.subject.includes(subject)).at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail "${subject}" to ${to}`);
}

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
