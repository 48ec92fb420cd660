import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AwsError } from './aws-client';
import { DynamoClient } from './dynamo-client';
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from './dynamo-commands';

/**
 * The light DynamoDB client against a stand-in for the service: what it puts on the wire (signature,
 * protocol, marshalling), how it reads answers and errors, and when it retries. The integration tests run it against
 * DynamoDB Local.
 */
interface Sent {
  url: string;
  headers: Record<string, string>;
  target: string;
  body: Record<string, unknown>;
}

/** A client whose requests are recorded and answered in turn by `answers` (status, body: JSON or raw text), the last one repeated. */
function stubbed(...answers: Array<[number, unknown] | Error>) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    sent.push({
      url: String(url),
      headers,
      target: headers['x-amz-target'] as string,
      body: JSON.parse(String(init?.body)),
    });
    const answer = answers[Math.min(sent.length, answers.length) - 1] as [number, unknown] | Error;
    if (answer instanceof Error) throw answer;
    return new Response(typeof answer[1] === 'string' ? answer[1] : JSON.stringify(answer[1]), {
      status: answer[0],
      headers: { 'x-amzn-requestid': `req-${sent.length}` },
    });
  });
  const sleep = vi.fn(async () => {});
  return { client: new DynamoClient({ fetch: fetch as typeof globalThis.fetch, sleep }), sent, sleep };
}

const failure = (type: string, message: string, extra: object = {}) => ({
  __type: `com.amazonaws.dynamodb.v20120810#${type}`,
  message,
  ...extra,
});

beforeEach(() => {
  vi.stubEnv('AWS_REGION', 'sa-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY');
  vi.stubEnv('AWS_SESSION_TOKEN', 'session-token-example');
  vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', '');
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('the request on the wire', () => {
  it('is signed exactly as the AWS SDK signs the same request (SigV4, session token included)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T14:05:00Z'));
    const { client, sent } = stubbed([200, {}]);
    await client.send(new GetCommand({ TableName: 'portal', Key: { pk: 'HEALTH', sk: 'HEALTH' } }));
    const [request] = sent as [Sent];
    const url = new URL(request.url);
    const sdk = new SignatureV4({
      credentials: {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        sessionToken: 'session-token-example',
      },
      region: 'sa-east-1',
      service: 'dynamodb',
      sha256: Sha256,
      applyChecksum: false, // the payload's hash enters the signature either way; DynamoDB needs no header of it
    });
    const expected = await sdk.sign(
      {
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname,
        path: url.pathname,
        query: {},
        headers: {
          host: url.host,
          'content-type': request.headers['content-type'] as string,
          'x-amz-target': request.target,
        },
        body: JSON.stringify(request.body),
      },
      { signingDate: new Date('2026-11-23T14:05:00Z'), unsignableHeaders: new Set(['content-type']) },
    );
    expect(request.headers.authorization).toBe(expected.headers.authorization);
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20261123\/sa-east-1\/dynamodb\/aws4_request, SignedHeaders=host;x-amz-date;x-amz-security-token;x-amz-target, Signature=[0-9a-f]{64}$/,
    );
    expect(request.headers['x-amz-security-token']).toBe('session-token-example');
  });

  it("speaks DynamoDB's JSON 1.0 protocol to the region's endpoint, or to AWS_ENDPOINT_URL_DYNAMODB when set", async () => {
    const { client, sent } = stubbed([200, {}]);
    await client.send(new GetCommand({ TableName: 'portal', Key: { pk: 'A', sk: 'B' } }));
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', 'http://127.0.0.1:8000');
    await client.send(new QueryCommand({ TableName: 'portal', KeyConditionExpression: 'pk = :pk' }));
    expect(sent.map((s) => [s.url, s.target, s.headers['content-type']])).toEqual([
      ['https://dynamodb.sa-east-1.amazonaws.com/', 'DynamoDB_20120810.GetItem', 'application/x-amz-json-1.0'],
      ['http://127.0.0.1:8000/', 'DynamoDB_20120810.Query', 'application/x-amz-json-1.0'],
    ]);
  });
});

