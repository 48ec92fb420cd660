import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { ADMIN_ROLES } from '../../../shared/roles';
import {
  type FirstFactor as FirstFactorKind,
  type MfaPolicy,
  RECOVERY_CODE_COUNT,
  type SignInMethod,
  signInMethod,
  TRUSTED_DEVICE_DAYS,
} from '../../../shared/second-factor';
import { getItems } from '../data/list-index';
import type { ProjectRecord } from '../data/projects';
import {
  acceptStep,
  activateFactor,
  getSecondFactor,
  putChallenge,
  putPendingFactor,
  putTrustedDevice,
  type SecondFactorRecord,
  spendRecoveryCode,
  trustedDeviceOf,
} from '../data/second-factors';
import { epochSeconds, keys } from '../data/table';
import type { UserRecord } from '../data/user-record';
import { membershipsOf } from '../data/users';
import { keyedHash, seal, unseal } from './second-factor-key';

/**
 * The second factor: TOTP (RFC 6238, 6 digits, 30 s, as every authenticator app reads it) with otplib, the secret
 * sealed at rest (second-factor-key.ts). Cognito's own software-token MFA is not used: its challenge flows are not in
 * cognito-local (docs/decisions), and the portal's firms choose per role whom it binds, which a user pool cannot say.
 * Time is the server's one clock (functions/lib/clock.ts), so tests move it instead of waiting.
 */

/** How long a sign-in waits for its code: the first factor's tokens are kept, sealed, no longer than this. */
export const CHALLENGE_SECONDS = 5 * 60;
/** Wrong codes one challenge takes before it is dropped (the sign-in starts again with the password). */
export const CHALLENGE_MISSES = 5;

const factorContext = (userUuid: string) => `second-factor:${userUuid}`;
const challengeContext = (userUuid: string) => `challenge:${userUuid}`;

/** Whether one of the firms of the user makes the factor mandatory for its role; the SUPER_ADMIN always has it. */
export async function factorRequired(user: UserRecord): Promise<boolean> {
  if (user.user_role === 'SUPER_ADMIN') return true;
  const projectUuids = [...new Set((await membershipsOf(user)).map((m) => m.project_uuid))];
  const projects = await getItems<ProjectRecord>(projectUuids.map((uuid) => keys.project(uuid)));
  const wanted: MfaPolicy = ADMIN_ROLES.includes(user.user_role) ? 'ADMINS' : 'CLIENTS';
  return projects.some((p) => p.mfa_policy === 'ALL' || p.mfa_policy === wanted);
}

export type SecondFactorStep = 'NONE' | 'VERIFY' | 'ENROL';

/**
 * The gate every way in calls after its first factor: VERIFY when the user has an active factor (a code is asked),
 * ENROL when a firm of the user (or the SUPER_ADMIN role) makes it mandatory and none is active yet, NONE otherwise.
 */
export async function secondFactorDue(user: UserRecord): Promise<SecondFactorStep> {
  return (await dueWithFactor(user)).step;
}

async function dueWithFactor(user: UserRecord) {
  const factor = await getSecondFactor(user.uuid);
  const step: SecondFactorStep =
    factor?.status === 'ACTIVE' ? 'VERIFY' : (await factorRequired(user)) ? 'ENROL' : 'NONE';
  return { step, factor };
}

export interface FirstFactor {
  /** Which way in proved it: a password (postToken), or another way's own. */
  kind: FirstFactorKind;
  user: UserRecord;
  refresh: string;
  portal: string;
  remember: boolean;
  /** The trusted-device token the client sent (cookie or body), if any. */
  trustedDevice?: string;
}

/**
 * After a first factor: either the session may open now (with how it went), or a challenge holds the first factor's
 * refresh token, sealed, until the code comes (postSecondFactor). No token leaves the server before that.
 */
export async function afterFirstFactor(
  first: FirstFactor,
): Promise<{ method: SignInMethod } | { challenge: string; step: 'VERIFY' | 'ENROL' }> {
  const { user } = first;
  const { step, factor } = await dueWithFactor(user);
  if (step === 'NONE') return { method: signInMethod(first.kind) };
  if (step === 'VERIFY' && factor && first.trustedDevice) {
    if (await trustedDeviceOf(user.uuid, first.trustedDevice, factor.factor_id)) {
      return { method: signInMethod(first.kind, 'TRUSTED_DEVICE') };
    }
  }
  const challenge = randomBytes(32).toString('base64url');
  const now = epochSeconds();
  await putChallenge(challenge, {
    user_uuid: user.uuid,
    email: user.email,
    first_factor: first.kind,
    step,
    refresh_sealed: await seal(first.refresh, challengeContext(user.uuid)),
    portal: first.portal,
    remember: first.remember,
    created_at: now,
    expires_at: now + CHALLENGE_SECONDS,
  });
  return { challenge, step };
}

