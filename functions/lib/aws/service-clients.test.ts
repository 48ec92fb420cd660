import { Readable } from 'node:stream';
import { Sha256 } from '@aws-crypto/sha256-js';
import {
  CognitoIdentityProviderClient,
  AdminInitiateAuthCommand as SdkAdminInitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  KMSClient,
  GetPublicKeyCommand as SdkGetPublicKeyCommand,
  SignCommand as SdkSignCommand,
} from '@aws-sdk/client-kms';
import {
  S3Client,
  GetObjectCommand as SdkGetObjectCommand,
  PutObjectCommand as SdkPutObjectCommand,
} from '@aws-sdk/client-s3';
import {
  GetSecretValueCommand as SdkGetSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { SendEmailCommand as SdkSendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { HttpResponse } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AwsClient, type AwsCommand, AwsError, type AwsService } from './aws-client';
import {
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminUserGlobalSignOutCommand,
  COGNITO,
  RevokeTokenCommand,
} from './cognito-commands';
import { GetPublicKeyCommand, KMS, SignCommand } from './kms-commands';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3,
} from './s3-commands';
import { GetSecretValueCommand, SECRETS_MANAGER } from './secrets-commands';
import { SESV2, SendEmailCommand } from './ses-commands';

/**
 * The light Cognito, SES v2, S3, Secrets Manager and KMS clients against a stand-in for each service: the request each puts on
 * the wire (compared with what the SDK's own client sends, and signed as the SDK's SignatureV4 signs it), how errors
 * come back named, and what is retried. The integration tests run them against cognito-local, aws-ses-v2-local and
 * s3rver.
 */
interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

type Answer = { status: number; body?: string | Uint8Array; headers?: Record<string, string> } | Error;

/** A client of `service` whose requests are recorded and answered in turn by `answers`, the last one repeated. */
function stubbed(service: AwsService, ...answers: Answer[]) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const body = init?.body;
    sent.push({
      method: String(init?.method),
      url: String(url),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array((body as Uint8Array) ?? []),
    });
    const answer = answers[Math.min(sent.length, answers.length) - 1] as Answer;
    if (answer instanceof Error) throw answer;
    return new Response((answer.body ?? null) as BodyInit | null, { status: answer.status, headers: answer.headers });
  });
  const sleep = vi.fn(async () => {});
  return { client: new AwsClient(service, { fetch: fetch as typeof globalThis.fetch, sleep }), sent, sleep };
}

const text = (body: Uint8Array) => new TextDecoder().decode(body);
const json = (body: Uint8Array) => JSON.parse(text(body));
const sdkJson = (body: unknown) => JSON.parse(typeof body === 'string' ? body : text(body as Uint8Array));

/** An SDK client config whose handler records the request and answers `body` with 200. */
function capturing(body = '{}') {
  const requests: Array<{ method: string; path: string; headers: Record<string, string>; body: unknown }> = [];
  return {
    requests,
    config: {
      region: 'sa-east-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      requestHandler: {
        handle: async (request: { method: string; path: string; headers: Record<string, string>; body: unknown }) => {
          requests.push(request);
          return {
            response: new HttpResponse({
              statusCode: 200,
              headers: { 'content-type': 'application/json' },
              body: Readable.from([Buffer.from(body)]),
            }),
          };
        },
      },
    },
  };
}

const CREDENTIALS = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: 'session-token-example',
};
const SIGNING_DATE = new Date('2026-11-23T14:05:00Z');

/** The Authorization header the SDK's SignatureV4 gives the request we sent (aws4fetch leaves content-type unsigned). */
async function sdkAuthorization(request: Sent, signingName: string, options: { uriEscapePath?: boolean } = {}) {
  const url = new URL(request.url);
  const { authorization: _, ...headers } = request.headers;
  const signer = new SignatureV4({
    credentials: CREDENTIALS,
    region: 'sa-east-1',
    service: signingName,
    sha256: Sha256,
    uriEscapePath: options.uriEscapePath ?? true,
    applyChecksum: false,
  });
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: url.protocol,
      hostname: url.hostname,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...headers, host: url.host },
      body: request.body,
    },
    { signingDate: SIGNING_DATE, unsignableHeaders: new Set(['content-type', 'content-length']) },
  );
  return signed.headers.authorization;
}

