import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { postPasskeySignIn } from '../../shared/contracts/passkeys';
import { assertMembershipsEnabled, waitForSessionStart } from '../lib/auth/access';
import { openSession } from '../lib/auth/open-session';
import { passkeyRefused, provePasskey, rpIdOf } from '../lib/auth/passkeys';
import { portalAdmits } from '../lib/auth/portal-admits';
import { issuePortalTokens } from '../lib/auth/portal-tokens';
import { epochSeconds } from '../lib/data/table';
import { lockIfFull, releaseSlot, takeSlotItem } from '../lib/data/throttle';
import { writeSessionEvent } from '../lib/data/user-logs';
import { getUser } from '../lib/data/users';
import { ApiError } from '../lib/errors';
import { addressKey, clientIp, portalOrigin, requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { fromTheSpa, sessionCookies, withCookies } from '../lib/http/session-cookies';

/**
 * POST api/v1/token/passkey/: a usernameless sign-in with a passkey of this portal. The address's sign-in slot is
 * taken before the answer is checked, as for a password (a failure counts towards its lock). A proven passkey of a
 * user who may not hold a session here (disabled, another firm's portal, a disabled project or group) is refused as
 * a password sign-in is, and logged. A passkey with user verification is two factors: no code follows.
 */
export const handler = httpHandler(postPasskeySignIn, async ({ body, event }) => {
  const origin = requestOrigin(event);
  const portal = portalOrigin(event);
  rpIdOf(portal);
  const address = addressKey(clientIp(event));
  const slot = await takeSlotItem('IP_SIGN_IN', address);
  const response = { clientExtensionResults: {}, ...body.response } as AuthenticationResponseJSON;
  const { passkey, proven } = await provePasskey(portal, response);
  if (!passkey || !proven) {
    await Promise.all([
      lockIfFull('IP_SIGN_IN', address, slot.attempts, epochSeconds(), slot.lock_count ?? 0),
      passkey && writeSessionEvent({ userUuid: passkey.user_uuid }, 'LOGIN_REFUSED', origin, 'PASSKEY'),
    ]);
    throw passkeyRefused(401);
  }
  await releaseSlot('IP_SIGN_IN', address);
  const user = await getUser(passkey.user_uuid);
  if (!user) throw passkeyRefused(401);
  const refusal = !user.enable
    ? { reason: 'USER_DISABLED', error: new ApiError(401, 'USER_DISABLED') }
    : !(await portalAdmits(portal, user))
      ? { reason: 'OTHER_PORTAL', error: passkeyRefused(401) }
      : await assertMembershipsEnabled(user).then(
          () => undefined,
          (error: ApiError) => ({ reason: error.code, error }),
        );
  if (refusal) {
    await writeSessionEvent({ userUuid: user.uuid }, 'LOGIN_REFUSED', origin, refusal.reason);
    throw refusal.error;
  }
  await waitForSessionStart(user);
  // Cognito mints no tokens without a password: the session is the portal's own (portal-tokens.ts), opened as every
  // way in opens one, so refresh, logout, revocation and the 55-minute rule apply to it unchanged.
  const tokens = await issuePortalTokens(user);
  const remember = body.remember ?? false;
  await openSession(user, tokens, { portal, remember, origin, method: 'PASSKEY' });
  if (fromTheSpa(event)) return withCookies(200, {}, sessionCookies(tokens, remember));
  return tokens;
});
