import { Readable } from 'node:stream';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import {
  DynamoDBDocumentClient,
  GetCommand as SdkGetCommand,
  TransactWriteCommand as SdkTransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { HttpResponse } from '@smithy/core/protocols';
import { StandardRetryStrategy } from '@smithy/core/retry';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AwsError, withDeadline } from './aws-client';
import { DynamoClient } from './dynamo-client';
import { GetCommand, TransactWriteCommand } from './dynamo-commands';

/**
 * The light DynamoDB client keeps the AWS SDK's promises: each test sends the same calls through the SDK's own client
 * (@aws-sdk/client-dynamodb, its transport replaced by a stand-in that answers what the test says) and through the
 * light client (its fetch replaced by the same stand-in), and compares what each put on the wire and how often.
 */

/** One answer of the stand-in: a status, a JSON body and headers; or an Error, as a dropped connection throws. */
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

interface Attempt {
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

const CREDENTIALS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

const failure = (type: string, message = type) => ({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message });
const bodyText = (body: unknown) => (body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
/** The answer of the n-th attempt (1-based), the last one repeated. */
const nth = (answers: Answer[], n: number) => answers[Math.min(n, answers.length) - 1] as Answer;

/** The SDK's DynamoDB document client, its attempts recorded and answered in turn by `answers`. */
function sdkDynamo(answers: Answer[], options: { credentials?: unknown } = {}) {
  const attempts: Attempt[] = [];
  const client = new DynamoDBClient({
    region: 'sa-east-1',
    credentials: (options.credentials ?? CREDENTIALS) as typeof CREDENTIALS,
    requestHandler: {
      handle: async (request: { headers: Record<string, string>; body: string | Uint8Array }) => {
        const text = typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body);
        attempts.push({ headers: { ...request.headers }, body: JSON.parse(text) });
        const answer = nth(answers, attempts.length);
        if (answer instanceof Error) throw answer;
        return {
          response: new HttpResponse({
            statusCode: answer.status,
            headers: { 'content-type': 'application/x-amz-json-1.0', ...answer.headers },
            body: Readable.from([Buffer.from(bodyText(answer.body))]),
          }),
        };
      },
    } as never,
  });
  return { client: DynamoDBDocumentClient.from(client), attempts };
}

/** The light client, its attempts recorded and answered in turn by `answers`; its pauses recorded, not waited. */
function lightDynamo(answers: Answer[]) {
  const attempts: Attempt[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    attempts.push({ headers: Object.fromEntries(new Headers(init?.headers)), body: JSON.parse(String(init?.body)) });
    const answer = nth(answers, attempts.length);
    if (answer instanceof Error) throw answer;
    return new Response(bodyText(answer.body), { status: answer.status, headers: answer.headers });
  });
  const pauses: number[] = [];
  const sleep = async (ms: number) => {
    pauses.push(ms);
  };
  return { client: new DynamoClient({ fetch: fetch as typeof globalThis.fetch, sleep }), attempts, pauses };
}

const transaction = () => ({
  TransactItems: [
    { Put: { TableName: 'portal', Item: { pk: 'P', sk: 'S' }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        TableName: 'portal',
        Key: { pk: 'P', sk: 'N' },
        UpdateExpression: 'ADD n :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  ],
});
const get = { TableName: 'portal', Key: { pk: 'P', sk: 'S' } };

/** How many attempts a call made before it answered or gave up. */
const attemptsOf = async (call: Promise<{ $metadata: { attempts?: number } }>) => {
  const outcome = await call.catch((error: { $metadata?: { attempts?: number } }) => error);
  return outcome.$metadata?.attempts;
};

/** A network failure as Node's fetch reports it (undici: TypeError 'fetch failed', the socket's error as cause). */
const dropped = (code: string) =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(`read ${code}`), { code }) });
/** A network failure as the SDK's Node transport reports it: the socket's error itself. */
const droppedForSdk = (code: string) => Object.assign(new Error(`read ${code}`), { code });

