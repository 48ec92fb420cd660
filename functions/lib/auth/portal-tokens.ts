import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  randomBytes,
  randomUUID,
  sign,
  verify,
} from 'node:crypto';
import { kms } from '../aws/kms';
import { GetPublicKeyCommand, SignCommand } from '../aws/kms-commands';
import { nowMs } from '../clock';
import { config } from '../config';
import { AUTH_DESIGN } from '../data/table-design';

/**
 * The portal's own tokens, for the ways in Cognito cannot end in (Microsoft sign-in, passkeys: cognito-local has no
 * identity providers, custom auth nor WebAuthn, and a user pool cannot be told "this person proved who they are").
 *
 * ONE entry point for another way in: `issuePortalTokens(user) -> { access, refresh }` (the UserRecord read for the
 * sign-in, after `waitForSessionStart(user)` as postToken does), then hand them on exactly as
 * a password sign-in hands Cognito's pair: `afterFirstFactor({ kind, user, refresh, ... })` and, when no code is due,
 * `openSession(user, tokens, ...)` (functions/lib/auth/open-session.ts), which writes the SESSION# record of the
 * refresh token. Nothing else changes for the caller: refresh, logout, password change, `sessions_valid_after`, the
 * 55-minute rule and revocation read the SESSION# record and the access token's claims, whoever issued them.
 *
 * - The access token is an RS256 JWT with the claims the portal reads from Cognito's access token (`username` = the
 *   user's uuid, `iat`, `exp`, `jti`, `token_use` = access, `client_id` = the pool's app client) and Cognito's
 *   lifetime, under the issuer `portal` (verify-token.ts picks the verifier by it; the signature decides).
 * - The refresh token is opaque random text (`portal.` + 32 bytes): it exists only as the SHA-256 key of its SESSION#
 *   record, so deleting that record revokes it; refreshing mints a new access token for the record's user.
 * - The key: in AWS an asymmetric KMS key (RSA 2048, SIGN_VERIFY, PORTAL_TOKEN_KEY_ID): the signers call kms:Sign on
 *   a digest, the verifiers read its public key once per cold start with kms:GetPublicKey; the private key never
 *   leaves KMS. Locally a key the local stack generates (LOCAL_PORTAL_TOKEN_KEY), which Lambda refuses (config.ts).
 */
export const PORTAL_TOKEN_ISSUER = 'portal';
const REFRESH_PREFIX = 'portal.';

/** Whether a refresh token is the portal's own (else Cognito's). */
export const isPortalRefresh = (refresh: string): boolean => refresh.startsWith(REFRESH_PREFIX);

interface KeyPair {
  kid: string;
  sign(data: Buffer): Promise<Buffer>;
  publicKey(): Promise<KeyObject>;
}