beforeEach(() => {
  vi.stubEnv('AWS_REGION', 'sa-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', CREDENTIALS.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', CREDENTIALS.secretAccessKey);
  vi.stubEnv('AWS_SESSION_TOKEN', CREDENTIALS.sessionToken);
  for (const name of ['COGNITO_IDENTITY_PROVIDER', 'SESV2', 'S3']) delete process.env[`AWS_ENDPOINT_URL_${name}`];
  delete process.env.AWS_ENDPOINT_URL;
  delete process.env.PORTAL_LOCAL;
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const signIn = () =>
  new AdminInitiateAuthCommand({
    AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
    UserPoolId: 'sa-east-1_pool',
    ClientId: 'client',
    AuthParameters: { USERNAME: 'u-1', PASSWORD: 'Ñandú secreto 1!' },
  });

describe('Cognito (JSON 1.1)', () => {
  it('sends what the SDK sends, signed as the SDK signs it (session token included)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SIGNING_DATE);
    const { client, sent } = stubbed(COGNITO, {
      status: 200,
      body: JSON.stringify({ AuthenticationResult: { AccessToken: 'a', RefreshToken: 'r', ExpiresIn: 3600 } }),
      headers: { 'x-amzn-requestid': 'req-1' },
    });
    const out = await client.send(signIn());
    expect(out).toEqual({
      AuthenticationResult: { AccessToken: 'a', RefreshToken: 'r', ExpiresIn: 3600 },
      $metadata: { httpStatusCode: 200, requestId: 'req-1', attempts: 1 },
    });
    const [request] = sent as [Sent];
    const sdk = capturing();
    await new CognitoIdentityProviderClient(sdk.config).send(new SdkAdminInitiateAuthCommand(signIn().input));
    const [expected] = sdk.requests;
    expect(request.url).toBe('https://cognito-idp.sa-east-1.amazonaws.com/');
    expect([request.method, new URL(request.url).pathname]).toEqual([expected?.method, expected?.path]);
    expect(request.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.AdminInitiateAuth');
    expect(request.headers['x-amz-target']).toBe(expected?.headers['x-amz-target']);
    expect(request.headers['content-type']).toBe(expected?.headers['content-type']);
    expect(json(request.body)).toEqual(sdkJson(expected?.body));
    expect(request.headers.authorization).toBe(await sdkAuthorization(request, 'cognito-idp'));
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20261123\/sa-east-1\/cognito-idp\/aws4_request, SignedHeaders=host;x-amz-date;x-amz-security-token;x-amz-target, Signature=[0-9a-f]{64}$/,
    );
  });

  it('sends RevokeToken unsigned, as the SDK does (the token and app client authorize it)', async () => {
    const { client, sent } = stubbed(COGNITO, { status: 200, body: '{}' });
    await client.send(new RevokeTokenCommand({ ClientId: 'client', Token: 'refresh' }));
    expect(sent[0]?.headers.authorization).toBeUndefined();
    expect(sent[0]?.headers['x-amz-security-token']).toBeUndefined();
    expect(sent[0]?.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.RevokeToken');
  });

  it('goes to AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER when set (cognito-local), else AWS_ENDPOINT_URL', async () => {
    const { client, sent } = stubbed(COGNITO, { status: 200, body: '{}' });
    vi.stubEnv('AWS_ENDPOINT_URL', 'http://127.0.0.1:4000');
    await client.send(signIn());
    vi.stubEnv('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', 'http://127.0.0.1:9229');
    await client.send(signIn());
    expect(sent.map((s) => s.url)).toEqual(['http://127.0.0.1:4000/', 'http://127.0.0.1:9229/']);
  });

  it("names errors as the callers test them, from Cognito's header, __type or code (cognito-local)", async () => {
    const { client, sent } = stubbed(
      COGNITO,
      {
        status: 400,
        body: JSON.stringify({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' }),
        headers: { 'x-amzn-errortype': 'NotAuthorizedException:http://internal.amazon.com/coral/com.amazon/' },
      },
      {
        status: 400,
        body: JSON.stringify({ __type: 'com.amazonaws.cognito#UsernameExistsException', message: 'exists' }),
      },
      { status: 400, body: JSON.stringify({ code: 'UserNotFoundException', message: 'User does not exist.' }) },
    );
    const refused = await client.send(signIn()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AwsError);
    expect(refused).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
      $fault: 'client',
      $metadata: { httpStatusCode: 400, attempts: 1 },
    });
    await expect(client.send(new AdminCreateUserCommand({ UserPoolId: 'p', Username: 'u-1' }))).rejects.toMatchObject({
      name: 'UsernameExistsException',
      message: 'exists',
    });
    await expect(client.send(signIn())).rejects.toMatchObject({ name: 'UserNotFoundException' });
    expect(sent).toHaveLength(3);
  });

  it('retries throttling and server faults (cognito-local answers an unsupported call with 500), 3 attempts', async () => {
    const throttled: Answer = { status: 400, body: JSON.stringify({ __type: 'TooManyRequestsException' }) };
    const ok = stubbed(COGNITO, throttled, { status: 200, body: '{}' });
    await expect(ok.client.send(signIn())).resolves.toMatchObject({ $metadata: { attempts: 2 } });
    const unsupported = stubbed(COGNITO, { status: 500, body: JSON.stringify({ __type: 'CognitoLocal#Unsupported' }) });
    await expect(
      unsupported.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: 'p', Username: 'u' })),
    ).rejects.toMatchObject({ name: 'Unsupported', $fault: 'server', $metadata: { attempts: 3 } });
    expect(unsupported.sleep).toHaveBeenCalledTimes(2);
  });
});

