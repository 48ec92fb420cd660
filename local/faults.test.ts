import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AwsClient, injectAttemptFaults, retryKind } from '../functions/lib/aws/aws-client';
import { AdminCreateUserCommand, COGNITO } from '../functions/lib/aws/cognito-commands';
import { DynamoClient } from '../functions/lib/aws/dynamo-client';
import { TransactWriteCommand } from '../functions/lib/aws/dynamo-commands';
import { PutObjectCommand, S3 } from '../functions/lib/aws/s3-commands';
import { SESV2, SendEmailCommand } from '../functions/lib/aws/ses-commands';
import {
  describeFault,
  type FaultPlan,
  faultAttempt,
  formatPlan,
  type InjectedFault,
  parsePlan,
  scopeOf,
} from './faults';

/**
 * The local fault switch on the light clients' attempt loop: each attempt is a draw, the failure is the service's own
 * shape, and a fault after the request was applied leaves a retry that repeats it (the same idempotency token).
 */
const plan = (fields: Partial<FaultPlan>): FaultPlan => ({ ...parsePlan('seed=1;rate=1'), ...fields });

/** A service that applies every request it receives and answers 200 with an empty JSON object. */
function service() {
  const received: Array<{ body: string; aborted: boolean }> = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    received.push({ body: String(init?.body ?? ''), aborted: init?.signal?.aborted ?? false });
    return new Response('{}', { status: 200 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, received };
}

/** Installs a scope for the client's attempts and returns it. */
function underPlan(fields: Partial<FaultPlan>) {
  const scope = scopeOf(plan(fields));
  injectAttemptFaults((attempt) => faultAttempt(scope, attempt));
  return scope;
}

const transaction = () =>
  new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'A', sk: 'B' } } }] });

