import type middy from '@middy/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageForError } from '../../../shared/i18n/error-messages';
import { AwsError } from '../aws/aws-client';
import { conflict } from '../errors';
import { errorResponse } from './error-response';
import type { HttpEvent, HttpResult, PortalContext } from './types';

/** The answer errorResponse gives a request that failed with `error`. */
async function answerTo(error: unknown) {
  const request = { error, response: undefined } as unknown as middy.Request<
    HttpEvent,
    HttpResult,
    Error,
    PortalContext
  >;
  await errorResponse().onError?.(request);
  const response = request.response as HttpResult;
  return { status: response.statusCode, headers: response.headers, body: JSON.parse(String(response.body)) };
}

const aws = (name: string, status?: number) =>
  new AwsError(name, name, { ...(status !== undefined && { httpStatusCode: status }), attempts: 3 });

describe('a throttled or timed-out AWS call answers 503 SERVICE_BUSY, never 409 or 500', () => {
  it.each([
    ['DynamoDB throttling', aws('ProvisionedThroughputExceededException', 400)],
    ['Cognito throttling', aws('TooManyRequestsException', 400)],
    ['S3 slow down', aws('SlowDown', 503)],
    ['a 5xx after the retries', aws('InternalServerError', 500)],
    ['no answer in time', aws('TimeoutError')],
    [
      'a dropped connection',
      new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }),
    ],
  ])('%s', async (_, error) => {
    const answer = await answerTo(error);
    expect(answer).toMatchObject({ status: 503, body: { code: 'SERVICE_BUSY' } });
    expect(answer.headers?.['retry-after']).toBe('2');
  });

  it('keeps a refusal of the request itself what it was: a 500 for a bug, the ApiError for a conflict', async () => {
    expect(await answerTo(aws('ValidationException', 400))).toMatchObject({
      status: 500,
      body: { code: 'INTERNAL_ERROR' },
    });
    expect(await answerTo(aws('TransactionCanceledException', 400))).toMatchObject({ status: 500 });
    expect(await answerTo(conflict('DATA_CONFLICT'))).toMatchObject({ status: 409, body: { code: 'DATA_CONFLICT' } });
  });

  it('is shown in Spanish, addressing the person as tú, on any screen and on sign-in', () => {
    const busy = { status: 503, code: 'SERVICE_BUSY' };
    expect(messageForError(busy)).toBe(
      'El servicio está ocupado en este momento. Inténtalo nuevamente en unos segundos.',
    );
    expect(messageForError(busy, 'login')).toBe(messageForError(busy));
  });
});

describe("a request's AWS calls end within the function's remaining time", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('a DynamoDB that never answers: the health check answers 503 before its time is up, not a gateway timeout', async () => {
    vi.stubEnv('TABLE_NAME', 'portal');
    vi.stubEnv('AWS_REGION', 'sa-east-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    let onWire: () => void = () => {};
    const sent = new Promise<void>((resolve) => {
      onWire = resolve;
    });
    const aborted: number[] = [];
    vi.stubGlobal('fetch', (_url: unknown, init?: RequestInit) => {
      onWire();
      return new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => {
          aborted.push(Date.now());
          reject(new DOMException('This operation was aborted', 'AbortError'));
        }),
      );
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const start = Date.now();
    const { handler } = await import('../../health/get-health');
    const event = {
      version: '2.0',
      routeKey: 'GET /api/v1/health',
      rawPath: '/api/v1/health',
      rawQueryString: '',
      headers: {},
      requestContext: { requestId: 'r', http: { method: 'GET', path: '/api/v1/health', sourceIp: '203.0.113.9' } },
      isBase64Encoded: false,
    };
    const remaining = 3_000;
    const context = { functionName: 'getHealth', awsRequestId: 'a', getRemainingTimeInMillis: () => remaining };
    const answer = handler(event as never, context as never);
    await sent;
    await vi.advanceTimersByTimeAsync(remaining);
    const result = await answer;
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(String(result.body))).toEqual({ code: 'SERVICE_BUSY' });
    // One attempt, cut 500 ms before the function's time ran out (left to answer), not at its own 5 s.
    expect(aborted.map((at) => at - start)).toEqual([2_500]);
  });
});
