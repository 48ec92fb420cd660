import * as z from 'zod/mini';
import { ROLES } from '../roles';
import { defineContract } from './define';
import { okSchema, text, uuidSchema } from './fields';

/**
 * The second factor (TOTP, shared/second-factor.ts). A sign-in whose user has one, or must enrol, gets from
 * postToken a `second_factor` challenge instead of tokens; the code (or a recovery code) is sent here and the
 * session opens only then.
 */

/** The opaque id of a sign-in waiting for its code (32 random bytes, base64url). */
const challengeSchema = z.string().check(z.minLength(1), z.maxLength(100));

export const postSecondFactor = defineContract({
  id: 'postSecondFactor',
  method: 'POST',
  path: 'api/v1/token/second-factor/',
  access: 'public',
  // 401 INVALID_CODE (a wrong, used or old code) or SECOND_FACTOR_EXPIRED (the challenge is gone: sign in again);
  // 403 a user or firm disabled meanwhile; 429 the sign-in's throttles, which count wrong codes too.
  statuses: [401, 403, 429],
  handler: 'auth/post-second-factor',
  summary:
    'Finish a sign-in with the code of the authenticator app (or a recovery code, once each). At enrolment the ' +
    'first code activates the factor and the answer carries the ten recovery codes, shown once. With `trust_device` ' +
    'the device skips the code for 30 days (the SPA gets an HttpOnly cookie, API clients `trusted_device`). Tokens ' +
    'as postToken gives them',
  body: z.object({
    challenge: challengeSchema,
    code: z.optional(z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: 'FORMAT_ERROR' }))),
    recovery_code: z.optional(text(20)),
    trust_device: z.optional(z.boolean()),
  }),
  response: z.object({
    access: z.optional(z.string()),
    refresh: z.optional(z.string()),
    recovery_codes: z.optional(z.array(z.string())),
    trusted_device: z.optional(z.string()),
  }),
});

export const postSecondFactorEnrolment = defineContract({
  id: 'postSecondFactorEnrolment',
  method: 'POST',
  path: 'api/v1/token/second-factor/enrolment/',
  access: 'public',
  // 401 SECOND_FACTOR_EXPIRED: no live challenge that asks for enrolment.
  statuses: [401],
  handler: 'auth/post-second-factor-enrolment',
  summary:
    'For a sign-in that must enrol: a new TOTP secret and its otpauth:// URI (the QR code), pending until its first ' +
    'code is sent to postSecondFactor; asking again replaces it',
  body: z.object({ challenge: challengeSchema }),
  response: z.object({ secret: z.string(), otpauth_uri: z.string() }),
});

export const resetSecondFactor = defineContract({
  id: 'resetSecondFactor',
  method: 'DELETE',
  path: 'api/v1/users/user/{uuid}/second-factor/',
  access: ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'],
  handler: 'users/reset-second-factor',
  summary:
    'A higher admin removes the second factor of a user of its scope (a lost phone): the user enrols again at its ' +
    'next sign-in where it is mandatory; its trusted devices stop skipping the code. Not one’s own (403)',
  params: z.object({ uuid: uuidSchema }),
  response: okSchema,
});

export const postOwnSecondFactorEnrolment = defineContract({
  id: 'postOwnSecondFactorEnrolment',
  method: 'POST',
  path: 'api/v1/users/second-factor/enrolment/',
  access: ROLES,
  // 409 SECOND_FACTOR_ACTIVE: the caller has one already (an admin's reset removes it).
  statuses: [409],
  handler: 'users/post-own-second-factor-enrolment',
  summary:
    'A signed-in person turns its second factor on from its profile, whatever its firm asks: a new TOTP secret and ' +
    'its otpauth:// URI (the QR code), pending until its first code is sent to postOwnSecondFactor; asking again ' +
    'replaces it',
  response: z.object({ secret: z.string(), otpauth_uri: z.string() }),
});

/** A code of the authenticator app: six digits (the profile's form checks it with this too). */
export const totpCodeSchema = z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: 'FORMAT_ERROR' }));

export const postOwnSecondFactor = defineContract({
  id: 'postOwnSecondFactor',
  method: 'POST',
  path: 'api/v1/users/second-factor/',
  access: ROLES,
  // 400 INVALID_CODE: a wrong code or no pending enrolment (not 401: the caller is signed in); 429 the account's
  // SECOND_FACTOR throttle.
  statuses: [429],
  handler: 'users/post-own-second-factor',
  summary:
    "The first code of the caller's pending enrolment (postOwnSecondFactorEnrolment): the factor becomes active, " +
    'its next sign-ins ask a code, and the answer carries the ten recovery codes, shown once',
  body: z.object({ code: totpCodeSchema }),
  response: z.object({ recovery_codes: z.array(z.string()) }),
});
