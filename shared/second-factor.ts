/**
 * The second factor (TOTP), as API and SPA share it. Each firm chooses for whom it is mandatory (`mfa_policy` of the
 * project, set by the SUPER_ADMIN); the SUPER_ADMIN always has it; anyone may have it.
 */
export const MFA_POLICIES = ['NONE', 'ADMINS', 'CLIENTS', 'ALL'] as const;
export type MfaPolicy = (typeof MFA_POLICIES)[number];

/** The first factors a sign-in starts with; another way in adds its own here. */
export const FIRST_FACTORS = ['PASSWORD', 'MICROSOFT'] as const;
export type FirstFactor = (typeof FIRST_FACTORS)[number];

/**
 * How a sign-in was made, as the session log records it: the first factor alone, or with a code, a recovery code, or
 * on a trusted device (PASSWORD, PASSWORD_TOTP, PASSWORD_RECOVERY_CODE, PASSWORD_TRUSTED_DEVICE).
 */
export type SecondStep = 'TOTP' | 'RECOVERY_CODE' | 'TRUSTED_DEVICE';
/** A passkey with user verification is both factors at once: no second step follows it. */
export type TwoFactorWay = 'PASSKEY';
export type SignInMethod = FirstFactor | `${FirstFactor}_${SecondStep}` | TwoFactorWay;
export const signInMethod = (first: FirstFactor, second?: SecondStep): SignInMethod =>
  second ? `${first}_${second}` : first;
/** The first factor of a way in (MICROSOFT of MICROSOFT_TOTP). */
export const firstFactorOf = (method: SignInMethod): FirstFactor =>
  FIRST_FACTORS.find((first) => method === first || method.startsWith(`${first}_`)) ?? 'PASSWORD';

/**
 * The trusted device: after a right code the person may ask this browser to skip the code for TRUSTED_DEVICE_DAYS.
 * The SPA's token is an HttpOnly cookie sent only to the sign-in route; API clients send it in the body.
 */
export const TRUSTED_DEVICE_COOKIE = 'portal_trusted_device';
export const TRUSTED_DEVICE_COOKIE_PATH = '/api/v1/token';
export const TRUSTED_DEVICE_DAYS = 30;

/** Recovery codes given at enrolment, each good once. */
export const RECOVERY_CODE_COUNT = 10;
