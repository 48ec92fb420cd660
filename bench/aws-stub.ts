import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { marshall } from '@aws-sdk/util-dynamodb';

/**
 * A stand-in for AWS in the cold-start bench: every service the light clients call (AWS_ENDPOINT_URL) and the token
 * issuer's keys (LOCAL_COGNITO_URL), on one local port, so a function's first call sends what it sends in AWS, signed,
 * without the network's latency in the figure. DynamoDB finds the signed-in user and nothing else; other services
 * answer an empty success. It counts the signed requests it receives.
 */
export interface AwsStub {
  url: string;
  /** Environment of a function pointed here, with a bearer token of a SUPER_ADMIN whose record the stub serves. */
  env: Record<string, string>;
  token: string;
  /** The portal the token's session lives on (the x-portal-origin header of the bench's requests). */
  portal: string;
  /** Signed requests received so far. */
  signed(): number;
  close(): Promise<void>;
}

const POOL = 'us-east-1_bench';
const CLIENT = 'bench-client';
const PORTAL = 'https://portal.example.invalid';

const body = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    request.on('end', () => resolve(text));
  });

export async function startAwsStub(): Promise<AwsStub> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'bench', alg: 'RS256', use: 'sig' };
  const userUuid = randomUUID();
  const jti = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const user = {
    pk: `USER#${userUuid}`,
    sk: 'USER',
    uuid: userUuid,
    email: 'bench@example.com',
    first_name: 'Bench',
    last_name: 'Admin',
    enable: true,
    user_role: 'SUPER_ADMIN',
    image: null,
    phone_number: null,
    position: null,
    rut_user: null,
    user_description: null,
    user_magnus: null,
    project_uuids: [],
    group_uuids: [],
    society_uuids: [],
    created: new Date(now * 1000).toISOString(),
    version: 1,
    live_tokens: { [jti]: { portal: PORTAL, until: now + 3600 } },
  };
  let signed = 0;
  let url = '';

  const answer = async (request: IncomingMessage): Promise<[number, string]> => {
    const text = await body(request);
    if (request.headers.authorization?.startsWith('AWS4-HMAC-SHA256')) signed += 1;
    if (request.url?.endsWith('/.well-known/jwks.json')) return [200, JSON.stringify({ keys: [jwk] })];
    const target = String(request.headers['x-amz-target'] ?? '');
    if (target === 'DynamoDB_20120810.GetItem') {
      const wanted = (JSON.parse(text) as { Key?: { pk?: { S?: string } } }).Key?.pk?.S;
      return [200, JSON.stringify(wanted === user.pk ? { Item: marshall(user) } : {})];
    }
    if (target === 'DynamoDB_20120810.BatchGetItem') return [200, JSON.stringify({ Responses: {} })];
    if (target === 'DynamoDB_20120810.Query') return [200, JSON.stringify({ Items: [], Count: 0, ScannedCount: 0 })];
    return [200, target ? '{}' : ''];
  };

  const server: Server = createServer((request, response) => {
    answer(request).then(([status, text]) => {
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: `${url}/${POOL}`,
    sub: userUuid,
    username: userUuid,
    client_id: CLIENT,
    token_use: 'access',
    jti,
    iat: now,
    exp: now + 3600,
  };
  const unsigned = `${part({ alg: 'RS256', kid: 'bench' })}.${part(claims)}`;
  const token = `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url')}`;

  return {
    url,
    token,
    portal: PORTAL,
    env: {
      AWS_ENDPOINT_URL: url,
      LOCAL_COGNITO_URL: url,
      USER_POOL_ID: POOL,
      USER_POOL_CLIENT_ID: CLIENT,
    },
    signed: () => signed,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
