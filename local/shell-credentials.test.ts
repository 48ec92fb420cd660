import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { HttpResponse } from '@smithy/core/protocols';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCredentialProvider } from '../functions/lib/aws/aws-client';
import { DynamoClient } from '../functions/lib/aws/dynamo-client';
import { GetCommand } from '../functions/lib/aws/dynamo-commands';
import { signAsShell } from './shell-credentials';

/**
 * The credential chain, compared with the SDK's: the functions' client reads the environment only (Lambda's role
 * puts its keys there), and a maintenance script that calls signAsShell signs as the SDK's default chain would,
 * from the shell's profile when the environment has no keys. Profiles live in a temporary AWS config here.
 */
let home: string;

/** The access key an SDK DynamoDB client with its default credentials signs with. */
async function sdkAccessKey(): Promise<string | undefined> {
  let authorization: string | undefined;
  const client = new DynamoDBClient({
    region: 'sa-east-1',
    requestHandler: {
      handle: async (request: { headers: Record<string, string> }) => {
        authorization = request.headers.authorization;
        return {
          response: new HttpResponse({ statusCode: 200, headers: {}, body: Readable.from([Buffer.from('{}')]) }),
        };
      },
    } as never,
  });
  await client.send(new GetItemCommand({ TableName: 'portal', Key: { pk: { S: 'P' } } }));
  return /Credential=([^/]+)\//.exec(authorization ?? '')?.[1];
}

/** The access key the functions' client signs with, or the error it gives instead of sending. */
async function lightAccessKey(): Promise<string | Error> {
  let authorization = '';
  const fetch = async (_url: unknown, init?: RequestInit) => {
    authorization = new Headers(init?.headers).get('authorization') ?? '';
    return new Response('{}');
  };
  const client = new DynamoClient({ fetch: fetch as typeof globalThis.fetch });
  const failed = await client.send(new GetCommand({ TableName: 'portal', Key: { pk: 'P' } })).then(
    () => undefined,
    (error: Error) => error,
  );
  return failed ?? (/Credential=([^/]+)\//.exec(authorization)?.[1] as string);
}

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'aws-profile-'));
  writeFileSync(
    join(home, 'credentials'),
    '[default]\naws_access_key_id = AKIADEFAULT\naws_secret_access_key = d\n\n[maintenance]\naws_access_key_id = AKIAMAINTENANCE\naws_secret_access_key = m\n',
  );
  writeFileSync(join(home, 'config'), '[default]\nregion = sa-east-1\n\n[profile maintenance]\nregion = sa-east-1\n');
  vi.stubEnv('AWS_REGION', 'sa-east-1');
  vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', join(home, 'credentials'));
  vi.stubEnv('AWS_CONFIG_FILE', join(home, 'config'));
  vi.stubEnv('AWS_PROFILE', 'maintenance');
  for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']) delete process.env[name];
  // No instance metadata lookups from a test machine, should the chain get that far.
  vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
});
afterEach(() => {
  setCredentialProvider(undefined);
  vi.unstubAllEnvs();
  rmSync(home, { recursive: true, force: true });
});

describe('credentials', () => {
  it("a script signs as the shell's profile (AWS_PROFILE), with the key the SDK's default chain picks", async () => {
    signAsShell();
    expect(await sdkAccessKey()).toBe('AKIAMAINTENANCE');
    expect(await lightAccessKey()).toBe('AKIAMAINTENANCE');
  });

  it("the environment's keys come first unless a profile is named, for the SDK and for the script alike", async () => {
    signAsShell();
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIAENVIRONMENT');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'e');
    // AWS_PROFILE named: the SDK signs as the profile.
    expect(await sdkAccessKey()).toBe('AKIAMAINTENANCE');
    expect(await lightAccessKey()).toBe('AKIAMAINTENANCE');
    // No profile named: the environment's keys.
    delete process.env.AWS_PROFILE;
    signAsShell();
    expect(await sdkAccessKey()).toBe('AKIAENVIRONMENT');
    expect(await lightAccessKey()).toBe('AKIAENVIRONMENT');
  });

  it('the functions read the environment only: without it a call fails before it is sent, naming what is missing', async () => {
    const error = await lightAccessKey();
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'CredentialsProviderError',
      message: expect.stringContaining('AWS_ACCESS_KEY_ID'),
    });
  });

  it('credentials that expire are fetched again before they do, not on every call', async () => {
    let served = 0;
    setCredentialProvider(async () => {
      served += 1;
      return { accessKeyId: `AKIATEMP${served}`, secretAccessKey: 's', expiration: new Date(Date.now() + 6 * 60_000) };
    });
    expect(await lightAccessKey()).toBe('AKIATEMP1');
    expect(await lightAccessKey()).toBe('AKIATEMP1');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60_000); // now within 5 minutes of the expiry
    expect(await lightAccessKey()).toBe('AKIATEMP2');
    vi.useRealTimers();
  });
});
