import { sqs } from './aws/sqs';
import { SendMessageBatchCommand } from './aws/sqs-commands';
import { config } from './config';
import { putOutboxMessages } from './data/mail-outbox';
import { logger } from './logger';

/**
 * The mail queue: a CSV import does not mail its rows inside the request; it enqueues one message per
 * invitation and the worker (functions/registration/invitation-mail-worker.ts) mails them at SES's send rate. In AWS
 * the queue is SQS (infra/constructs/mail-queue.ts, with a dead-letter queue); locally, the table's outbox drained by
 * local/mail-worker.ts.
 */
export interface QueuedMail {
  invitation: string;
}

/**
 * A document request's mail to its company's client users: when it is made, or when the firm returns an item (the
 * event names the item and the moment, so each return is mailed once).
 */
export type RequestMail =
  | { request: string; event: 'CREATED' }
  | { request: string; event: 'RETURNED'; item: string; at: string };

const SQS_BATCH = 10;

/** Enqueues the mails; answers the invitations whose message could not be queued (the caller marks them unsent). */
export async function enqueueMails(mails: readonly QueuedMail[]): Promise<string[]> {
  const failed = await enqueueBodies(mails.map((mail) => JSON.stringify(mail)));
  return failed.map((index) => (mails[index] as QueuedMail).invitation);
}

/** Enqueues request mails; answers how many could not be queued (logged: the request itself stands). */
export async function enqueueRequestMails(mails: readonly RequestMail[]): Promise<number> {
  const failed = await enqueueBodies(mails.map((mail) => JSON.stringify({ request_mail: mail })));
  return failed.length;
}

/** Sends message bodies to the queue (the local outbox without one); answers the indexes that were not queued. */
async function enqueueBodies(bodies: readonly string[]): Promise<number[]> {
  const queueUrl = config.mailQueueUrl;
  if (!queueUrl) {
    await putOutboxMessages(bodies);
    return [];
  }
  const failed: number[] = [];
  for (let start = 0; start < bodies.length; start += SQS_BATCH) {
    const batch = bodies.slice(start, start + SQS_BATCH);
    try {
      const answer = await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: batch.map((body, index) => ({ Id: String(index), MessageBody: body })),
        }),
      );
      for (const entry of answer.Failed ?? []) failed.push(start + Number(entry.Id));
    } catch (error) {
      logger.error('Mail queue not reached', { reason: (error as Error).name, mails: batch.length });
      failed.push(...batch.map((_, index) => start + index));
    }
  }
  return failed;
}

/** A queue message's body, or undefined for one that is not ours. */
export function queuedMailOf(body: string): QueuedMail | RequestMail | undefined {
  try {
    const parsed = JSON.parse(body) as Partial<QueuedMail> & { request_mail?: Partial<RequestMail> };
    if (typeof parsed.invitation === 'string') return { invitation: parsed.invitation };
    const mail = parsed.request_mail;
    if (typeof mail?.request !== 'string') return undefined;
    if (mail.event === 'CREATED') return { request: mail.request, event: 'CREATED' };
    if (mail.event === 'RETURNED' && typeof mail.item === 'string' && typeof mail.at === 'string')
      return { request: mail.request, event: 'RETURNED', item: mail.item, at: mail.at };
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * Spaces sends at `perSecond`: each call waits until 1/perSecond after the previous one went. `now` and `sleep` are
 * the wall clock and a timer: this is a rate kept against a real service, not a time the portal reasons about.
 */
export function pacer(
  perSecond: number,
  now: () => number = Date.now,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  const gap = 1000 / perSecond;
  let next = Number.NEGATIVE_INFINITY;
  return async () => {
    const wait = next - now();
    if (wait > 0) await sleep(wait);
    next = Math.max(now(), next) + gap;
  };
}