beforeEach(() => {
  vi.stubEnv('AWS_REGION', 'sa-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', CREDENTIALS.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', CREDENTIALS.secretAccessKey);
  vi.stubEnv('AWS_SESSION_TOKEN', '');
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
  delete process.env.AWS_ENDPOINT_URL;
  delete process.env.AWS_MAX_ATTEMPTS;
  // Every pause of both clients is 0 ms (full jitter draws from Math.random), so the SDK's own waits take no time.
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a transaction is applied once, whatever its attempts', () => {
  it('sends one ClientRequestToken on every attempt of a TransactWriteItems, a new one per call, as the SDK does', async () => {
    const answers: Answer[] = [
      { status: 500, body: failure('InternalServerError') },
      new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }),
      { status: 200, body: {} },
    ];
    const sdk = sdkDynamo([answers[0] as Answer, droppedForSdk('ECONNRESET'), answers[2] as Answer]);
    const light = lightDynamo(answers);
    await sdk.client.send(new SdkTransactWriteCommand(transaction()));
    await light.client.send(new TransactWriteCommand(transaction()));
    const tokens = (attempts: Attempt[]) => attempts.map((a) => a.body.ClientRequestToken);
    for (const { attempts } of [sdk, light]) {
      expect(attempts).toHaveLength(3);
      const [first, ...rest] = tokens(attempts);
      expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(rest).toEqual([first, first]);
    }
    // A second call is another transaction: another token. A token the caller gives is sent as it is.
    await light.client.send(new TransactWriteCommand(transaction()));
    await light.client.send(new TransactWriteCommand({ ...transaction(), ClientRequestToken: 'mine-1' }));
    const [, , , second, third] = tokens(light.attempts);
    expect(second).not.toBe(tokens(light.attempts)[0]);
    expect(third).toBe('mine-1');
  });
});

