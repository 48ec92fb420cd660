import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { config } from '../config';
import { isPortalAccessToken, verifyPortalAccessToken } from './portal-tokens';

export interface VerifiedToken {
  /** The Cognito user name, which is the portal's user uuid. */
  username: string;
  /** When the token was issued (epoch seconds): tokens older than the user's sessions_valid_after are refused. */
  issuedAt: number;
  /** The token's own id (`jti`): its session's portal is listed under it on the user (live_tokens). */
  id: string;
  /** When it expires (epoch seconds). */
  expiresAt: number;
}

type Verify = (token: string) => Promise<VerifiedToken>;

/**
 * In AWS, Cognito's verifier checks issuer, signature, expiry, token_use and client. Locally, cognito-local signs with a
 * key shipped in its package, under an http issuer that CognitoJwtVerifier refuses; only when LOCAL_COGNITO_URL is set
 * (local/ sets it, infra/ never does) do we trust that issuer, with the same checks done by hand.
 */
function createVerifier(): Verify {
  const local = config.localCognitoUrl;
  if (!local) return cognitoVerifier(CognitoJwtVerifier.create(productionVerifierProperties()));
  const issuer = `${local.replace(/\/$/, '')}/${config.userPoolId}`;
  const verifier = JwtRsaVerifier.create(
    { issuer, audience: null, jwksUri: `${issuer}/.well-known/jwks.json` },
    { jwksCache: new SimpleJwksCache({ fetcher: { fetch: async (uri) => (await fetch(uri)).arrayBuffer() } }) },
  );
  return async (token) => {
    const payload = await verifier.verify(token);
    if (payload.token_use !== 'access' || payload.client_id !== config.userPoolClientId) {
      throw new Error('Not an access token of this client');
    }
    return tokenOf(payload);
  };
}

/** What the deployed verifier checks: the pool's issuer and keys, an access token, of this app client. */
export function productionVerifierProperties() {
  return { userPoolId: config.userPoolId, clientId: config.userPoolClientId, tokenUse: 'access' as const };
}

/** The production branch, apart so a test can give it a verifier whose JWKS it preloaded (cacheJwks). */
export function cognitoVerifier(verifier: {
  verify: (token: string) => Promise<{ username?: unknown; iat: number; exp: number; jti?: unknown }>;
}): Verify {
  return async (token) => tokenOf(await verifier.verify(token));
}

function tokenOf(payload: { username?: unknown; iat?: unknown; exp?: unknown; jti?: unknown }): VerifiedToken {
  return {
    username: String(payload.username),
    issuedAt: Number(payload.iat),
    id: String(payload.jti ?? ''),
    expiresAt: Number(payload.exp),
  };
}

// Read at load: inside Lambda a LOCAL_COGNITO_URL stops the function at its cold start (config.ts, fail closed).
void config.localCognitoUrl;

/**
 * Made once per issuer: in Lambda its inputs never change; a local process that starts a second portal (the
 * first-load bench) gets a cognito-local of its own on another port, whose keys the first verifier does not know.
 */
let verifier: { inputs: string; verify: Verify } | undefined;

/**
 * Two issuers: Cognito (password sign-ins) and the portal itself (portal-tokens.ts: Microsoft, passkeys). The token's
 * unverified `iss` only picks which verifier checks it; each checks its own signature, so a forged `iss` is refused.
 */
export async function verifyAccessToken(token: string): Promise<VerifiedToken> {
  if (isPortalAccessToken(token)) return tokenOf(await verifyPortalAccessToken(token));
  const inputs = [config.localCognitoUrl, config.userPoolId, config.userPoolClientId].join('|');
  if (verifier?.inputs !== inputs) verifier = { inputs, verify: createVerifier() };
  return verifier.verify(token);
}
