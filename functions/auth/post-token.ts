import { postToken } from '../../shared/contracts/auth';
import { assertMembershipsEnabled, waitForSessionStart } from '../lib/auth/access';
import { CredentialsRefused, revokeRefresh, signIn } from '../lib/auth/sessions';
import { getProjectByPortalUrl } from '../lib/data/projects';
import { startSession } from '../lib/data/sessions';
import { epochSeconds, nowIso } from '../lib/data/table';
import { clearThrottle, lockIfFull, releaseSlot, takeSlot } from '../lib/data/throttle';
import { writeSessionEvent } from '../lib/data/user-logs';
import { getUserByEmail, recordSignIn, type UserRecord } from '../lib/data/users';
import { ApiError } from '../lib/errors';
import { clientIp, requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import type { HttpEvent } from '../lib/http/types';

const invalidCredentials = () => new ApiError(401, 'INVALID_CREDENTIALS');

/**
 * A project's branded domain admits only that project's users (issue 8, "Each firm's portal is its own"); the
 * SUPER_ADMIN signs in anywhere, and an origin that is no project's portal admits everyone.
 */
async function portalAdmits(event: HttpEvent, user: UserRecord): Promise<boolean> {
  const origin = event.headers?.origin;
  if (!origin || user.user_role === 'SUPER_ADMIN') return true;
  const project = await getProjectByPortalUrl(origin);
  return !project || user.project_uuids.includes(project.uuid);
}

/**
 * POST api/v1/token/: signs in through Cognito. A slot of the e-mail's and of the address's throttle is taken before
 * the password is checked (429 when none is left), so parallel guesses cannot outrun the lock; a right password gives
 * its slots back. An unknown e-mail and a wrong password answer the same 401; a disabled user, a member of a disabled
 * project or group, or a user of another firm's portal is refused even with the right password.
 */
export const handler = httpHandler(postToken, async ({ body, event }) => {
  const ip = clientIp(event);
  const origin = requestOrigin(event);
  const ipAttempts = await takeSlot('IP_SIGN_IN', ip);
  let attempts: number;
  try {
    attempts = await takeSlot('LOGIN', body.email);
  } catch (error) {
    await releaseSlot('IP_SIGN_IN', ip);
    throw error;
  }
  const user = await getUserByEmail(body.email);
  let tokens: { access: string; refresh: string } | undefined;
  if (user) {
    await waitForSessionStart(user);
    tokens = await signIn(user.uuid, body.password).catch((error) => {
      if (error instanceof CredentialsRefused) return undefined;
      throw error;
    });
  }
  if (!user || !tokens) {
    await Promise.all([
      lockIfFull('LOGIN', body.email, attempts),
      lockIfFull('IP_SIGN_IN', ip, ipAttempts),
      writeSessionEvent(user ? { userUuid: user.uuid } : { email: body.email }, 'LOGIN_REFUSED', origin, 'CREDENTIALS'),
    ]);
    throw invalidCredentials();
  }
  await Promise.all([clearThrottle('LOGIN', body.email), releaseSlot('IP_SIGN_IN', ip)]);
  const refusal = !user.enable
    ? { reason: 'USER_DISABLED', error: new ApiError(401, 'USER_DISABLED') }
    : !(await portalAdmits(event, user))
      ? { reason: 'OTHER_PORTAL', error: invalidCredentials() }
      : await assertMembershipsEnabled(user).then(
          () => undefined,
          (error: ApiError) => ({ reason: error.code, error }),
        );
  if (refusal) {
    await Promise.all([
      revokeRefresh(tokens.refresh),
      writeSessionEvent({ userUuid: user.uuid }, 'LOGIN_REFUSED', origin, refusal.reason),
    ]);
    throw refusal.error;
  }
  await Promise.all([
    startSession(user.uuid, tokens.refresh, epochSeconds()),
    writeSessionEvent({ userUuid: user.uuid }, 'LOGIN', origin),
    // The users list's 'Último ingreso' (issue 14): one UpdateItem on the user record, in parallel with the rest.
    recordSignIn(user.uuid, nowIso()),
  ]);
  return tokens;
});
