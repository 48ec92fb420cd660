import { postTokenRefresh } from '../../shared/contracts/auth';
import { assertMembershipsEnabled, sessionEnded, sessionEndedError } from '../lib/auth/access';
import { CredentialsRefused, refreshAccess, revokeRefresh } from '../lib/auth/sessions';
import { deleteSession, getSession, SESSION_MAX_SECONDS } from '../lib/data/sessions';
import { epochSeconds } from '../lib/data/table';
import { writeSessionEvent } from '../lib/data/user-logs';
import { getUser } from '../lib/data/users';
import { notAuthenticated } from '../lib/errors';
import { requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';

/**
 * POST api/v1/token/refresh/: a new access token for a live session. Refused (401) when the refresh token starts no
 * session the portal knows, when the user's sessions were ended after it started (logout, password change or reset,
 * disabling), when the session has lasted the spec's 55 minutes (portal §9: the server enforces it too, no refresh
 * extends a session past it), or when the user or its project or group was disabled.
 */
export const handler = httpHandler(postTokenRefresh, async ({ body, event }) => {
  const session = await getSession(body.refresh);
  if (!session) throw notAuthenticated();
  const user = await getUser(session.user_uuid);
  const ended =
    !user?.enable ||
    sessionEnded(user, session.started_at) ||
    epochSeconds() - session.started_at >= SESSION_MAX_SECONDS;
  if (ended) {
    await Promise.all([
      deleteSession(body.refresh),
      revokeRefresh(body.refresh),
      writeSessionEvent({ userUuid: session.user_uuid }, 'REFRESH_REFUSED', requestOrigin(event), 'SESSION_ENDED'),
    ]);
    throw sessionEndedError();
  }
  await assertMembershipsEnabled(user);
  try {
    return { access: await refreshAccess(body.refresh) };
  } catch (error) {
    if (error instanceof CredentialsRefused) throw notAuthenticated();
    throw error;
  }
});
