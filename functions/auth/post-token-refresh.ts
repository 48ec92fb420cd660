import { postTokenRefresh } from '../../shared/contracts/auth';
import { SESSION_COOKIES } from '../../shared/session-cookies';
import { assertMembershipsEnabled, sessionEnded, sessionEndedError } from '../lib/auth/access';
import { accessTokenClaims, CredentialsRefused, refreshAccess, revokeRefresh } from '../lib/auth/sessions';
import { deleteSession, getSession, SESSION_MAX_SECONDS } from '../lib/data/sessions';
import { epochSeconds } from '../lib/data/table';
import { writeSessionEvent } from '../lib/data/user-logs';
import { addLiveToken, getUser } from '../lib/data/users';
import { ApiError, notAuthenticated } from '../lib/errors';
import { portalOrigin, requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import {
  accessCookie,
  clearedSessionCookies,
  cookieCredential,
  fromTheSpa,
  withCookies,
} from '../lib/http/session-cookies';
import type { HttpEvent } from '../lib/http/types';

/** A new access token for the session of `refresh`, and whether that session asked to be remembered. */
async function renew(refresh: string, event: HttpEvent): Promise<{ access: string; remember: boolean }> {
  const session = await getSession(refresh);
  if (!session) throw notAuthenticated();
  const portal = portalOrigin(event);
  // A session lives on the portal it started on: elsewhere it is refused, and left alive at home.
  if (session.portal !== portal) {
    await writeSessionEvent({ userUuid: session.user_uuid }, 'REFRESH_REFUSED', requestOrigin(event), 'OTHER_PORTAL');
    throw notAuthenticated();
  }
  const user = await getUser(session.user_uuid);
  const ended =
    !user?.enable ||
    sessionEnded(user, session.started_at) ||
    epochSeconds() - session.started_at >= SESSION_MAX_SECONDS;
  if (ended) {
    await Promise.all([
      deleteSession(refresh),
      revokeRefresh(refresh),
      writeSessionEvent({ userUuid: session.user_uuid }, 'REFRESH_REFUSED', requestOrigin(event), 'SESSION_ENDED'),
    ]);
    throw sessionEndedError();
  }
  await assertMembershipsEnabled(user);
  let access: string;
  try {
    access = await refreshAccess(refresh, user.uuid);
  } catch (error) {
    if (error instanceof CredentialsRefused) throw notAuthenticated();
    throw error;
  }
  await addLiveToken(user, { ...accessTokenClaims(access), portal });
  return { access, remember: session.remember ?? false };
}

/**
 * POST api/v1/token/refresh/: a new access token for a live session. Refused (401) when the refresh token starts no
 * session the portal knows, when the user's sessions were ended after it started (logout, password change or reset,
 * disabling), when the session has lasted the spec's 55 minutes (portal §9: the server enforces it too, no refresh
 * extends a session past it), when the user or its project or group was disabled, or on another portal than the one
 * the session started on. The new access token is listed under the user with the session's portal.
 *
 * The SPA sends no token: the refresh cookie names the session (403 without the SPA's header), the new access token
 * goes into its cookie, and a refusal clears the session cookies. API clients send the refresh token in the body.
 */
export const handler = httpHandler(postTokenRefresh, async ({ body, event }) => {
  const refresh = body.refresh ?? cookieCredential(event, SESSION_COOKIES.refresh, postTokenRefresh.method);
  if (!refresh) throw notAuthenticated();
  if (!fromTheSpa(event)) return { access: (await renew(refresh, event)).access };
  try {
    const { access, remember } = await renew(refresh, event);
    return withCookies(200, {}, [accessCookie(access, remember)]);
  } catch (error) {
    if (!(error instanceof ApiError && error.status < 500)) throw error;
    return withCookies(error.status, { code: error.code, ...error.extra }, clearedSessionCookies());
  }
});
