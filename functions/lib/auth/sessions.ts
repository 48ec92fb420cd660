import {
  InitiateAuthCommand,
  NotAuthorizedException,
  RevokeTokenCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../aws/cognito';
import { config } from '../config';

/** Thrown when Cognito refuses the credentials or the refresh token. */
export class CredentialsRefused extends Error {}

/** cognito-local answers a wrong password with InvalidPasswordException where Cognito says NotAuthorizedException. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof NotAuthorizedException ||
    error instanceof UserNotFoundException ||
    (error as Error)?.name === 'InvalidPasswordException' ||
    (error as Error)?.name === 'NotAuthorizedException'
  );
}

async function initiate(flow: 'USER_PASSWORD_AUTH' | 'REFRESH_TOKEN_AUTH', parameters: Record<string, string>) {
  try {
    const out = await cognito.send(
      new InitiateAuthCommand({ AuthFlow: flow, ClientId: config.userPoolClientId, AuthParameters: parameters }),
    );
    if (!out.AuthenticationResult?.AccessToken) throw new CredentialsRefused('No tokens (challenge?)');
    return out.AuthenticationResult;
  } catch (error) {
    if (isRefusal(error)) throw new CredentialsRefused((error as Error).name);
    throw error;
  }
}

/** USER_PASSWORD_AUTH, server-side, under the user's uuid as Cognito user name. */
export async function signIn(uuid: string, password: string): Promise<{ access: string; refresh: string }> {
  const result = await initiate('USER_PASSWORD_AUTH', { USERNAME: uuid, PASSWORD: password });
  return { access: result.AccessToken as string, refresh: result.RefreshToken as string };
}

export async function refreshAccess(refresh: string): Promise<string> {
  const result = await initiate('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: refresh });
  return result.AccessToken as string;
}

export async function revokeRefresh(refresh: string): Promise<void> {
  await cognito.send(new RevokeTokenCommand({ ClientId: config.userPoolClientId, Token: refresh }));
}
