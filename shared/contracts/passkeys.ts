import * as z from 'zod/mini';
import { ROLES } from '../roles';
import { defineContract } from './define';
import { okSchema, text, uuidSchema } from './fields';

/**
 * Passkeys (WebAuthn, discoverable credentials). A signed-in person registers one from 'Mi cuenta' on the portal it
 * is using: the passkey belongs to that portal's host (its RP ID), so it signs in on that firm's portal alone. The
 * sign-in is usernameless and counts as two factors: no code is asked after it. The options are the browser's
 * `navigator.credentials` options as SimpleWebAuthn writes them (JSON, base64url binary fields); the challenge is
 * kept server-side for a few minutes, bound to the portal (and, for a registration, to the user), and taken once.
 */

/** base64url, as WebAuthn's JSON encodes its binary fields; a credential id is at most 1023 bytes. */
const base64url = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[\w-]+$/));

/** WebAuthn's options for the browser, passed through as SimpleWebAuthn made them. */
const optionsSchema = z.looseObject({ challenge: z.string() });

const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.optional(z.string().check(z.maxLength(40))),
  clientExtensionResults: z.optional(z.looseObject({})),
};

/** What `navigator.credentials.create()` answered (SimpleWebAuthn's RegistrationResponseJSON). */
const registrationResponse = z.object({
  ...credentialFields,
  response: z.looseObject({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(20000),
    transports: z.optional(z.array(z.string().check(z.maxLength(20))).check(z.maxLength(10))),
  }),
});

/** What `navigator.credentials.get()` answered (SimpleWebAuthn's AuthenticationResponseJSON). */
const authenticationResponse = z.object({
  ...credentialFields,
  response: z.looseObject({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    // Post-quantum ML-DSA signatures (SimpleWebAuthn offers ML-DSA-44 where the runtime verifies it) run to 4.6 KB.
    signature: base64url(6200),
    userHandle: z.optional(base64url(200)),
  }),
});

/** The name the person gives a passkey to tell its devices apart ('Mi notebook'). */
export const passkeyName = text(60);

const passkeySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  /** The portal host it signs in on (its RP ID). */
  host: z.string(),
  created: z.string(),
  last_used: z.nullable(z.string()),
});

export const postPasskeyRegistrationOptions = defineContract({
  id: 'postPasskeyRegistrationOptions',
  method: 'POST',
  path: 'api/v1/users/passkeys/registration/options/',
  access: ROLES,
  // 403 PASSKEY_PORTAL: the request came through no portal this user may use (a passkey belongs to one portal);
  // 400 current_password WRONG_PASSWORD; 429 the sign-in lock, which a wrong password counts towards.
  statuses: [403, 429],
  handler: 'users/post-passkey-registration-options',
  summary:
    "The options for the browser to create a passkey for the caller on this portal (RP ID = the portal's host), " +
    'its challenge kept 5 minutes for the caller and this portal; its passkeys already there are excluded. The ' +
    'current password is asked: a session alone (a stolen cookie) must not add a lasting way in',
  // Not a session's only: a wrong password counts against the sign-in lock, as at a password change.
  body: z.object({ current_password: z.string().check(z.minLength(1), z.maxLength(100)) }),
  response: z.object({ options: optionsSchema }),
});

export const postPasskeyRegistration = defineContract({
  id: 'postPasskeyRegistration',
  method: 'POST',
  path: 'api/v1/users/passkeys/registration/',
  access: ROLES,
  // 400 PASSKEY_REFUSED: the answer does not prove the challenge on this portal; 403 PASSKEY_PORTAL as above.
  statuses: [403],
  handler: 'users/post-passkey-registration',
  summary:
    "Keeps the passkey the browser created for the options' challenge (taken once), with the name the person gave it",
  body: z.object({ name: passkeyName, response: registrationResponse }),
  response: passkeySchema,
  successStatus: 201,
});

export const listPasskeys = defineContract({
  id: 'listPasskeys',
  method: 'GET',
  path: 'api/v1/users/passkeys/',
  access: ROLES,
  handler: 'users/list-passkeys',
  summary: "The caller's own passkeys: name, the portal host each signs in on, when made, when last used",
  response: z.object({ items: z.array(passkeySchema) }),
});

export const deletePasskey = defineContract({
  id: 'deletePasskey',
  method: 'DELETE',
  path: 'api/v1/users/passkeys/passkey/{uuid}/',
  access: ROLES,
  handler: 'users/delete-passkey',
  summary: "Removes one of the caller's own passkeys (404 for anyone else's): it signs in no more",
  params: z.object({ uuid: uuidSchema }),
  response: okSchema,
});

export const postPasskeySignInOptions = defineContract({
  id: 'postPasskeySignInOptions',
  method: 'POST',
  path: 'api/v1/token/passkey/options/',
  access: 'public',
  // 403 PASSKEY_PORTAL: no portal to sign in to (a direct call to the gateway).
  statuses: [403],
  handler: 'auth/post-passkey-sign-in-options',
  summary:
    "The options for the browser to sign in with a passkey of this portal (usernameless: the person's device " +
    'offers its passkeys for this host), the challenge kept 5 minutes for this portal',
  response: z.object({ options: optionsSchema }),
});

export const postPasskeySignIn = defineContract({
  id: 'postPasskeySignIn',
  method: 'POST',
  path: 'api/v1/token/passkey/',
  access: 'public',
  // 401 PASSKEY_REFUSED (unknown, removed, other portal's, replayed or expired) or USER_DISABLED; 403 a disabled
  // project or group, PASSKEY_PORTAL; 429 the address's sign-in throttle.
  statuses: [401, 403, 429],
  handler: 'auth/post-passkey-sign-in',
  summary:
    'Signs in with a passkey of this portal: it counts as two factors (no code after it). Tokens as postToken gives ' +
    'them: HttpOnly cookies for the SPA, in the body for API clients',
  body: z.object({ response: authenticationResponse, remember: z.optional(z.boolean()) }),
  response: z.object({ access: z.optional(z.string()), refresh: z.optional(z.string()) }),
});
