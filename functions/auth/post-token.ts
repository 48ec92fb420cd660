import { postToken } from '../../shared/contracts/auth';
import { TRUSTED_DEVICE_COOKIE } from '../../shared/second-factor';
import { assertMembershipsEnabled, waitForSessionStart } from '../lib/auth/access';
import { openSession } from '../lib/auth/open-session';
import { portalAdmits } from '../lib/auth/portal-admits';
import { afterFirstFactor } from '../lib/auth/second-factor';
import { CredentialsRefused, revokeRefresh, signIn } from '../lib/auth/sessions';
import { epochSeconds } from '../lib/data/table';
import {
  lockIfFull,
  markKnownPair,
  pairKey,
  releaseSlot,
  type ThrottleItem,
  type ThrottleKind,
  takeSlotItem,
} from '../lib/data/throttle';
import { writeSessionEvent } from '../lib/data/user-logs';
import { getUserByEmailEvenly } from '../lib/data/users';
import { ApiError } from '../lib/errors';
import { addressKey, clientIp, portalOrigin, requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { cookieCredential, fromTheSpa, sessionCookies, withCookies } from '../lib/http/session-cookies';

const invalidCredentials = () => new ApiError(401, 'INVALID_CREDENTIALS');

/** The Cognito user name a password of an unknown address is checked against: no identity has it. */
const NO_IDENTITY = '00000000-0000-0000-0000-000000000000';

type Slot = { kind: ThrottleKind; key: string; item: ThrottleItem };

/**
 * The sign-in's throttle slots, taken before the password is checked (docs/data-model.md, "Sessions and throttles"):
 * the (e-mail, address) pair and the address in parallel, then the e-mail's ceiling unless the owner signed in from
 * this address before. At most three conditional writes; a refusal gives back what was taken and answers 429.
 */
async function takeSignInSlots(email: string, address: string): Promise<Slot[]> {
  const wanted: Array<{ kind: ThrottleKind; key: string }> = [
    { kind: 'LOGIN_PAIR', key: pairKey(email, address) },
    { kind: 'IP_SIGN_IN', key: address },
  ];
  const taken = await Promise.allSettled(wanted.map(({ kind, key }) => takeSlotItem(kind, key)));
  const slots = taken.flatMap((result, n) =>
    result.status === 'fulfilled' ? [{ ...(wanted[n] as (typeof wanted)[number]), item: result.value }] : [],
  );
  const refused = taken.find((result) => result.status === 'rejected');
  const pair = slots[0]?.kind === 'LOGIN_PAIR' ? slots[0] : undefined;
  let error = refused?.status === 'rejected' ? refused.reason : undefined;
  if (!error && !((pair?.item.known_until ?? 0) > epochSeconds())) {
    try {
      slots.push({ kind: 'LOGIN', key: email, item: await takeSlotItem('LOGIN', email) });
    } catch (ceiling) {
      error = ceiling;
    }
  }
  if (error) {
    await Promise.all(slots.map(({ kind, key }) => releaseSlot(kind, key)));
    throw error;
  }
  return slots;
}

/**
 * POST api/v1/token/: signs in through Cognito. Slots of the pair's, the address's and (from an address the owner
 * never used) the e-mail's throttles are taken before the password is checked, so parallel guesses cannot outrun the
 * lock, and a stranger elsewhere never locks the owner's own address. An unknown e-mail and a wrong
 * password answer the same 401 after the same calls (the password is checked against an identity no one has); a
 * disabled user, a member of a disabled project or group, or a user of another firm's portal is refused even with the
 * right password. When the second factor is due (functions/lib/auth/second-factor.ts) the answer is a challenge and no
 * token: the session opens at POST api/v1/token/second-factor/. The session is bound to the portal it started on. The SPA (its CSRF header) gets the tokens as
 * HttpOnly cookies, persistent with 'Recordarme', and none in the body; API clients get them in the body.
 */
export const handler = httpHandler(postToken, async ({ body, event }) => {
  const address = addressKey(clientIp(event));
  const origin = requestOrigin(event);
  const portal = portalOrigin(event);
  const slots = await takeSignInSlots(body.email, address);
  const user = await getUserByEmailEvenly(body.email);
  if (user) await waitForSessionStart(user);
  const tokens = await signIn(user?.uuid ?? NO_IDENTITY, body.password).catch((error) => {
    if (error instanceof CredentialsRefused) return undefined;
    throw error;
  });
  if (!user || !tokens) {
    if (tokens) await revokeRefresh(tokens.refresh);
    await Promise.all([
      ...slots.map(({ kind, key, item }) => lockIfFull(kind, key, item.attempts, epochSeconds(), item.lock_count ?? 0)),
      writeSessionEvent(user ? { userUuid: user.uuid } : { email: body.email }, 'LOGIN_REFUSED', origin, 'CREDENTIALS'),
    ]);
    throw invalidCredentials();
  }
  // The right password: its address is the owner's; the address and the ceiling get their slots back.
  await Promise.all(
    slots.map(({ kind, key }) => (kind === 'LOGIN_PAIR' ? markKnownPair(key) : releaseSlot(kind, key))),
  );
  const refusal = !user.enable
    ? { reason: 'USER_DISABLED', error: new ApiError(401, 'USER_DISABLED') }
    : !(await portalAdmits(portal, user))
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
  const remember = body.remember ?? false;
  // The second factor (functions/lib/auth/second-factor.ts): when due, no token leaves before its code, unless this
  // device was trusted after one; the first factor's refresh token waits, sealed, in a short-lived challenge.
  const trustedDevice =
    body.trusted_device ??
    (fromTheSpa(event) ? cookieCredential(event, TRUSTED_DEVICE_COOKIE, postToken.method) : undefined);
  const first = { kind: 'PASSWORD' as const, user, refresh: tokens.refresh, portal, remember, trustedDevice };
  const next = await afterFirstFactor(first);
  if ('challenge' in next) return { second_factor: { challenge: next.challenge, step: next.step } };
  await openSession(user, tokens, { portal, remember, origin, method: next.method });
  // The SPA's session goes into HttpOnly cookies, out of every script's reach; API clients get the tokens.
  if (fromTheSpa(event)) return withCookies(200, {}, sessionCookies(tokens, remember));
  return tokens;
});
