import { cognito } from '../aws/cognito';
import { AdminInitiateAuthCommand, AdminUserGlobalSignOutCommand, RevokeTokenCommand } from '../aws/cognito-commands';
import { config } from '../config';
import { logger } from '../logger';
import { isPortalRefresh, portalAccessToken } from './portal-tokens';

/** Thrown when Cognito refuses the credentials or the refresh token. */
export class CredentialsRefused extends Error {}

/** cognito-local answers a wrong password with InvalidPasswordException where Cognito says NotAuthorizedException. */
const REFUSALS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);
const isRefusal = (error: unknown): boolean => REFUSALS.has((error as Error)?.name);

/**
 * Passwords reach Cognito only through the API: the admin flows need IAM credentials, which only the sign-in
 * and refresh functions hold, and the app client allows no flow a browser could call with a password.
 */
async function initiate(flow: 'ADMIN_USER_PASSWORD_AUTH' | 'REFRESH_TOKEN_AUTH', parameters: Record<string, string>) {
  try {
    const out = await cognito.send(
      new AdminInitiateAuthCommand({
        AuthFlow: flow,
        UserPoolId: config.userPoolId,
        ClientId: config.userPoolClientId,
        AuthParameters: parameters,
      }),
    );
    if (!out.AuthenticationResult?.AccessToken) throw new CredentialsRefused('No tokens (challenge?)');
    return out.AuthenticationResult;
  } catch (error) {
    if (isRefusal(error)) throw new CredentialsRefused((error as Error).name);
    throw error;
  }
}

/** Checks the password of the user (its uuid is the Cognito user name) and returns a fresh pair of tokens. */
export async function signIn(uuid: string, password: string): Promise<{ access: string; refresh: string }> {
  const result = await initiate('ADMIN_USER_PASSWORD_AUTH', { USERNAME: uuid, PASSWORD: password });
  return { access: result.AccessToken as string, refresh: result.RefreshToken as string };
}

/**
 * A new access token for a session's refresh token: Cognito's, or the portal's own (portal-tokens.ts), whose session
 * record the caller has already checked and whose user it names.
 */
export async function refreshAccess(refresh: string, userUuid: string): Promise<string> {
  if (isPortalRefresh(refresh)) return portalAccessToken(userUuid);
  const result = await initiate('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: refresh });
  return result.AccessToken as string;
}

/** Cognito's revocation of its refresh token; the portal's own end with their SESSION# record (nothing else knows them). */
export async function revokeRefresh(refresh: string): Promise<void> {
  if (isPortalRefresh(refresh)) return;
  await cognito
    .send(new RevokeTokenCommand({ ClientId: config.userPoolClientId, Token: refresh }))
    .catch((error: Error) => logger.info('Refresh token not revoked', { reason: error.name }));
}

/**
 * Cognito's own end of every session of a user (its refresh tokens). The portal does not depend on it: the session
 * records and `sessions_valid_after` refuse old tokens by themselves, and cognito-local does not implement it.
 */
export async function signOutEverywhere(uuid: string): Promise<void> {
  await cognito
    .send(new AdminUserGlobalSignOutCommand({ UserPoolId: config.userPoolId, Username: uuid }))
    .catch((error: Error) => logger.info('Global sign-out not done by the identity provider', { reason: error.name }));
}

/** The id and expiry of an access token Cognito just gave us (read, not verified: it came from Cognito itself). */
export function accessTokenClaims(access: string): { jti: string; until: number } {
  const payload = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    jti?: unknown;
    exp?: unknown;
  };
  return { jti: String(payload.jti), until: Number(payload.exp) };
}
