import type { SQSRecord } from 'aws-lambda';

/**
 * The local stand-in of the mail queue's SQS event source: every half second it takes the oldest messages
 * of the table's outbox (functions/lib/data/mail-outbox.ts) and hands them, as SQS records, to the same worker
 * Lambda runs in AWS (functions/registration/invitation-mail-worker.ts), which mails them at MAIL_SEND_RATE through
 * aws-ses-v2-local. There is no dead-letter queue here: a message the worker reports failed is logged and dropped (its
 * invitation stays listed, to resend).
 */
export function startMailWorker(intervalMs = 500): { stop: () => Promise<void> } {
  let stopped = false;
  let running: Promise<void> | undefined;
  const drain = async () => {
    const outbox = await import('../functions/lib/data/mail-outbox');
    const { handler } = await import('../functions/registration/invitation-mail-worker');
    while (!stopped) {
      const waiting = await outbox.peekOutbox(10);
      const taken = [];
      for (const message of waiting) if (await outbox.takeOutboxMessage(message.id)) taken.push(message);
      if (taken.length === 0) return;
      const records = taken.map((message) => ({ messageId: message.id, body: message.body }) as SQSRecord);
      const { batchItemFailures } = await handler({ Records: records });
      for (const failure of batchItemFailures)
        console.error('local mail queue: message failed', failure.itemIdentifier);
    }
  };
  const timer = setInterval(() => {
    running ??= drain()
      .catch((error) => console.error('local mail queue', error))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