describe('what is retried, how often and how long it waits, as the SDK decides', () => {
  // Each row: the answer of every attempt. Both clients must make the same number of attempts.
  const cases: Array<[string, Answer, Answer?]> = [
    ['throughput exceeded', { status: 400, body: failure('ProvisionedThroughputExceededException') }],
    ['throttling', { status: 400, body: failure('ThrottlingException') }],
    ['request limit', { status: 400, body: failure('RequestLimitExceeded') }],
    ['a transaction in progress', { status: 400, body: failure('TransactionInProgressException') }],
    ['429 without a name', { status: 429, body: '' }],
    ['500', { status: 500, body: failure('InternalServerError') }],
    ['502 from a proxy', { status: 502, body: '<html>Bad Gateway</html>' }],
    ['503', { status: 503, body: failure('ServiceUnavailable') }],
    ['504', { status: 504, body: '' }],
    ['501 (not transient)', { status: 501, body: failure('NotImplemented') }],
    ['InternalError named on a 400', { status: 400, body: failure('InternalError') }],
    ['a failed condition', { status: 400, body: failure('ConditionalCheckFailedException') }],
    ['a cancelled transaction', { status: 400, body: failure('TransactionCanceledException') }],
    ['a validation error', { status: 400, body: failure('ValidationException') }],
    ['a missing table', { status: 400, body: failure('ResourceNotFoundException') }],
    ['access denied', { status: 400, body: failure('AccessDeniedException') }],
    ['a reset connection', dropped('ECONNRESET'), droppedForSdk('ECONNRESET')],
    ['a refused connection', dropped('ECONNREFUSED'), droppedForSdk('ECONNREFUSED')],
    ['an unknown host', dropped('ENOTFOUND'), droppedForSdk('ENOTFOUND')],
    [
      'an attempt timed out',
      new DOMException('The operation timed out.', 'TimeoutError'),
      Object.assign(new Error('timed out'), { name: 'TimeoutError', code: 'ETIMEDOUT' }),
    ],
  ];

  it.each(cases)('%s: the same number of attempts', async (_, answer, sdkAnswer) => {
    const sdk = sdkDynamo([sdkAnswer ?? answer]);
    const light = lightDynamo([answer]);
    const expected = await attemptsOf(sdk.client.send(new SdkGetCommand(get)));
    expect(sdk.attempts).toHaveLength(expected as number);
    await attemptsOf(light.client.send(new GetCommand(get)));
    expect(light.attempts).toHaveLength(expected as number);
  });

  it('waits as the SDK waits: full jitter from 25 ms (DynamoDB) or 1 s (throttling), doubling, at most 20 s', async () => {
    vi.useFakeTimers();
    /** The SDK's pauses before each retry of a call whose every attempt fails with `errorType`. */
    const sdkPauses = async (errorType: 'THROTTLING' | 'TRANSIENT', random: number) => {
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const strategy = new StandardRetryStrategy({ maxAttempts: 4, baseDelay: 25 });
      let token = await strategy.acquireInitialRetryToken('');
      const pauses: number[] = [];
      for (;;) {
        const next = strategy.refreshRetryTokenForRetry(token, { errorType }).catch(() => undefined);
        await vi.runAllTimersAsync();
        const renewed = await next;
        if (!renewed) return pauses;
        pauses.push((renewed as unknown as { $retryLog: { acquisitionDelay: number } }).$retryLog.acquisitionDelay);
        token = renewed;
      }
    };
    for (const [errorType, answer] of [
      ['TRANSIENT', { status: 500, body: failure('InternalServerError') }],
      ['THROTTLING', { status: 400, body: failure('ThrottlingException') }],
    ] as const) {
      for (const random of [0.5, 0.999]) {
        const expected = await sdkPauses(errorType, random);
        const light = lightDynamo([answer]);
        await attemptsOf(light.client.send(new GetCommand(get)));
        expect(light.pauses, `${errorType} at ${random}`).toEqual(expected);
      }
    }
  });

  it('spends the same retry budget: a client facing a failing service stops retrying when the SDK would', async () => {
    const down: Answer = { status: 500, body: failure('InternalServerError') };
    const sdk = sdkDynamo([down]);
    const light = lightDynamo([down]);
    const sdkAttempts: Array<number | undefined> = [];
    const lightAttempts: Array<number | undefined> = [];
    for (let call = 0; call < 16; call += 1) {
      sdkAttempts.push(await attemptsOf(sdk.client.send(new SdkGetCommand(get))));
      lightAttempts.push(await attemptsOf(light.client.send(new GetCommand(get))));
    }
    expect(sdkAttempts.at(-1)).toBe(1); // the budget ran out
    expect(lightAttempts).toEqual(sdkAttempts);
  });
});

/**
 * A light client whose service never answers: each attempt hangs until the client aborts it. `attempt()` resolves when
 * the next attempt is on the wire (signing takes real time, so the test moves the fake clock only once it is).
 */