function localKeyPair(der: string): KeyPair {
  const privateKey = createPrivateKey({ key: Buffer.from(der, 'base64url'), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  return {
    kid: 'local',
    sign: async (data) => sign('sha256', data, privateKey),
    publicKey: async () => publicKey,
  };
}

function kmsKeyPair(keyId: string): KeyPair {
  let loading: Promise<KeyObject> | undefined;
  const load = async () => {
    const { PublicKey } = await kms.send(new GetPublicKeyCommand({ KeyId: keyId }));
    if (!PublicKey) throw new Error('KMS returned no public key');
    return createPublicKey({ key: Buffer.from(PublicKey, 'base64'), format: 'der', type: 'spki' });
  };
  return {
    kid: keyId,
    sign: async (data) => {
      const digest = createHash('sha256').update(data).digest('base64');
      const { Signature } = await kms.send(
        new SignCommand({
          KeyId: keyId,
          Message: digest,
          MessageType: 'DIGEST',
          SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256',
        }),
      );
      if (!Signature) throw new Error('KMS returned no signature');
      return Buffer.from(Signature, 'base64');
    },
    // Once per cold start; a failed read is not kept, the next request tries again.
    publicKey: () => {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
  };
}

let keyPair: KeyPair | undefined;

function currentKeyPair(): KeyPair {
  if (keyPair) return keyPair;
  const local = config.localPortalTokenKey;
  if (local) keyPair = localKeyPair(local);
  else {
    const keyId = config.portalTokenKeyId;
    if (!keyId) throw new Error('Missing environment variable PORTAL_TOKEN_KEY_ID');
    keyPair = kmsKeyPair(keyId);
  }
  return keyPair;
}

/** Only tests call this: the key is read from the environment again (a unit test switches keys). */
export function forgetPortalTokenKey(): void {
  keyPair = undefined;
}

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A new access token of the user, as Cognito's would be, valid AUTH_DESIGN.accessTokenMinutes. Issued no earlier than
 * `notBefore` (the user's `sessions_valid_after`): a timer may wake a millisecond before the second a sign-in waited
 * for (access.ts waitForSessionStart), and a token of the second before would be refused as ended.
 */
export async function portalAccessToken(userUuid: string, notBefore = 0): Promise<string> {
  const pair = currentKeyPair();
  const now = Math.max(Math.floor(nowMs() / 1000), notBefore);
  const header = part({ alg: 'RS256', typ: 'JWT', kid: pair.kid });
  const payload = part({
    iss: PORTAL_TOKEN_ISSUER,
    sub: userUuid,
    username: userUuid,
    client_id: config.userPoolClientId,
    token_use: 'access',
    auth_time: now,
    iat: now,
    exp: now + AUTH_DESIGN.accessTokenMinutes * 60,
    jti: randomUUID(),
  });
  const signature = await pair.sign(Buffer.from(`${header}.${payload}`));
  return `${header}.${payload}.${signature.toString('base64url')}`;
}

/**
 * A new session's tokens for a user another way in proved (Microsoft, a passkey): a fresh access token and an opaque
 * refresh token. The caller opens the session with them (see the module's comment); until then the refresh token
 * is good for nothing (no SESSION# record names it).
 */
export async function issuePortalTokens(user: {
  uuid: string;
  sessions_valid_after?: number;
}): Promise<{ access: string; refresh: string }> {
  return {
    access: await portalAccessToken(user.uuid, user.sessions_valid_after),
    refresh: `${REFRESH_PREFIX}${randomBytes(32).toString('base64url')}`,
  };
}

/** The unverified payload of a JWT (to pick its verifier; the signature is checked after). */
export function unverifiedClaims(token: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const isPortalAccessToken = (token: string) => unverifiedClaims(token).iss === PORTAL_TOKEN_ISSUER;

/**
 * Checks a portal access token as Cognito's verifier checks its own: RS256 by the current key, this issuer, an access
 * token of this app client, not expired; returns its claims. Throws otherwise.
 */
export async function verifyPortalAccessToken(
  token: string,
): Promise<{ username: string; iat: number; exp: number; jti: string }> {
  const [header = '', payload = '', signature = '', extra] = token.split('.');
  if (extra !== undefined) throw new Error('Not a JWT');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown; kid?: unknown };
  const pair = currentKeyPair();
  if (head.alg !== 'RS256' || head.kid !== pair.kid) throw new Error('Not signed by the portal key');
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    await pair.publicKey(),
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('Bad signature');
  const claims = unverifiedClaims(token);
  if (claims.iss !== PORTAL_TOKEN_ISSUER || claims.token_use !== 'access') throw new Error('Not an access token');
  if (claims.client_id !== config.userPoolClientId) throw new Error('Not a token of this client');
  if (typeof claims.exp !== 'number' || claims.exp <= Math.floor(nowMs() / 1000)) throw new Error('Token expired');
  if (typeof claims.username !== 'string' || typeof claims.iat !== 'number' || typeof claims.jti !== 'string') {
    throw new Error('Missing claims');
  }
  return { username: claims.username, iat: claims.iat, exp: claims.exp, jti: claims.jti };
}
