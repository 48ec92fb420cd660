import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { withLambdaDeadline } from '../lib/aws/aws-client';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { pacer, queuedMailOf } from '../lib/mail-queue';
import { publishingMetrics } from '../lib/metrics';
import { mailQueuedRequest } from '../requests/request-mails';
import { mailQueuedInvitation } from './invitations';

/**
 * The mail queue's worker (infra/constructs/mail-queue.ts in AWS, local/mail-worker.ts locally): mails each
 * queued invitation, and each document request's mail to its company's client users (request-mails.ts), spaced at MAIL_SEND_RATE per second (SES's send rate over the queue's concurrency). A message that
 * fails is reported back alone and SQS delivers it again, then to the dead-letter queue; one already mailed, withdrawn
 * or registered is skipped (mailQueuedInvitation).
 */
export function handler(
  event: Pick<SQSEvent, 'Records'>,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<SQSBatchResponse> {
  // Its AWS calls end before the function's own time does (aws-client.ts): a mail not sent is retried by SQS.
  return publishingMetrics(withLambdaDeadline(context, () => mailBatch(event)));
}

async function mailBatch(event: Pick<SQSEvent, 'Records'>): Promise<SQSBatchResponse> {
  const pace = pacer(config.mailSendRate);
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const mail = queuedMailOf(record.body);
    if (!mail) {
      logger.warn('Mail queue: a message that names no invitation nor request is dropped', {
        messageId: record.messageId,
      });
      continue;
    }
    try {
      if ('invitation' in mail) {
        await pace();
        await mailQueuedInvitation(mail.invitation);
      } else await mailQueuedRequest(mail, pace);
    } catch (error) {
      logger.error('Queued mail failed', { ...mail, reason: (error as Error).name });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
