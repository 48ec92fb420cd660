import { createSign, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The production branch of the access-token verifier (CognitoJwtVerifier), with the properties the deployed functions
 * use, against tokens signed here with a generated RSA key whose JWKS is preloaded (cacheJwks): no network, and every
 * claim the verifier must refuse is varied one at a time.
 */
const POOL = 'sa-east-1_Portal123';
const CLIENT = 'portalclient123';
const ISSUER = `https://cognito-idp.sa-east-1.amazonaws.com/${POOL}`;
const KID = 'test-key';

let privateKey: KeyObject;
let jwk: Record<string, unknown>;

beforeAll(() => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  privateKey = pair.privateKey;
  jwk = { ...pair.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(claims: Record<string, unknown>, kid = KID, key = privateKey): string {
  const head = b64({ alg: 'RS256', typ: 'JWT', kid });
  const body = b64(claims);
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(key).toString('base64url');
  return `${head}.${body}.${signature}`;
}

function accessClaims(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: 'c0ffee00-0000-4000-8000-000000000001',
    username: 'c0ffee00-0000-4000-8000-000000000001',
    iss: ISSUER,
    client_id: CLIENT,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: now,
    iat: now,
    exp: now + 3600,
    jti: randomUUID(),
    ...overrides,
  };
}

async function productionVerify() {
  vi.stubEnv('USER_POOL_ID', POOL);
  vi.stubEnv('USER_POOL_CLIENT_ID', CLIENT);
  const module = await import('./verify-token');
  const verifier = CognitoJwtVerifier.create(module.productionVerifierProperties());
  verifier.cacheJwks({ keys: [jwk] } as never);
  return module.cognitoVerifier(verifier);
}

describe('production access-token verifier (CognitoJwtVerifier)', () => {
  it('accepts an access token of the pool and client, and names its user', async () => {
    const verify = await productionVerify();
    const claims = accessClaims();
    await expect(verify(sign(claims))).resolves.toEqual({
      username: 'c0ffee00-0000-4000-8000-000000000001',
      issuedAt: claims.iat,
      id: claims.jti,
      expiresAt: claims.exp,
    });
  });

  it.each([
    ['another app client', { client_id: 'otherclient' }],
    ['an id token', { token_use: 'id', aud: CLIENT, client_id: undefined }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60 }],
    ['another issuer', { iss: 'https://cognito-idp.sa-east-1.amazonaws.com/sa-east-1_Other999' }],
    ['a local cognito issuer', { iss: `http://127.0.0.1:9229/${POOL}` }],
  ])('refuses %s', async (_, overrides) => {
    const verify = await productionVerify();
    await expect(verify(sign(accessClaims(overrides)))).rejects.toThrow();
  });

  it('refuses a token signed by another key under the same key id', async () => {
    const verify = await productionVerify();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    await expect(verify(sign(accessClaims(), KID, other))).rejects.toThrow();
  });
});

describe('local-only token path', () => {
  it('refuses to load inside Lambda when LOCAL_COGNITO_URL is set (fail closed)', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'PortalApiAuth-getUserInfo');
    vi.stubEnv('LOCAL_COGNITO_URL', 'http://127.0.0.1:9229');
    await expect(import('./verify-token')).rejects.toThrow(/LOCAL_COGNITO_URL is a local-only setting/);
  });

  it('loads inside Lambda without it, and loads locally with it', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'PortalApiAuth-getUserInfo');
    await expect(import('./verify-token')).resolves.toHaveProperty('verifyAccessToken');
    vi.unstubAllEnvs();
    vi.resetModules();
    vi.stubEnv('LOCAL_COGNITO_URL', 'http://127.0.0.1:9229');
    await expect(import('./verify-token')).resolves.toHaveProperty('verifyAccessToken');
  });
});

describe('a second local issuer in the same process', () => {
  it('verifies each issuer’s tokens with that issuer’s keys when LOCAL_COGNITO_URL changes', async () => {
    const { createServer } = await import('node:http');
    // Two cognito-locals on two ports, each with its own key: what two portals started in one process have.
    const issuers = await Promise.all(
      [0, 1].map(async () => {
        const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
        const key = { ...pair.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
        const server = createServer((_, response) => response.end(JSON.stringify({ keys: [key] })));
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const { port } = server.address() as { port: number };
        return { url: `http://127.0.0.1:${port}`, privateKey: pair.privateKey, server };
      }),
    );
    try {
      vi.stubEnv('USER_POOL_ID', POOL);
      vi.stubEnv('USER_POOL_CLIENT_ID', CLIENT);
      const { verifyAccessToken } = await import('./verify-token');
      for (const issuer of issuers) {
        vi.stubEnv('LOCAL_COGNITO_URL', issuer.url);
        const token = sign(accessClaims({ iss: `${issuer.url}/${POOL}` }), KID, issuer.privateKey);
        await expect(verifyAccessToken(token)).resolves.toMatchObject({ username: accessClaims().username });
      }
    } finally {
      for (const { server } of issuers) server.close();
    }
  });
});
