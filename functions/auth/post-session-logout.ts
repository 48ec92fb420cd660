import { postSessionLogout } from '../../shared/contracts/auth';
import { endSessions } from '../lib/auth/access';
import { revokeRefresh } from '../lib/auth/sessions';
import { verifyAccessToken } from '../lib/auth/verify-token';
import { deleteSession, getSession } from '../lib/data/sessions';
import { writeSessionEvent } from '../lib/data/user-logs';
import { bearerToken } from '../lib/http/authenticate';
import { requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import type { HttpEvent } from '../lib/http/types';

/** The user of a valid bearer token, if the call carries one. */
async function bearerUser(event: HttpEvent): Promise<string | undefined> {
  const token = bearerToken(event);
  if (!token) return undefined;
  return verifyAccessToken(token).then(
    ({ username }) => username,
    () => undefined,
  );
}

/**
 * POST api/v1/logs/session-log/logout/: ends every session of the user at once (issue 8): access tokens issued before
 * now are refused from here on, refresh tokens stop working. The user is found by the refresh token the client holds,
 * so a logout works after the access token expired (a tab reopened past the 55 minutes); or by a valid access token.
 * With neither, there is nothing to end, and the answer is the same.
 */
export const handler = httpHandler(postSessionLogout, async ({ body, event }) => {
  const session = body.refresh ? await getSession(body.refresh) : undefined;
  const userUuid = session?.user_uuid ?? (await bearerUser(event));
  if (body.refresh) await Promise.all([deleteSession(body.refresh), revokeRefresh(body.refresh)]);
  if (userUuid) {
    await Promise.all([endSessions(userUuid), writeSessionEvent({ userUuid }, 'LOGOUT', requestOrigin(event))]);
  }
  return { detail: 'ok' };
});
