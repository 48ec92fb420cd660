import { generateKeyPairSync, privateEncrypt } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newPortalTokenKey } from '../../../local/portal-token-key';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** The module and the verifier with a local key (as the local stack gives it), loaded fresh. */
async function withLocalKey(key = newPortalTokenKey()) {
  vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
  vi.stubEnv('LOCAL_PORTAL_TOKEN_KEY', key);
  vi.stubEnv('USER_POOL_CLIENT_ID', 'client-1');
  const tokens = await import('./portal-tokens');
  const { verifyAccessToken } = await import('./verify-token');
  return { ...tokens, verifyAccessToken };
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** A JWT with its payload changed and its signature kept. */
function tampered(token: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')), ...change };
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

describe('the portal tokens', () => {
  it('issue an access token with the claims of a Cognito one and an opaque refresh token', async () => {
    const { issuePortalTokens, isPortalRefresh, verifyAccessToken } = await withLocalKey();
    const { access, refresh } = await issuePortalTokens({ uuid: 'user-1' });
    const claims = claimsOf(access);
    expect(claims).toMatchObject({ username: 'user-1', token_use: 'access', client_id: 'client-1', iss: 'portal' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(60 * 60);
    expect(isPortalRefresh(refresh)).toBe(true);
    expect(refresh).not.toContain('user-1');
    const verified = await verifyAccessToken(access);
    expect(verified).toEqual({
      username: 'user-1',
      issuedAt: claims.iat,
      expiresAt: claims.exp,
      id: claims.jti,
    });
    // Each refresh token and access token is new.
    const again = await issuePortalTokens({ uuid: 'user-1' });
    expect(again.refresh).not.toBe(refresh);
    expect(claimsOf(again.access).jti).not.toBe(claims.jti);
  });

  it('refuses a changed claim, another key, another client and an expired token', async () => {
    const other = await withLocalKey();
    const foreign = (await other.issuePortalTokens({ uuid: 'user-1' })).access;
    vi.resetModules();
    const { issuePortalTokens, verifyAccessToken } = await withLocalKey();
    const { access } = await issuePortalTokens({ uuid: 'user-1' });
    await expect(verifyAccessToken(tampered(access, { username: 'user-2' }))).rejects.toThrow();
    await expect(verifyAccessToken(tampered(access, { exp: 9_999_999_999 }))).rejects.toThrow();
    await expect(verifyAccessToken(foreign)).rejects.toThrow();
    vi.stubEnv('USER_POOL_CLIENT_ID', 'client-2');
    await expect(verifyAccessToken(access)).rejects.toThrow(/client/);
    vi.stubEnv('USER_POOL_CLIENT_ID', 'client-1');
    const { setClockOffset } = await import('../clock');
    setClockOffset(61 * 60 * 1000);
    try {
      await expect(verifyAccessToken(access)).rejects.toThrow(/expired/);
    } finally {
      setClockOffset(0);
    }
  });

  it("is issued no earlier than the user's sessions_valid_after (a timer that woke a millisecond early)", async () => {
    const { issuePortalTokens } = await withLocalKey();
    const later = Math.floor(Date.now() / 1000) + 2;
    const { access } = await issuePortalTokens({ uuid: 'user-1', sessions_valid_after: later });
    expect(claimsOf(access).iat).toBe(later);
  });

  it('refuses the local key inside Lambda', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'fn');
    vi.stubEnv('LOCAL_PORTAL_TOKEN_KEY', newPortalTokenKey());
    const { issuePortalTokens } = await import('./portal-tokens');
    await expect(issuePortalTokens({ uuid: 'user-1' })).rejects.toThrow(/local-only/);
  });

  it('in AWS signs a digest with KMS and verifies with the public key read once', async () => {
    // KMS has no local server: its two calls are answered here with a key pair of the test, as KMS would.
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'fn');
    vi.stubEnv('PORTAL_TOKEN_KEY_ID', 'arn:aws:kms:us-east-1:111122223333:key/k1');
    vi.stubEnv('USER_POOL_CLIENT_ID', 'client-1');
    const { kms } = await import('../aws/kms');
    const sent: string[] = [];
    vi.spyOn(kms, 'send').mockImplementation((async (command: { operation: string; input: Record<string, string> }) => {
      sent.push(command.operation);
      expect(command.input.KeyId).toBe('arn:aws:kms:us-east-1:111122223333:key/k1');
      if (command.operation === 'GetPublicKey') {
        return { PublicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'), $metadata: {} };
      }
      expect(command.input).toMatchObject({ MessageType: 'DIGEST', SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256' });
      // PKCS#1 v1.5 over a SHA-256 DigestInfo: what KMS's RSASSA_PKCS1_V1_5_SHA_256 computes from a digest.
      const digestInfo = Buffer.concat([
        Buffer.from('3031300d060960864801650304020105000420', 'hex'),
        Buffer.from(command.input.Message ?? '', 'base64'),
      ]);
      return { Signature: privateEncrypt(privateKey, digestInfo).toString('base64'), $metadata: {} };
    }) as never);
    const { issuePortalTokens } = await import('./portal-tokens');
    const { verifyAccessToken } = await import('./verify-token');
    const { access } = await issuePortalTokens({ uuid: 'user-1' });
    expect(JSON.parse(Buffer.from(access.split('.')[0] ?? '', 'base64url').toString('utf8')).kid).toBe(
      'arn:aws:kms:us-east-1:111122223333:key/k1',
    );
    expect((await verifyAccessToken(access)).username).toBe('user-1');
    expect((await verifyAccessToken((await issuePortalTokens({ uuid: 'user-2' })).access)).username).toBe('user-2');
    expect(sent).toEqual(['Sign', 'GetPublicKey', 'Sign']);
  });
});
