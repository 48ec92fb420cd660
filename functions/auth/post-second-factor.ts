import { postSecondFactor } from '../../shared/contracts/second-factor';
import { signInMethod } from '../../shared/second-factor';
import { assertMembershipsEnabled, sessionEnded } from '../lib/auth/access';
import { openSession } from '../lib/auth/open-session';
import {
  CHALLENGE_MISSES,
  challengeRefresh,
  completeEnrolment,
  redeemRecoveryCode,
  trustDevice,
  verifyCode,
} from '../lib/auth/second-factor';
import { CredentialsRefused, refreshAccess, revokeRefresh } from '../lib/auth/sessions';
import {
  type ChallengeRecord,
  countChallengeMiss,
  dropChallenge,
  getChallenge,
  takeChallenge,
} from '../lib/data/second-factors';
import { epochSeconds } from '../lib/data/table';
import {
  lockIfFull,
  pairKey,
  releaseSlot,
  type ThrottleItem,
  type ThrottleKind,
  takeSlotItem,
} from '../lib/data/throttle';
import { writeSessionEvent } from '../lib/data/user-logs';
import { getUser } from '../lib/data/users';
import { ApiError } from '../lib/errors';
import { addressKey, clientIp, portalOrigin, requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { fromTheSpa, sessionCookies, trustedDeviceCookie, withCookies } from '../lib/http/session-cookies';

const expired = () => new ApiError(401, 'SECOND_FACTOR_EXPIRED');
const invalidCode = () => new ApiError(401, 'INVALID_CODE');

type Slot = { kind: ThrottleKind; key: string; item: ThrottleItem };

/**
 * A code is a guess as a password is: it takes the sign-in's slots of the (e-mail, address) pair and of the address
 * before it is checked, and the account's own SECOND_FACTOR slot, so five wrong codes lock the account's codes
 * whatever the address (whoever reaches this step knows the password). A refusal gives back what was taken.
 */
async function takeCodeSlots(challenge: ChallengeRecord, address: string): Promise<Slot[]> {
  const wanted: Array<{ kind: ThrottleKind; key: string }> = [
    { kind: 'LOGIN_PAIR', key: pairKey(challenge.email, address) },
    { kind: 'IP_SIGN_IN', key: address },
    { kind: 'SECOND_FACTOR', key: challenge.user_uuid },
  ];
  const taken = await Promise.allSettled(wanted.map(({ kind, key }) => takeSlotItem(kind, key)));
  const slots = taken.flatMap((result, n) =>
    result.status === 'fulfilled' ? [{ ...(wanted[n] as (typeof wanted)[number]), item: result.value }] : [],
  );
  const refused = taken.find((result) => result.status === 'rejected');
  if (refused?.status === 'rejected') {
    await Promise.all(slots.map(({ kind, key }) => releaseSlot(kind, key)));
    throw refused.reason;
  }
  return slots;
}

/** The code or recovery code sent, checked: the factor and how it went, or undefined for a wrong one. */
async function proveSecondFactor(challenge: ChallengeRecord, body: { code?: string; recovery_code?: string }) {
  const userUuid = challenge.user_uuid;
  const first = challenge.first_factor;
  if (challenge.step === 'ENROL') {
    const enrolled = body.code ? await completeEnrolment(userUuid, body.code) : undefined;
    return enrolled && { ...enrolled, method: signInMethod(first, 'TOTP') };
  }
  if (body.code) {
    const factor = await verifyCode(userUuid, body.code);
    return factor && { factor, method: signInMethod(first, 'TOTP') };
  }
  const factor = body.recovery_code ? await redeemRecoveryCode(userUuid, body.recovery_code) : undefined;
  return factor && { factor, method: signInMethod(first, 'RECOVERY_CODE') };
}

/**
 * POST api/v1/token/second-factor/: the second step of a sign-in (postToken answered `second_factor`). The challenge
 * lives 5 minutes on the portal it started on and takes 5 wrong codes; each code counts in the sign-in's throttles.
 * A right code takes the challenge once, checks again who may hold a session (disabled, ended meanwhile), and opens
 * the session from the first factor's refresh token it held: the same session, cookies and revocation as a password
 * sign-in, logged with the way it went.
 */
export const handler = httpHandler(postSecondFactor, async ({ body, event }) => {
  const origin = requestOrigin(event);
  const challenge = await getChallenge(body.challenge);
  if (!challenge || challenge.portal !== portalOrigin(event)) throw expired();
  if (!body.code && !body.recovery_code) throw invalidCode();
  const slots = await takeCodeSlots(challenge, addressKey(clientIp(event)));
  const proof = await proveSecondFactor(challenge, body);
  if (!proof) {
    const misses = await countChallengeMiss(body.challenge);
    await Promise.all([
      ...slots.map(({ kind, key, item }) => lockIfFull(kind, key, item.attempts, epochSeconds(), item.lock_count ?? 0)),
      writeSessionEvent({ userUuid: challenge.user_uuid }, 'LOGIN_REFUSED', origin, 'SECOND_FACTOR'),
      misses >= CHALLENGE_MISSES ? dropChallenge(body.challenge) : undefined,
    ]);
    throw invalidCode();
  }
  await Promise.all(slots.map(({ kind, key }) => releaseSlot(kind, key)));
  if (!(await takeChallenge(body.challenge))) throw expired();
  const refresh = await challengeRefresh(challenge.user_uuid, challenge.refresh_sealed);
  const user = await getUser(challenge.user_uuid);
  if (!user?.enable || sessionEnded(user, challenge.created_at)) {
    await revokeRefresh(refresh);
    throw user?.enable ? expired() : new ApiError(401, 'USER_DISABLED');
  }
  await assertMembershipsEnabled(user).catch(async (error: unknown) => {
    await revokeRefresh(refresh);
    throw error;
  });
  const access = await refreshAccess(refresh, user.uuid).catch((error: unknown) => {
    throw error instanceof CredentialsRefused ? expired() : error;
  });
  const tokens = { access, refresh };
  const { portal, remember } = challenge;
  await openSession(user, tokens, { portal, remember, origin, method: proof.method });
  const device = body.trust_device ? await trustDevice(user.uuid, proof.factor.factor_id) : undefined;
  const extra = {
    ...('recoveryCodes' in proof && { recovery_codes: proof.recoveryCodes }),
  };
  if (fromTheSpa(event)) {
    const cookies = [
      ...sessionCookies(tokens, remember),
      ...(device ? [trustedDeviceCookie(device.token, device.seconds)] : []),
    ];
    return withCookies(200, extra, cookies);
  }
  return { ...tokens, ...extra, ...(device && { trusted_device: device.token }) };
});
