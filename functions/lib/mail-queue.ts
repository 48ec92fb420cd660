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

const SQS_BATCH = 10;

/** Enqueues the mails; answers the invitations whose message could not be queued (the caller marks them unsent). */
export async function enqueueMails(mails: readonly QueuedMail[]): Promise<string[]> {
  const queueUrl = config.mailQueueUrl;
  if (!queueUrl) {
    await putOutboxMessages(mails.map((mail) => JSON.stringify(mail)));
    return [];
  }
  const failed: string[] = [];
  for (let start = 0; start < mails.length; start += SQS_BATCH) {
    const batch = mails.slice(start, start + SQS_BATCH);
    try {
      const answer = await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: batch.map((mail, index) => ({ Id: String(index), MessageBody: JSON.stringify(mail) })),
        }),
      );
      for (const entry of answer.Failed ?? []) failed.push((batch[Number(entry.Id)] as QueuedMail).invitation);
    } catch (error) {
      logger.error('Mail queue not reached', { reason: (error as Error).name, mails: batch.length });
      failed.push(...batch.map((mail) => mail.invitation));
    }
  }
  return failed;
}

/** A queue message's body, or undefined for one that is not ours. */
export function queuedMailOf(body: string): QueuedMail | undefined {
  try {
    const parsed = JSON.parse(body) as Partial<QueuedMail>;
    return typeof parsed.invitation === 'string' ? { invitation: parsed.invitation } : undefined;
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