describe('marshalling, as the DocumentClient of @aws-sdk/lib-dynamodb', () => {
  const item = {
    pk: 'SOCIETY#1',
    sk: 'SOCIETY',
    name: 'Ñandú SpA',
    count: 3,
    ratio: 0.25,
    enable: true,
    image: null,
    gone: undefined,
    tags: new Set(['a', 'b']),
    nested: { list: [1, 'two', { deep: undefined, kept: false }] },
    avatar: new Uint8Array([0, 1, 2, 250]),
  };

  it('writes documents as attribute values, dropping undefined values, binaries in base64', async () => {
    const { client, sent } = stubbed([200, {}]);
    await client.send(
      new PutCommand({
        TableName: 'portal',
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk) OR version = :v',
        ExpressionAttributeValues: { ':v': 2 },
      }),
    );
    expect(sent[0]?.body).toEqual({
      TableName: 'portal',
      Item: {
        pk: { S: 'SOCIETY#1' },
        sk: { S: 'SOCIETY' },
        name: { S: 'Ñandú SpA' },
        count: { N: '3' },
        ratio: { N: '0.25' },
        enable: { BOOL: true },
        image: { NULL: true },
        tags: { SS: ['a', 'b'] },
        nested: { M: { list: { L: [{ N: '1' }, { S: 'two' }, { M: { kept: { BOOL: false } } }] } } },
        avatar: { B: 'AAEC+g==' },
      },
      ConditionExpression: 'attribute_not_exists(pk) OR version = :v',
      ExpressionAttributeValues: { ':v': { N: '2' } },
    });
  });

  it('reads the same documents back from what it wrote (a round trip through the wire format)', async () => {
    const writer = stubbed([200, {}]);
    await writer.client.send(new PutCommand({ TableName: 'portal', Item: item }));
    const stored = writer.sent[0]?.body.Item;
    const { client } = stubbed([200, { Item: stored }]);
    const { gone: _, ...expected } = item;
    const { Item } = await client.send(
      new GetCommand({ TableName: 'portal', Key: { pk: 'SOCIETY#1', sk: 'SOCIETY' } }),
    );
    expect(Item).toEqual({ ...expected, nested: { list: [1, 'two', { kept: false }] } });
    expect(Item?.avatar).toBeInstanceOf(Uint8Array);
  });

  it('converts every place a command or its answer holds items, and leaves the rest as it is', async () => {
    const key = { pk: { S: 'P' }, sk: { S: 'S' } };
    const { client, sent } = stubbed(
      [200, { Items: [key], LastEvaluatedKey: key, Count: 1, ScannedCount: 1 }],
      [200, { Responses: { portal: [key] }, UnprocessedKeys: { portal: { Keys: [key], ConsistentRead: true } } }],
      [200, { UnprocessedItems: { portal: [{ DeleteRequest: { Key: key } }] } }],
      [200, { Attributes: { n: { N: '7' } } }],
      [200, {}],
    );
    const page = await client.send(
      new QueryCommand({
        TableName: 'portal',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'P' },
        ExclusiveStartKey: { pk: 'P', sk: 'R' },
      }),
    );
    expect(page).toMatchObject({ Items: [{ pk: 'P', sk: 'S' }], LastEvaluatedKey: { pk: 'P', sk: 'S' }, Count: 1 });
    expect(page.$metadata).toMatchObject({ httpStatusCode: 200, requestId: 'req-1', attempts: 1 });
    const batch = await client.send(
      new BatchGetCommand({ RequestItems: { portal: { Keys: [{ pk: 'P', sk: 'S' }], ConsistentRead: true } } }),
    );
    expect(batch).toMatchObject({
      Responses: { portal: [{ pk: 'P', sk: 'S' }] },
      UnprocessedKeys: { portal: { Keys: [{ pk: 'P', sk: 'S' }], ConsistentRead: true } },
    });
    const writes = await client.send(
      new BatchWriteCommand({
        RequestItems: {
          portal: [{ PutRequest: { Item: { pk: 'P', sk: 'T' } } }, { DeleteRequest: { Key: { pk: 'P', sk: 'S' } } }],
        },
      }),
    );
    expect(writes.UnprocessedItems).toEqual({ portal: [{ DeleteRequest: { Key: { pk: 'P', sk: 'S' } } }] });
    const updated = await client.send(
      new UpdateCommand({
        TableName: 'portal',
        Key: { pk: 'P', sk: 'S' },
        UpdateExpression: 'ADD n :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    expect(updated.Attributes).toEqual({ n: 7 });
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: 'portal', Item: { pk: 'P', sk: 'U', at: undefined } } },
          {
            ConditionCheck: {
              TableName: 'portal',
              Key: { pk: 'P', sk: 'V' },
              ConditionExpression: 'v = :v',
              ExpressionAttributeValues: { ':v': 'x' },
            },
          },
        ],
      }),
    );
    expect(sent.map((s) => s.body)).toEqual([
      {
        TableName: 'portal',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: 'P' } },
        ExclusiveStartKey: { pk: { S: 'P' }, sk: { S: 'R' } },
      },
      { RequestItems: { portal: { Keys: [key], ConsistentRead: true } } },
      {
        RequestItems: {
          portal: [{ PutRequest: { Item: { pk: { S: 'P' }, sk: { S: 'T' } } } }, { DeleteRequest: { Key: key } }],
        },
      },
      {
        TableName: 'portal',
        Key: key,
        UpdateExpression: 'ADD n :one',
        ExpressionAttributeValues: { ':one': { N: '1' } },
        ReturnValues: 'UPDATED_NEW',
      },
      {
        TransactItems: [
          { Put: { TableName: 'portal', Item: { pk: { S: 'P' }, sk: { S: 'U' } } } },
          {
            ConditionCheck: {
              TableName: 'portal',
              Key: { pk: { S: 'P' }, sk: { S: 'V' } },
              ConditionExpression: 'v = :v',
              ExpressionAttributeValues: { ':v': { S: 'x' } },
            },
          },
        ],
        ClientRequestToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });
});

