import { postToken } from '../../shared/contracts/auth';
import { CredentialsRefused, signIn } from '../lib/auth/sessions';
import { clearThrottle, readThrottle, recordHit } from '../lib/data/throttle';
import { writeUserLog } from '../lib/data/user-logs';
import { getUserByEmail } from '../lib/data/users';
import { ApiError } from '../lib/errors';
import { httpHandler } from '../lib/http/http-handler';

/**
 * POST api/v1/token/: signs in through Cognito (USER_PASSWORD_AUTH). A locked e-mail answers 429 before any password
 * check; an unknown e-mail and a wrong password answer the same 401; a disabled user is refused even with the right
 * password, whatever Cognito says.
 */
export const handler = httpHandler(postToken, async ({ body, event }) => {
  const throttle = await readThrottle('LOGIN', body.email);
  if (throttle.lockedFor > 0) {
    throw new ApiError(429, 'TOO_MANY_ATTEMPTS', { remaining_time: throttle.lockedFor });
  }
  const user = await getUserByEmail(body.email);
  let tokens: { access: string; refresh: string } | undefined;
  try {
    tokens = user ? await signIn(user.uuid, body.password) : undefined;
  } catch (error) {
    if (!(error instanceof CredentialsRefused)) throw error;
  }
  if (!user || !tokens) {
    await recordHit('LOGIN', body.email, throttle);
    throw new ApiError(401, 'INVALID_CREDENTIALS');
  }
  if (!user.enable) throw new ApiError(401, 'USER_DISABLED');
  await Promise.all([
    throttle.item ? clearThrottle('LOGIN', body.email) : undefined,
    writeUserLog(user.uuid, 'SESSION', {
      action: 'LOGIN',
      source_ip: event.requestContext.http.sourceIp,
      user_agent: event.requestContext.http.userAgent,
    }),
  ]);
  return tokens;
});
