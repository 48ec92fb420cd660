import { afterEach, describe, expect, it, vi } from 'vitest';
import { AwsError } from '../aws/aws-client';
import { dynamo } from '../aws/dynamo';
import { ApiError } from '../errors';
import { transactWrite } from './transact';

/**
 * What a cancelled transaction answers, by DynamoDB's reasons. The client's hook stands in for DynamoDB: it refuses
 * each attempt with the cancellation the test names (no local server cancels for throttling on demand).
 */
const cancelled = (...codes: string[]) =>
  new AwsError(
    'TransactionCanceledException',
    `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    { httpStatusCode: 400, attempts: 1 },
    { CancellationReasons: codes.map((Code) => ({ Code })) },
  );

const writes = () => [
  { write: { Put: { TableName: 't', Item: { pk: 'A', sk: 'A' } } } },
  { write: { Update: { TableName: 't', Key: { pk: 'B', sk: 'B' }, UpdateExpression: 'ADD n :one' } } },
];

/** transactWrite against a DynamoDB that cancels each attempt with `answers` in turn (the last repeated). */
async function outcome(...answers: Array<AwsError | undefined>) {
  let sent = 0;
  const stop = dynamo.onSend(() => {
    const answer = answers[Math.min(sent, answers.length - 1)];
    sent += 1;
    if (answer) throw answer;
    throw new Error('committed'); // a stand-in success: nothing leaves the process
  });
  vi.useFakeTimers();
  try {
    const result = transactWrite(writes()).then(
      () => 'ok',
      (error: unknown) => error,
    );
    await vi.runAllTimersAsync();
    return { error: await result, sent };
  } finally {
    stop();
    vi.useRealTimers();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('a cancelled transaction answers what happened', () => {
  it('throttled: retried with back-off, then 503 SERVICE_BUSY, never 409', async () => {
    const { error, sent } = await outcome(cancelled('None', 'ThrottlingError'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_BUSY' });
    expect(sent).toBeGreaterThan(1);
    const over = await outcome(cancelled('ProvisionedThroughputExceeded', 'None'));
    expect(over.error).toMatchObject({ status: 503, code: 'SERVICE_BUSY' });
  });

  it('throttled once, then through: the same writes land', async () => {
    const { error, sent } = await outcome(cancelled('ThrottlingError', 'None'), undefined);
    expect(error).toMatchObject({ message: 'committed' });
    expect(sent).toBe(2);
  });

  it("refused by DynamoDB's validation (an item too large): the request's own fault, a 500 logged with the reasons, never 409", async () => {
    const { error, sent } = await outcome(cancelled('None', 'ValidationError'));
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ValidationError' }],
    });
    expect(sent).toBe(1);
  });

  it('a failed condition answers its own error at once; a clash with another transaction is retried, then 409', async () => {
    expect((await outcome(cancelled('ConditionalCheckFailed', 'None'))).error).toMatchObject({
      status: 409,
      code: 'DATA_CONFLICT',
    });
    const clash = await outcome(cancelled('None', 'TransactionConflict'));
    expect(clash.error).toMatchObject({ status: 409, code: 'DATA_CONFLICT' });
    expect(clash.sent).toBe(8);
  });
});