function hungDynamo() {
  const aborted: number[] = [];
  const waiting: Array<() => void> = [];
  let sent = 0;
  const fetch = (_url: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((_, reject) => {
      sent += 1;
      waiting.shift()?.();
      init?.signal?.addEventListener('abort', () => {
        aborted.push(Date.now());
        reject(new DOMException('This operation was aborted', 'AbortError'));
      });
    });
  let seen = 0;
  const attempt = () =>
    new Promise<void>((resolve) => {
      seen += 1;
      if (sent >= seen) resolve();
      else waiting.push(resolve);
    });
  // Pauses between attempts are the back-off tests' concern: none here.
  const sleep = async () => {};
  return { client: new DynamoClient({ fetch: fetch as typeof globalThis.fetch, sleep }), aborted, attempt };
}

describe('time limits', () => {
  it("cuts a hung attempt at 5 s and retries it, as the SDK retries its transport's TimeoutError, then gives up", async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const { client, aborted, attempt } = hungDynamo();
    const result = client.send(new GetCommand(get)).catch((error: unknown) => error);
    for (let n = 0; n < 4; n += 1) {
      await attempt();
      await vi.advanceTimersByTimeAsync(5_000);
    }
    const error = await result;
    expect(error).toBeInstanceOf(AwsError);
    expect(error).toMatchObject({ name: 'TimeoutError', $metadata: { attempts: 4 } });
    // Four attempts of 5 s each.
    expect(aborted.map((at) => at - start)).toEqual([5_000, 10_000, 15_000, 20_000]);
  });

  it("stops within the request's deadline: no attempt outlives the function's remaining time, less the time to answer", async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const { client, aborted, attempt } = hungDynamo();
    const result = withDeadline(3_000, () => client.send(new GetCommand(get))).catch((error: unknown) => error);
    await attempt();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await result).toMatchObject({ name: 'TimeoutError' });
    expect(aborted.map((at) => at - start)).toEqual([2_500]);
  });

  it('does not retry when the pause would pass the deadline: the last answer is the one given', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const light = lightDynamo([{ status: 400, body: failure('ThrottlingException') }]);
    const error = await withDeadline(1_200, () => light.client.send(new GetCommand(get))).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ThrottlingException', $metadata: { attempts: 1 } });
    expect(light.pauses).toEqual([]);
    // With time for it, the same failure is retried.
    const roomy = lightDynamo([
      { status: 400, body: failure('ThrottlingException') },
      { status: 200, body: {} },
    ]);
    await expect(withDeadline(5_000, () => roomy.client.send(new GetCommand(get)))).resolves.toMatchObject({
      $metadata: { attempts: 2 },
    });
    expect(roomy.pauses).toEqual([999]);
  });

  it('honours Retry-After as the SDK does: at least the back-off, at most 5 s more than it', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const asking = (seconds: string) =>
      lightDynamo([
        { status: 503, headers: { 'retry-after': seconds }, body: failure('ServiceUnavailable') },
        { status: 200, body: {} },
      ]);
    const soon = asking('0');
    await soon.client.send(new GetCommand(get));
    const later = asking('3');
    await later.client.send(new GetCommand(get));
    const much = asking('60');
    await much.client.send(new GetCommand(get));
    expect([soon.pauses, later.pauses, much.pauses]).toEqual([[12], [3_000], [5_012]]);
  });
});

describe('clock skew', () => {
  it('corrects its clock from the Date of an answer that refused a skewed signature, and retries, as the SDK does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T14:05:00Z'));
    const serverDate = 'Mon, 23 Nov 2026 14:15:00 GMT'; // the service's clock is 10 minutes ahead
    const answers: Answer[] = [
      {
        status: 400,
        headers: { date: serverDate },
        body: failure('InvalidSignatureException', 'Signature not yet current: 20261123T140500Z is still earlier'),
      },
      { status: 200, headers: { date: serverDate }, body: {} },
    ];
    const sdk = sdkDynamo(answers);
    const light = lightDynamo(answers);
    await sdk.client.send(new SdkGetCommand(get));
    await light.client.send(new GetCommand(get));
    await sdk.client.send(new SdkGetCommand(get));
    await light.client.send(new GetCommand(get));
    const dates = (attempts: Attempt[]) => attempts.map((a) => a.headers['x-amz-date']);
    expect(dates(sdk.attempts)).toEqual(['20261123T140500Z', '20261123T141500Z', '20261123T141500Z']);
    expect(dates(light.attempts)).toEqual(dates(sdk.attempts));
  });
});

describe('credentials', () => {
  it('refuses to send a call with no credentials to sign it, as the SDK does, instead of signing with an empty key', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    const sdk = sdkDynamo([{ status: 200, body: {} }], { credentials: fromEnv() });
    const light = lightDynamo([{ status: 200, body: {} }]);
    const sdkError = await sdk.client.send(new SdkGetCommand(get)).catch((error: Error) => error);
    const lightError = await light.client.send(new GetCommand(get)).catch((error: Error) => error);
    expect(sdkError).toMatchObject({ name: 'CredentialsProviderError' });
    expect(lightError).toMatchObject({ name: 'CredentialsProviderError' });
    expect(sdk.attempts).toHaveLength(0);
    expect(light.attempts).toHaveLength(0);
  });
});
