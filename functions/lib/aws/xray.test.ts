import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DynamoClient } from './dynamo-client';
import { GetCommand } from './dynamo-commands';
import { daemonAddress, traceContext } from './xray';

/**
 * Each AWS call as an X-Ray subsegment, written to the daemon over UDP: a real UDP socket on this machine plays the
 * Lambda X-Ray daemon, and the light DynamoDB client calls a stand-in of the service (its answers in turn).
 */
let daemon: Socket;
let port: number;
const waiting: Array<(datagram: string) => void> = [];
const received: string[] = [];

beforeAll(async () => {
  daemon = createSocket('udp4');
  daemon.on('message', (message) => {
    const next = waiting.shift();
    if (next) next(message.toString('utf8'));
    else received.push(message.toString('utf8'));
  });
  await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
  port = (daemon.address() as AddressInfo).port;
});
afterAll(() => {
  daemon.close();
});

/** The next datagram the daemon receives. */
const nextDatagram = () =>
  new Promise<string>((resolve) => {
    const ready = received.shift();
    if (ready !== undefined) resolve(ready);
    else waiting.push(resolve);
  });

/** A datagram as the daemon reads it: the header line, then the segment document. */
function parsed(datagram: string) {
  const newline = datagram.indexOf('\n');
  return { header: JSON.parse(datagram.slice(0, newline)), segment: JSON.parse(datagram.slice(newline + 1)) };
}

const ROOT = '1-6567a1b2-0123456789abcdef01234567';
const PARENT = '53995c3f42cd8ad8';

function client(...answers: Array<[number, unknown]>) {
  let n = 0;
  const fetch = vi.fn(async () => {
    const [status, body] = answers[Math.min(n++, answers.length - 1)] as [number, unknown];
    return new Response(JSON.stringify(body), { status, headers: { 'x-amzn-requestid': `req-${n}` } });
  });
  return new DynamoClient({ fetch: fetch as unknown as typeof globalThis.fetch, sleep: async () => {} });
}
const get = () => new GetCommand({ TableName: 'portal', Key: { pk: 'HEALTH', sk: 'HEALTH' } });

beforeEach(() => {
  vi.stubEnv('AWS_REGION', 'sa-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY');
  vi.stubEnv('AWS_XRAY_DAEMON_ADDRESS', `127.0.0.1:${port}`);
  vi.stubEnv('_X_AMZN_TRACE_ID', `Root=${ROOT};Parent=${PARENT};Sampled=1;Lineage=a87bd80c:0`);
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('a subsegment per AWS call', () => {
  it('names the service and the operation, under the invocation’s segment, with its time, status and request id', async () => {
    const before = Date.now() / 1000;
    await client([200, { Item: { pk: { S: 'HEALTH' }, sk: { S: 'HEALTH' } } }]).send(get());
    const after = Date.now() / 1000;
    const { header, segment } = parsed(await nextDatagram());
    expect(header).toEqual({ format: 'json', version: 1 });
    expect(segment).toMatchObject({
      type: 'subsegment',
      trace_id: ROOT,
      parent_id: PARENT,
      name: 'DynamoDB',
      namespace: 'aws',
      http: { response: { status: 200 } },
      aws: { operation: 'GetItem', region: 'sa-east-1', request_id: 'req-1', retries: 0, table_name: 'portal' },
    });
    expect(segment.id).toMatch(/^[0-9a-f]{16}$/);
    expect(segment.start_time).toBeGreaterThanOrEqual(Math.floor(before * 1000) / 1000);
    expect(segment.end_time).toBeGreaterThanOrEqual(segment.start_time);
    expect(segment.end_time).toBeLessThanOrEqual(after + 0.001);
    expect(segment).not.toHaveProperty('error');
    expect(segment).not.toHaveProperty('fault');
  });

  it('marks a refusal as an error, throttling retried to the end as a throttle, and a 5xx as a fault, with the retries', async () => {
    const refused = client([400, { __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException' }]);
    await expect(refused.send(get())).rejects.toThrow();
    const error = parsed(await nextDatagram()).segment;
    expect(error).toMatchObject({ error: true, http: { response: { status: 400 } }, aws: { retries: 0 } });
    expect(error.cause.exceptions[0]).toMatchObject({ type: 'ConditionalCheckFailedException', remote: true });
    expect(error).not.toHaveProperty('throttle');

    const throttled = client([400, { __type: 'com.amazonaws.dynamodb.v20120810#ThrottlingException' }]);
    await expect(throttled.send(get())).rejects.toThrow();
    const throttle = parsed(await nextDatagram()).segment;
    expect(throttle).toMatchObject({ error: true, throttle: true, aws: { operation: 'GetItem' } });
    expect(throttle.aws.retries).toBeGreaterThanOrEqual(1);
    expect(throttle).not.toHaveProperty('fault');

    const broken = client([500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError' }], [200, {}]);
    await broken.send(get());
    // Retried once and answered: the call succeeded, after one retry.
    const recovered = parsed(await nextDatagram()).segment;
    expect(recovered).toMatchObject({ aws: { retries: 1 }, http: { response: { status: 200 } } });
    expect(recovered).not.toHaveProperty('fault');
    const failing = client([500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError' }]);
    await expect(failing.send(get())).rejects.toThrow();
    expect(parsed(await nextDatagram()).segment).toMatchObject({ fault: true, http: { response: { status: 500 } } });
  });

  it('sends nothing for an invocation not sampled, nor without a trace or a daemon', async () => {
    vi.stubEnv('_X_AMZN_TRACE_ID', `Root=${ROOT};Parent=${PARENT};Sampled=0`);
    await client([200, {}]).send(get());
    vi.stubEnv('_X_AMZN_TRACE_ID', '');
    await client([200, {}]).send(get());
    vi.stubEnv('_X_AMZN_TRACE_ID', `Root=${ROOT};Parent=${PARENT};Sampled=1`);
    vi.stubEnv('AWS_XRAY_DAEMON_ADDRESS', '');
    await client([200, {}]).send(get());
    // Then a sampled call: the first datagram to arrive is its own (loopback keeps the order).
    vi.stubEnv('AWS_XRAY_DAEMON_ADDRESS', `127.0.0.1:${port}`);
    await client([200, {}]).send(new GetCommand({ TableName: 'marker', Key: { pk: 'A', sk: 'B' } }));
    expect(parsed(await nextDatagram()).segment.aws.table_name).toBe('marker');
    expect(received).toEqual([]);
  });
});

describe('what Lambda gives', () => {
  it('reads the trace header and the daemon address in both their forms', () => {
    expect(traceContext(`Root=${ROOT};Parent=${PARENT};Sampled=1`)).toEqual({ root: ROOT, parent: PARENT });
    expect(traceContext(`Root=${ROOT};Parent=${PARENT};Sampled=0`)).toBeUndefined();
    expect(traceContext(`Root=${ROOT};Sampled=1`)).toBeUndefined();
    expect(daemonAddress('169.254.79.129:2000')).toEqual({ host: '169.254.79.129', port: 2000 });
    expect(daemonAddress('tcp:127.0.0.1:2000 udp:127.0.0.2:2001')).toEqual({ host: '127.0.0.2', port: 2001 });
    expect(daemonAddress('nonsense')).toBeUndefined();
  });
});