describe('errors and retries', () => {
  const put = () => new PutCommand({ TableName: 'portal', Item: { pk: 'P', sk: 'S' } });

  it('answers a failed condition at once, as an error named after the exception', async () => {
    const { client, sent } = stubbed([
      400,
      failure('ConditionalCheckFailedException', 'The conditional request failed'),
    ]);
    const error = await client.send(put()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AwsError);
    expect(error).toMatchObject({
      name: 'ConditionalCheckFailedException',
      message: 'The conditional request failed',
      $metadata: { httpStatusCode: 400, attempts: 1 },
      $fault: 'client',
    });
    expect(sent).toHaveLength(1);
  });

  it("answers a cancelled transaction at once, with DynamoDB's reasons item by item", async () => {
    const reasons = [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' }];
    const { client, sent } = stubbed([
      400,
      failure(
        'TransactionCanceledException',
        'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
        {
          CancellationReasons: reasons,
        },
      ),
    ]);
    const error = (await client
      .send(new TransactWriteCommand({ TransactItems: [] }))
      .catch((e: unknown) => e)) as AwsError;
    expect(error.name).toBe('TransactionCanceledException');
    expect(error.CancellationReasons).toEqual(reasons);
    expect(sent).toHaveLength(1);
  });

  it('retries throttling with a growing random pause (from 1 s), and succeeds when DynamoDB does', async () => {
    const throttled: [number, unknown] = [400, failure('ProvisionedThroughputExceededException', 'slow down')];
    const { client, sent, sleep } = stubbed(throttled, throttled, [200, { Item: { pk: { S: 'P' } } }]);
    const { Item, $metadata } = await client.send(new GetCommand({ TableName: 'portal', Key: { pk: 'P', sk: 'S' } }));
    expect(Item).toEqual({ pk: 'P' });
    expect($metadata.attempts).toBe(3);
    expect(sent).toHaveLength(3);
    const pauses = sleep.mock.calls.map((call) => (call as unknown as [number])[0]);
    expect(pauses).toHaveLength(2);
    expect(pauses[0]).toBeLessThan(1000);
    expect(pauses[1]).toBeLessThan(2000);
  });

  it('retries server errors and network failures, and gives up after 4 attempts with the last error', async () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const flaky = stubbed(new TypeError('fetch failed', { cause: reset }), [200, {}]);
    await expect(flaky.client.send(put())).resolves.toMatchObject({ $metadata: { attempts: 2 } });
    const down = stubbed([500, failure('InternalServerError', 'Internal server error')]);
    await expect(down.client.send(put())).rejects.toMatchObject({
      name: 'InternalServerError',
      $fault: 'server',
      $metadata: { httpStatusCode: 500, attempts: 4 },
    });
    expect(down.sent).toHaveLength(4);
    const proxy = stubbed([502, '<html>Bad Gateway</html>'], [200, {}]);
    await expect(proxy.client.send(put())).resolves.toMatchObject({ $metadata: { attempts: 2 } });
  });

  it('does not retry what the request itself got wrong', async () => {
    const { client, sent } = stubbed([
      400,
      failure('ValidationException', 'One or more parameter values were invalid'),
    ]);
    await expect(client.send(put())).rejects.toMatchObject({ name: 'ValidationException' });
    expect(sent).toHaveLength(1);
  });
});

describe('the onSend hook', () => {
  it('sees each operation with the input as written, can refuse it before it leaves, and can be removed', async () => {
    const { client, sent } = stubbed([200, {}]);
    const seen: Array<[string, unknown]> = [];
    const stop = client.onSend((operation, input) => {
      seen.push([operation, input]);
      if ((input.Key as { pk?: string } | undefined)?.pk === 'SECRET') throw new Error('refused');
    });
    await client.send(new GetCommand({ TableName: 'portal', Key: { pk: 'P', sk: 'S' } }));
    await expect(client.send(new GetCommand({ TableName: 'portal', Key: { pk: 'SECRET', sk: 'S' } }))).rejects.toThrow(
      'refused',
    );
    stop();
    await client.send(new GetCommand({ TableName: 'portal', Key: { pk: 'SECRET', sk: 'S' } }));
    expect(seen).toEqual([
      ['GetItem', { TableName: 'portal', Key: { pk: 'P', sk: 'S' } }],
      ['GetItem', { TableName: 'portal', Key: { pk: 'SECRET', sk: 'S' } }],
    ]);
    expect(sent).toHaveLength(2);
  });
});
