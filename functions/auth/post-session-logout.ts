import { postSessionLogout } from '../../shared/contracts/auth';
import { SESSION_COOKIES } from '../../shared/session-cookies';
import { endSessions } from '../lib/auth/access';
import { revokeRefresh } from '../lib/auth/sessions';
import { verifyAccessToken } from '../lib/auth/verify-token';
import { deleteSession, getSession } from '../lib/data/sessions';
import { writeSessionEvent } from '../lib/data/user-logs';
import { bearerToken } from '../lib/http/authenticate';
import { requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { clearedSessionCookies, cookieCredential, withCookies } from '../lib/http/session-cookies';

/** The user of a valid access token, if the call carries one. */
async function tokenUser(token: string | undefined): Promise<string | undefined> {
  if (!token) return undefined;
  return verifyAccessToken(token).then(
    ({ username }) => username,
    () => undefined,
  );
}

/**
 * POST api/v1/logs/session-log/logout/: ends every session of the user at once: access tokens issued before
 * now are refused from here on, refresh tokens stop working. The user is found by the refresh token the client holds,
 * so a logout works after the access token expired (a tab reopened past the 55 minutes); or by a valid access token.
 * Either comes in the body and the Authorization header (API clients) or in the session cookies (the SPA, whose
 * header they need: 403 without it), which the answer clears. With neither, there is nothing to end, and the answer
 * is the same.
 */
export const handler = httpHandler(postSessionLogout, async ({ body, event }) => {
  const { method } = postSessionLogout;
  const refresh = body.refresh ?? cookieCredential(event, SESSION_COOKIES.refresh, method);
  const access = bearerToken(event) ?? cookieCredential(event, SESSION_COOKIES.access, method);
  const session = refresh ? await getSession(refresh) : undefined;
  const userUuid = session?.user_uuid ?? (await tokenUser(access));
  if (refresh) await Promise.all([deleteSession(refresh), revokeRefresh(refresh)]);
  if (userUuid) {
    await Promise.all([endSessions(userUuid), writeSessionEvent({ userUuid }, 'LOGOUT', requestOrigin(event))]);
  }
  return withCookies(200, { detail: 'ok' }, clearedSessionCookies());
});
