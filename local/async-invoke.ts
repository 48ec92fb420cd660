import { randomUUID } from 'node:crypto';
import type { ObjectCreated } from '../functions/accounting/import-job-worker';
import { IMPORT_JOB_RETRY_ATTEMPTS } from '../functions/lib/accounting/import-upload';
import { type DeadLetter, deadLetters, deleteDeadLetter, sendDeadLetter } from './dead-letters';

/**
 * The local stand-in of Lambda's asynchronous invocation with an on-failure destination: the handler runs, a run that
 * throws is run again as many times as the function's `retryAttempts` in AWS, and after the last failure the event
 * goes to the local dead letters (dead-letters.ts) as the record Lambda sends its SQS destination: the event as
 * `requestPayload`, the condition, the attempts and the error. Unlike Lambda, the retries follow at once (Lambda waits
 * about 1 and then 2 minutes), and nothing runs the handler under the function's own role or time limit.
 */
export interface AsyncTarget {
  /** The function's name in the record (its ARN's last part). */
  functionName: string;
  /** The dead-letter queue's folder. */
  queue: string;
  retryAttempts: number;
  handler: () => Promise<(event: never) => Promise<unknown>>;
}

/** The large ledger import job (infra/constructs/accounting-import-job.ts), its queue the DeadLettersLedgerImport's. */
export const LEDGER_IMPORT_JOB: AsyncTarget = {
  functionName: 'AccountingImportJob',
  queue: 'ledger-import',
  retryAttempts: IMPORT_JOB_RETRY_ATTEMPTS,
  handler: async () => (await import('../functions/accounting/import-job-worker')).handler,
};

/** S3's EventBridge "Object Created" event for an object, as the rule hands it to its target. */
export const objectCreatedEvent = (bucket: string, key: string): ObjectCreated => ({
  version: '0',
  id: randomUUID(),
  'detail-type': 'Object Created',
  source: 'aws.s3',
  account: '000000000000',
  time: new Date().toISOString(),
  region: 'local',
  resources: [],
  detail: { bucket: { name: bucket }, object: { key } },
});

export interface AsyncOutcome {
  attempts: number;
  /** The message the event became after the last failed attempt. */
  deadLetter?: DeadLetter;
}

export async function invokeAsync(target: AsyncTarget, event: unknown): Promise<AsyncOutcome> {
  const handler = await target.handler();
  const requestId = randomUUID();
  let failure: unknown;
  for (let attempt = 1; attempt <= 1 + target.retryAttempts; attempt++) {
    try {
      await handler(event as never);
      return { attempts: attempt };
    } catch (error) {
      failure = error;
    }
  }
  const error = failure instanceof Error ? failure : new Error(String(failure));
  const record = {
    version: '1.0',
    timestamp: new Date().toISOString(),
    requestContext: {
      requestId,
      functionArn: `arn:aws:lambda:local:000000000000:function:${target.functionName}:$LATEST`,
      condition: 'RetriesExhausted',
      approximateInvokeCount: 1 + target.retryAttempts,
    },
    requestPayload: event,
    responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    responsePayload: { errorType: error.name, errorMessage: error.message },
  };
  console.error(`local async invocation: ${target.functionName} failed ${1 + target.retryAttempts} times;`, error);
  return { attempts: 1 + target.retryAttempts, deadLetter: await sendDeadLetter(target.queue, JSON.stringify(record)) };
}

/**
 * The event a dead letter holds: an on-failure record's `requestPayload`, or the message itself (EventBridge's
 * dead-letter queue keeps the event it could not deliver).
 */
export function eventOfDeadLetter(message: DeadLetter): unknown {
  const body = JSON.parse(message.body) as { requestPayload?: unknown };
  return body && typeof body === 'object' && 'requestPayload' in body ? body.requestPayload : body;
}

/**
 * The redrive: each message's event invoked again as Lambda would (with its retries), and the message deleted, as a
 * move back to the source takes it off the dead-letter queue; an event failing again becomes a new message.
 */
export async function redriveDeadLetters(
  target: AsyncTarget,
): Promise<{ redriven: number; failedAgain: number; messages: DeadLetter[] }> {
  const messages = await deadLetters(target.queue);
  let failedAgain = 0;
  for (const message of messages) {
    const outcome = await invokeAsync(target, eventOfDeadLetter(message));
    if (outcome.deadLetter) failedAgain += 1;
    await deleteDeadLetter(target.queue, message.messageId);
  }
  return { redriven: messages.length - failedAgain, failedAgain, messages };
}
