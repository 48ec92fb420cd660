import { postTokenRefresh } from '../../shared/contracts/auth';
import { CredentialsRefused, refreshAccess } from '../lib/auth/sessions';
import { verifyAccessToken } from '../lib/auth/verify-token';
import { getUser } from '../lib/data/users';
import { notAuthenticated } from '../lib/errors';
import { httpHandler } from '../lib/http/http-handler';

/** POST api/v1/token/refresh/: a new access token, unless the refresh token is refused or the user was disabled. */
export const handler = httpHandler(postTokenRefresh, async ({ body }) => {
  let access: string;
  try {
    access = await refreshAccess(body.refresh);
  } catch (error) {
    if (error instanceof CredentialsRefused) throw notAuthenticated();
    throw error;
  }
  const { username } = await verifyAccessToken(access);
  const user = await getUser(username);
  if (!user?.enable) throw notAuthenticated();
  return { access };
});