beforeEach(() => {
  vi.stubEnv('AWS_REGION', 'sa-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv('PORTAL_FAULT_INJECTION', 'on');
});
afterEach(() => {
  injectAttemptFaults(undefined);
  vi.unstubAllEnvs();
});

describe('the fault switch', () => {
  it('is refused where PORTAL_FAULT_INJECTION is not set (every Lambda bundle defines it empty)', () => {
    vi.stubEnv('PORTAL_FAULT_INJECTION', '');
    expect(() => injectAttemptFaults(() => Promise.reject(new Error('never')))).toThrow(/local only/);
  });

  it('reads and writes its plans, and refuses a field it does not know', () => {
    const text = 'seed=7;rate=0.25;kinds=throttle,drop;when=after;services=dynamodb;operations=TransactWriteItems';
    expect(formatPlan(parsePlan(text))).toBe(text);
    expect(parsePlan('seed=3;rate=0.1')).toMatchObject({ kinds: ['throttle', '5xx', 'timeout', 'drop'] });
    expect(() => parsePlan('rate=0.1;speed=2')).toThrow(/speed/);
    expect(() => parsePlan('rate=2')).toThrow(/between 0 and 1/);
  });

  it('draws the same faults from the same seed, on every attempt anew', async () => {
    const draw = async (seed: number) => {
      const scope = scopeOf(plan({ seed, rate: 0.5 }));
      const sent: boolean[] = [];
      for (let i = 0; i < 40; i++) {
        await faultAttempt(scope, {
          service: 'dynamodb',
          operation: 'GetItem',
          attempt: 1,
          send: async () => {
            sent.push(true);
            return new Response('{}');
          },
          expire: () => undefined,
        }).catch(() => undefined);
      }
      return (scope.injected as InjectedFault[]).map(describeFault);
    };
    const first = await draw(11);
    expect(first.length).toBeGreaterThan(5);
    expect(first.length).toBeLessThan(35);
    expect(await draw(11)).toEqual(first);
    expect(await draw(12)).not.toEqual(first);
  });

  it('a connection dropped after DynamoDB applied a transaction: the retry repeats it with the same token', async () => {
    const { fetch, received } = service();
    const client = new DynamoClient({ fetch, sleep: async () => {} });
    const scope = underPlan({ kinds: ['drop'], when: ['after'], rate: 1 });
    // The first attempt's answer is lost; the second gets through.
    let attempts = 0;
    injectAttemptFaults((attempt) => {
      attempts += 1;
      return attempts === 1 ? faultAttempt(scope, attempt) : attempt.send();
    });
    await client.send(transaction());
    expect(received).toHaveLength(2);
    const tokens = received.map((r) => JSON.parse(r.body).ClientRequestToken);
    expect(tokens[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(tokens[1]).toBe(tokens[0]);
    expect(scope.injected?.map(describeFault)).toEqual(['dynamodb.TransactWriteItems#1:drop@after']);
  });

  it('a timeout fires the attempt’s own AbortSignal: TimeoutError, retried as the SDK retries it', async () => {
    const { fetch } = service();
    const client = new DynamoClient({ fetch, sleep: async () => {} });
    underPlan({ kinds: ['timeout'], when: ['before'], rate: 1 });
    const error = await client.send(transaction()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', $metadata: { attempts: 4 } });
    expect(retryKind(error)).toBe('TRANSIENT');
  });

  it.each([
    ['dynamodb', () => new DynamoClient(), transaction, 'ThrottlingException', 'InternalServerError'],
    [
      's3',
      () => new AwsClient(S3),
      () => new PutObjectCommand({ Bucket: 'b', Key: 'k', Body: 'x' }),
      'SlowDown',
      'InternalError',
    ],
    [
      'cognito-idp',
      () => new AwsClient(COGNITO),
      () => new AdminCreateUserCommand({ UserPoolId: 'p', Username: 'u' }),
      'TooManyRequestsException',
      'InternalErrorException',
    ],
    [
      'ses',
      () => new AwsClient(SESV2),
      () =>
        new SendEmailCommand({
          FromEmailAddress: 'a@b.cl',
          Destination: { ToAddresses: ['c@d.cl'] },
          Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
        }),
      'TooManyRequestsException',
      'InternalServiceErrorException',
    ],
  ] as const)(
    '%s: throttling and 5xx in the service’s own words, classified as the SDK does',
    async (name, make, command, throttling, internal) => {
      const client = make() as AwsClient;
      (client as unknown as { fetch: typeof fetch }).fetch = service().fetch;
      (client as unknown as { sleep: () => Promise<void> }).sleep = async () => {};
      underPlan({ kinds: ['throttle'], when: ['before'], services: [name] });
      const throttled = await client.send(command() as never).catch((e: unknown) => e);
      expect(throttled).toMatchObject({ name: throttling });
      expect(retryKind(throttled)).toBe('THROTTLING');
      underPlan({ kinds: ['5xx'], when: ['after'], services: [name] });
      const failed = await client.send(command() as never).catch((e: unknown) => e);
      expect(failed).toMatchObject({ name: internal, $fault: 'server' });
      expect(retryKind(failed)).toBe('TRANSIENT');
    },
  );

  it('leaves alone the services and operations its plan does not name', async () => {
    const { fetch, received } = service();
    const client = new DynamoClient({ fetch, sleep: async () => {} });
    const scope = underPlan({ services: ['s3'] });
    await client.send(transaction());
    underPlan({ operations: ['GetItem'] });
    await client.send(transaction());
    expect(received).toHaveLength(2);
    expect(scope.injected).toEqual([]);
  });

  it('faults only the attempts its plan names, so a lost answer meets its retry', async () => {
    const { fetch, received } = service();
    const client = new DynamoClient({ fetch, sleep: async () => {} });
    const scope = underPlan({ kinds: ['timeout'], when: ['after'], attempts: [1] });
    await client.send(transaction());
    // The first attempt reached the service and lost its answer; the second, not faulted, got one.
    expect(received).toHaveLength(2);
    expect(scope.injected?.map(describeFault)).toEqual(['dynamodb.TransactWriteItems#1:timeout@after']);
    expect(parsePlan('seed=1;rate=1;attempts=1,3').attempts).toEqual([1, 3]);
    expect(formatPlan({ seed: 1, rate: 1, attempts: [1] })).toBe('seed=1;rate=1;attempts=1');
    expect(() => parsePlan('attempts=0')).toThrow(/from 1/);
  });
});