describe('SES v2 (REST-JSON)', () => {
  const mail = () =>
    new SendEmailCommand({
      FromEmailAddress: 'no-reply@portal.cl',
      Destination: { ToAddresses: ['ana@example.cl'] },
      Content: {
        Simple: {
          Subject: { Data: 'Invitación', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Hola', Charset: 'UTF-8' } },
          Attachments: [
            {
              FileName: 'logo.png',
              ContentType: 'image/png',
              ContentDisposition: 'INLINE',
              ContentId: 'logo',
              ContentTransferEncoding: 'BASE64',
              RawContent: Buffer.from([137, 80, 78, 71, 0, 255]),
            },
          ],
        },
      },
    });

  it('posts what the SDK posts (attachments in base64), signed as the SDK signs it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SIGNING_DATE);
    const { client, sent } = stubbed(SESV2, { status: 200, body: JSON.stringify({ MessageId: 'm-1' }) });
    await expect(client.send(mail())).resolves.toMatchObject({ MessageId: 'm-1', $metadata: { attempts: 1 } });
    const [request] = sent as [Sent];
    const sdk = capturing(JSON.stringify({ MessageId: 'm-1' }));
    await new SESv2Client(sdk.config).send(new SdkSendEmailCommand(mail().input));
    const [expected] = sdk.requests;
    expect(request.url).toBe('https://email.sa-east-1.amazonaws.com/v2/email/outbound-emails');
    expect([request.method, new URL(request.url).pathname]).toEqual([expected?.method, expected?.path]);
    expect(request.headers['content-type']).toBe(expected?.headers['content-type']);
    expect(json(request.body)).toEqual(sdkJson(expected?.body));
    expect(json(request.body).Content.Simple.Attachments[0].RawContent).toBe('iVBORwD/');
    expect(request.headers.authorization).toBe(await sdkAuthorization(request, 'ses'));
  });

  it('goes to AWS_ENDPOINT_URL_SESV2 when set (aws-ses-v2-local), keeping its path', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_SESV2', 'http://127.0.0.1:8005/');
    const { client, sent } = stubbed(SESV2, { status: 200, body: '{}' });
    await client.send(mail());
    expect(sent[0]?.url).toBe('http://127.0.0.1:8005/v2/email/outbound-emails');
  });

  it('names errors from the x-amzn-errortype header, and does not retry a refused message', async () => {
    const { client, sent } = stubbed(SESV2, {
      status: 400,
      body: JSON.stringify({ message: 'Email address is not verified.' }),
      headers: { 'x-amzn-errortype': 'MessageRejected' },
    });
    await expect(client.send(mail())).rejects.toMatchObject({
      name: 'MessageRejected',
      message: 'Email address is not verified.',
    });
    expect(sent).toHaveLength(1);
  });
});

