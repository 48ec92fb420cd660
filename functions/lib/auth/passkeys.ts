import { randomUUID } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  type PasskeyRecord,
  passkeyByCredential,
  putPasskey,
  putPasskeyChallenge,
  recordPasskeyUse,
  takePasskeyChallenge,
} from '../data/passkeys';
import { epochSeconds, nowIso } from '../data/table';
import type { UserRecord } from '../data/user-record';
import { ApiError } from '../errors';

/**
 * Passkeys with SimpleWebAuthn. The relying party is the portal the request came through (functions/lib/http/
 * client-ip.ts portalOrigin, set by the edge): its host is the RP ID and its origin the only origin accepted, so a
 * passkey made on one firm's domain is good on that domain alone. Both ceremonies require user verification (a
 * PIN, a fingerprint): with it a passkey is two factors, something held and something known or been.
 */

/** How long the browser and the server wait for the person: the challenge lives as long. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

/** Options as the contract carries them: SimpleWebAuthn's JSON, passed through to the browser untouched. */
type OptionsJSON = { challenge: string } & Record<string, unknown>;

export const passkeyRefused = (status: 400 | 401) => new ApiError(status, 'PASSKEY_REFUSED');
const noPortal = () => new ApiError(403, 'PASSKEY_PORTAL');

/** The RP ID of a portal: its host name (no port). No portal (a direct call to the gateway): no passkey. */
export function rpIdOf(portal: string): string {
  if (!portal) throw noPortal();
  try {
    return new URL(portal).hostname;
  } catch {
    throw noPortal();
  }
}

/** The challenge a browser signed, as its client data says; undefined when the client data is not WebAuthn's JSON. */
export function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Registration options for the user on this portal; its passkeys already made for this host are excluded. */
export async function registrationOptions(
  user: UserRecord,
  portal: string,
  rpName: string,
  existing: PasskeyRecord[],
): Promise<OptionsJSON> {
  const rpID = rpIdOf(portal);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userDisplayName: `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.email,
    userID: new TextEncoder().encode(user.uuid),
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    // Discoverable, so the sign-in needs no e-mail; verified, so it counts as two factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    excludeCredentials: existing
      .filter((passkey) => passkey.rp_id === rpID)
      .map((passkey) => ({ id: passkey.credential_id, transports: passkey.transports })),
  });
  await putPasskeyChallenge(options.challenge, {
    purpose: 'REGISTER',
    portal,
    user_uuid: user.uuid,
    expires_at: epochSeconds() + PASSKEY_CHALLENGE_SECONDS,
  });
  return { ...options };
}

/**
 * Checks the browser's answer to a registration challenge given to this user on this portal (taken once) and keeps
 * the passkey. Anything that does not prove itself answers 400 PASSKEY_REFUSED.
 */
export async function registerPasskey(
  user: UserRecord,
  portal: string,
  name: string,
  response: RegistrationResponseJSON,
): Promise<PasskeyRecord> {
  const rpID = rpIdOf(portal);
  const challenge = signedChallenge(response.response.clientDataJSON);
  const held = challenge ? await takePasskeyChallenge(challenge) : undefined;
  if (held?.purpose !== 'REGISTER' || held.user_uuid !== user.uuid || held.portal !== portal) {
    throw passkeyRefused(400);
  }
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge as string,
    expectedOrigin: portal,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) throw passkeyRefused(400);
  const { credential } = verification.registrationInfo;
  const record: PasskeyRecord = {
    user_uuid: user.uuid,
    passkey_uuid: randomUUID(),
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    ...(credential.transports?.length && { transports: credential.transports }),
    rp_id: rpID,
    name,
    created: nowIso(),
  };
  await putPasskey(record, () => passkeyRefused(400));
  return record;
}

/** Sign-in options for this portal: no credential listed, the person's device offers its passkeys for this host. */
export async function signInOptions(portal: string): Promise<OptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rpIdOf(portal),
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
  });
  await putPasskeyChallenge(options.challenge, {
    purpose: 'SIGN_IN',
    portal,
    expires_at: epochSeconds() + PASSKEY_CHALLENGE_SECONDS,
  });
  return { ...options };
}

/**
 * What a sign-in's answer proves on this portal. `proven` needs: the challenge given on this portal (taken once), a
 * passkey still there and made for this host, its signature with user verification, a counter that moved on (a
 * cloned authenticator's does not), recorded on the condition that no other use came first. `passkey` is the one the
 * answer named, when it exists, proven or not (the refusal is logged under its user).
 */
export async function provePasskey(
  portal: string,
  response: AuthenticationResponseJSON,
): Promise<{ passkey?: PasskeyRecord; proven: boolean }> {
  const rpID = rpIdOf(portal);
  const challenge = signedChallenge(response.response.clientDataJSON);
  const [held, passkey] = await Promise.all([
    challenge ? takePasskeyChallenge(challenge) : undefined,
    passkeyByCredential(response.id),
  ]);
  if (!passkey) return { proven: false };
  const refused = { passkey, proven: false };
  if (held?.purpose !== 'SIGN_IN' || held.portal !== portal || passkey.rp_id !== rpID) return refused;
  // The user handle, when the authenticator sends it, is the one the passkey was made for.
  const handle = response.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.user_uuid) return refused;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge as string,
    expectedOrigin: portal,
    expectedRPID: rpID,
    requireUserVerification: true,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports,
    },
  }).catch(() => undefined);
  if (!verification?.verified) return refused;
  const used = await recordPasskeyUse(passkey, verification.authenticationInfo.newCounter);
  return { passkey, proven: used };
}
