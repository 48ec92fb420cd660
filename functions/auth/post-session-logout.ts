import { postSessionLogout } from '../../shared/contracts/auth';
import { revokeRefresh } from '../lib/auth/sessions';
import { writeUserLog } from '../lib/data/user-logs';
import { httpHandler } from '../lib/http/http-handler';
import { logger } from '../lib/logger';

/** POST api/v1/logs/session-log/logout/: records the logout and revokes the refresh token the client holds. */
export const handler = httpHandler(postSessionLogout, async ({ body, caller, event }) => {
  if (body.refresh) {
    // A token that is already invalid needs no revoking; the logout still counts.
    await revokeRefresh(body.refresh).catch((error: Error) =>
      logger.info('Refresh token not revoked', { reason: error.name }),
    );
  }
  await writeUserLog(caller.user.uuid, 'SESSION', {
    action: 'LOGOUT',
    source_ip: event.requestContext.http.sourceIp,
    user_agent: event.requestContext.http.userAgent,
  });
  return { detail: 'ok' };
});