describe('Secrets Manager and KMS (JSON 1.1)', () => {
  /** The light client's request and the SDK's for one call, each answered `answer`. */
  async function bothSend<T>(
    service: AwsService,
    light: AwsCommand<object>,
    sdkSend: (config: ReturnType<typeof capturing>['config']) => Promise<T>,
    answer: string,
  ) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SIGNING_DATE);
    const { client, sent } = stubbed(service, { status: 200, body: answer, headers: { 'x-amzn-requestid': 'r' } });
    const out = await client.send(light);
    const sdk = capturing(answer);
    const sdkOut = await sdkSend(sdk.config);
    return { out, request: sent[0] as Sent, expected: sdk.requests[0], sdkOut };
  }

  it('sends GetSecretValue as the SDK sends it, signed as the SDK signs it, and reads its answer', async () => {
    const input = { SecretId: 'arn:aws:secretsmanager:sa-east-1:111122223333:secret:portal-second-factor' };
    const { out, request, expected, sdkOut } = await bothSend(
      SECRETS_MANAGER,
      new GetSecretValueCommand(input),
      (config) => new SecretsManagerClient(config).send(new SdkGetSecretValueCommand(input)),
      JSON.stringify({ SecretString: 'clave' }),
    );
    expect(request.url).toBe('https://secretsmanager.sa-east-1.amazonaws.com/');
    expect(request.headers['x-amz-target']).toBe(expected?.headers['x-amz-target']);
    expect(request.headers['content-type']).toBe(expected?.headers['content-type']);
    expect(json(request.body)).toEqual(sdkJson(expected?.body));
    expect(request.headers.authorization).toBe(await sdkAuthorization(request, 'secretsmanager'));
    expect((out as { SecretString?: string }).SecretString).toBe(sdkOut.SecretString);
  });

  it('sends Sign and GetPublicKey as the SDK sends them (binary values as base64), signed as the SDK signs them', async () => {
    const KeyId = 'arn:aws:kms:sa-east-1:111122223333:key/k1';
    const digest = Buffer.alloc(32, 7);
    const signInput = {
      KeyId,
      MessageType: 'DIGEST' as const,
      SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256' as const,
    };
    const signature = Buffer.from('firma').toString('base64');
    const sign = await bothSend(
      KMS,
      new SignCommand({ ...signInput, Message: digest.toString('base64') }),
      (config) => new KMSClient(config).send(new SdkSignCommand({ ...signInput, Message: digest })),
      JSON.stringify({ Signature: signature, KeyId }),
    );
    expect(sign.request.url).toBe('https://kms.sa-east-1.amazonaws.com/');
    expect(sign.request.headers['x-amz-target']).toBe(sign.expected?.headers['x-amz-target']);
    expect(sign.request.headers['content-type']).toBe(sign.expected?.headers['content-type']);
    expect(json(sign.request.body)).toEqual(sdkJson(sign.expected?.body));
    expect(sign.request.headers.authorization).toBe(await sdkAuthorization(sign.request, 'kms'));
    // The SDK gives bytes; the light client the wire's base64 of the same bytes.
    const signed = (sign.out as { Signature?: string }).Signature as string;
    expect(Buffer.from(signed, 'base64')).toEqual(Buffer.from(sign.sdkOut.Signature as Uint8Array));

    const publicKey = Buffer.from('clave pública').toString('base64');
    const read = await bothSend(
      KMS,
      new GetPublicKeyCommand({ KeyId }),
      (config) => new KMSClient(config).send(new SdkGetPublicKeyCommand({ KeyId })),
      JSON.stringify({ PublicKey: publicKey, KeyId }),
    );
    expect(read.request.headers['x-amz-target']).toBe(read.expected?.headers['x-amz-target']);
    expect(json(read.request.body)).toEqual(sdkJson(read.expected?.body));
    const key = (read.out as { PublicKey?: string }).PublicKey as string;
    expect(Buffer.from(key, 'base64')).toEqual(Buffer.from(read.sdkOut.PublicKey as Uint8Array));
  });
});