/** The first factor's refresh token a challenge holds. */
export const challengeRefresh = (userUuid: string, sealed: string) => unseal(sealed, challengeContext(userUuid));

/** The secret of the user's pending enrolment of this name, if that is the one pending. */
async function pendingSecret(userUuid: string, factorId: string): Promise<string | undefined> {
  const pending = await getSecondFactor(userUuid);
  if (pending?.status !== 'PENDING' || pending.factor_id !== factorId) return undefined;
  return unseal(pending.secret_sealed, factorContext(userUuid));
}

/**
 * A new enrolment: a fresh secret, PENDING until its first code; undefined when a factor is already active. `attempt`
 * (a sign-in's challenge) names it: asked again for the same one (a reload, the step drawn twice), it answers the
 * secret it made, not a new one that would leave the QR code already scanned with a dead key.
 */
export async function startEnrolment(
  user: UserRecord,
  issuer: string,
  attempt?: string,
): Promise<{ secret: string; otpauth_uri: string } | undefined> {
  const factorId = attempt ? await keyedHash(`enrolment:${attempt}`) : randomUUID();
  const fresh = generateSecret();
  // Refused over an active factor, and over this same enrolment already pending (asked again, or twice at once): the
  // request that wrote it first chose the key, which is answered again.
  const written = await putPendingFactor(user.uuid, factorId, await seal(fresh, factorContext(user.uuid)));
  const secret = written ? fresh : attempt ? await pendingSecret(user.uuid, factorId) : undefined;
  if (secret === undefined) return undefined;
  return { secret, otpauth_uri: generateURI({ issuer, label: user.email, secret }) };
}

/** The time step a code matches (the previous, current or next 30 s, for a phone's clock off by a little), if any. */
async function matchingStep(secret: string, code: string, after?: number): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: epochSeconds(),
    epochTolerance: 30,
    ...(after !== undefined && { afterTimeStep: after }),
  });
  // A TOTP result carries its time step (the union type also covers HOTP's, which has none).
  return result.valid ? (result as { timeStep: number }).timeStep : undefined;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** A recovery code as the person types it: case, spaces and dashes do not count. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const recoveryHash = (userUuid: string, code: string) => keyedHash(`${userUuid}:${normalizeRecovery(code)}`);

/**
 * The first code of a pending enrolment: the factor becomes ACTIVE and the ten recovery codes are made (shown once,
 * kept as keyed hashes). Undefined for a wrong code or no pending enrolment.
 */
export async function completeEnrolment(
  userUuid: string,
  code: string,
): Promise<{ factor: SecondFactorRecord; recoveryCodes: string[] } | undefined> {
  const factor = await getSecondFactor(userUuid);
  if (factor?.status !== 'PENDING') return undefined;
  const step = await matchingStep(await unseal(factor.secret_sealed, factorContext(userUuid)), code);
  if (step === undefined) return undefined;
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(recoveryCodes.map((c) => recoveryHash(userUuid, c)));
  if (!(await activateFactor(userUuid, factor.factor_id, step, hashes))) return undefined;
  return { factor: { ...factor, status: 'ACTIVE' }, recoveryCodes };
}

/** A code of the active factor, accepted once (replay refused); the factor when right. */
export async function verifyCode(userUuid: string, code: string): Promise<SecondFactorRecord | undefined> {
  const factor = await getSecondFactor(userUuid);
  if (factor?.status !== 'ACTIVE') return undefined;
  const secret = await unseal(factor.secret_sealed, factorContext(userUuid));
  const step = await matchingStep(secret, code, factor.last_step);
  if (step === undefined || !(await acceptStep(userUuid, factor.factor_id, step))) return undefined;
  return factor;
}

/** A recovery code of the active factor, spent (never good again); the factor when right. */
export async function redeemRecoveryCode(userUuid: string, code: string): Promise<SecondFactorRecord | undefined> {
  const factor = await getSecondFactor(userUuid);
  if (factor?.status !== 'ACTIVE') return undefined;
  const spent = await spendRecoveryCode(userUuid, factor.factor_id, await recoveryHash(userUuid, code));
  return spent ? factor : undefined;
}

/** A trusted device for this enrolment: its token (random, the table keeps its hash) and lifetime in seconds. */
export async function trustDevice(userUuid: string, factorId: string): Promise<{ token: string; seconds: number }> {
  const token = randomBytes(32).toString('base64url');
  const seconds = TRUSTED_DEVICE_DAYS * 86_400;
  await putTrustedDevice(userUuid, token, factorId, epochSeconds() + seconds);
  return { token, seconds };
}