describe('S3 (REST)', () => {
  const put = () =>
    new PutObjectCommand({
      Bucket: 'portal-assets',
      Key: 'users/u-1/avatar (1)-ñ.png',
      Body: Buffer.from([137, 80, 78, 71]),
      ContentType: 'image/png',
    });

  it('puts the object whole, virtual-hosted in AWS, its payload hashed and signed as the SDK signs it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SIGNING_DATE);
    const { client, sent } = stubbed(S3, { status: 200, headers: { etag: '"e-1"' } });
    await expect(client.send(put())).resolves.toMatchObject({ ETag: '"e-1"', $metadata: { httpStatusCode: 200 } });
    const [request] = sent as [Sent];
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('https://portal-assets.s3.sa-east-1.amazonaws.com/users/u-1/avatar%20%281%29-%C3%B1.png');
    expect([...request.body]).toEqual([137, 80, 78, 71]);
    expect(request.headers['content-type']).toBe('image/png');
    expect(request.headers['x-amz-content-sha256']).toBe(
      '0f4636c78f65d3639ece5a064b5ae753e3408614a14fb18ab4d7540d2c248543',
    );
    // No checksum header, no aws-chunked framing: s3rver would store the framing inside the object.
    expect(Object.keys(request.headers).filter((h) => /checksum|content-encoding|decoded/.test(h))).toEqual([]);
    // The SDK's client puts the same object at the same path (its own headers aside).
    const sdk = capturing('');
    await new S3Client({ ...sdk.config, requestChecksumCalculation: 'WHEN_REQUIRED' }).send(
      new SdkPutObjectCommand(put().input),
    );
    expect(new URL(request.url).pathname).toBe(sdk.requests[0]?.path);
    expect(request.headers.authorization).toBe(await sdkAuthorization(request, 's3', { uriEscapePath: false }));
  });

  it('addresses objects path-style under AWS_ENDPOINT_URL_S3 locally (s3rver), and reads them whole', async () => {
    vi.stubEnv('PORTAL_LOCAL', '1');
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://127.0.0.1:4569');
    const { client, sent } = stubbed(
      S3,
      { status: 200, body: new Uint8Array([1, 2, 3]), headers: { 'content-type': 'image/png', etag: '"e"' } },
      { status: 204 },
    );
    const object = await client.send(new GetObjectCommand({ Bucket: 'portal-assets', Key: 'logos/p.png' }));
    expect([...(await object.Body.transformToByteArray())]).toEqual([1, 2, 3]);
    expect(object).toMatchObject({ ContentType: 'image/png', ContentLength: 3, ETag: '"e"' });
    await client.send(new DeleteObjectCommand({ Bucket: 'portal-assets', Key: 'logos/p.png' }));
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET http://127.0.0.1:4569/portal-assets/logos/p.png',
      'DELETE http://127.0.0.1:4569/portal-assets/logos/p.png',
    ]);
    // An empty payload's hash, as the SDK signs a GET or a DELETE.
    expect(sent[0]?.headers['x-amz-content-sha256']).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('asks for some bytes only with the Range header the SDK sends, and reads the 206', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SIGNING_DATE);
    const { client, sent } = stubbed(S3, { status: 206, body: new Uint8Array([37, 80, 68, 70]) });
    const input = { Bucket: 'portal-documents', Key: 'uploads/s/u/file', Range: 'bytes=0-3' };
    const object = await client.send(new GetObjectCommand(input));
    expect([...(await object.Body.transformToByteArray())]).toEqual([37, 80, 68, 70]);
    const [request] = sent as [Sent];
    expect(request.headers.range).toBe('bytes=0-3');
    const sdk = capturing('');
    await new S3Client(sdk.config).send(new SdkGetObjectCommand(input));
    expect(sdk.requests[0]?.headers.range).toBe('bytes=0-3');
    // aws4fetch leaves Range unsigned (as it does content-type), which S3 accepts; the rest is signed as usual.
    expect(request.headers.authorization).toMatch(/SignedHeaders=host;x-amz-content-sha256;x-amz-date;/);
  });

  it('names errors from the XML answer (NoSuchKey), or from the status when there is none', async () => {
    const { client } = stubbed(
      S3,
      {
        status: 404,
        body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>logos/p.png</Key><RequestId>r-1</RequestId></Error>',
      },
      { status: 403 },
    );
    const get = () => client.send(new GetObjectCommand({ Bucket: 'portal-assets', Key: 'logos/p.png' }));
    await expect(get()).rejects.toMatchObject({
      name: 'NoSuchKey',
      message: 'The specified key does not exist.',
      Key: 'logos/p.png',
      $metadata: { httpStatusCode: 404 },
    });
    await expect(get()).rejects.toMatchObject({ name: 'Forbidden', $metadata: { httpStatusCode: 403 } });
  });

  it("HEADs an object for its size and type; a missing one is NotFound (a HEAD's answer has no body)", async () => {
    const { client, sent } = stubbed(
      S3,
      { status: 200, headers: { 'content-type': 'application/pdf', 'content-length': '1234' } },
      { status: 404 },
    );
    const head = () => client.send(new HeadObjectCommand({ Bucket: 'portal-documents', Key: 'uploads/s/u/file' }));
    await expect(head()).resolves.toMatchObject({ ContentType: 'application/pdf', ContentLength: 1234 });
    await expect(head()).rejects.toMatchObject({ name: 'NotFound', $metadata: { httpStatusCode: 404 } });
    expect(sent.map((s) => s.method)).toEqual(['HEAD', 'HEAD']);
  });

  it('copies within S3 with the source in a header, and reads an error S3 gives with a 200 as an error', async () => {
    const copy = () =>
      client.send(
        new CopyObjectCommand({
          Bucket: 'portal-documents',
          Key: 'documents/s/d',
          CopySource: 'portal-documents/uploads/s/u/file',
          ContentType: 'application/pdf',
          MetadataDirective: 'REPLACE',
        }),
      );
    const { client, sent } = stubbed(
      S3,
      { status: 200, body: '<CopyObjectResult><ETag>&quot;e-1&quot;</ETag></CopyObjectResult>' },
      {
        status: 200,
        body: '<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>',
      },
    );
    await expect(copy()).resolves.toMatchObject({ ETag: '"e-1"' });
    expect(sent[0]?.headers).toMatchObject({
      'x-amz-copy-source': 'portal-documents/uploads/s/u/file',
      'x-amz-metadata-directive': 'REPLACE',
      'content-type': 'application/pdf',
    });
    // InternalError is transient: retried, then given up with the last error.
    await expect(copy()).rejects.toMatchObject({ name: 'InternalError', $fault: 'server', $metadata: { attempts: 3 } });
  });

  it('retries SlowDown and network failures, and sends the same body again', async () => {
    const { client, sent } = stubbed(
      S3,
      { status: 503, body: '<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>' },
      // As Node's fetch reports a connection the other side closed.
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
      }),
      { status: 200 },
    );
    await expect(client.send(put())).resolves.toMatchObject({ $metadata: { attempts: 3 } });
    expect(sent.map((s) => [...s.body])).toEqual([
      [137, 80, 78, 71],
      [137, 80, 78, 71],
      [137, 80, 78, 71],
    ]);
  });
});

describe('the onSend hook of every client', () => {
  it('sees the operation as IAM names it and the input as written, and can refuse the call before it leaves', async () => {
    const { client, sent } = stubbed(S3, { status: 200 });
    const seen: Array<[string, unknown]> = [];
    client.onSend((operation, input) => {
      seen.push([operation, input.Bucket]);
      if (operation === 'DeleteObject') throw new Error('refused');
    });
    await client.send(new GetObjectCommand({ Bucket: 'b', Key: 'k' }));
    await expect(client.send(new DeleteObjectCommand({ Bucket: 'b', Key: 'k' }))).rejects.toThrow('refused');
    expect(seen).toEqual([
      ['GetObject', 'b'],
      ['DeleteObject', 'b'],
    ]);
    expect(sent).toHaveLength(1);
  });
});
