/**
 * Error codes on the wire (architecture.md, "Conventions"). Field errors answer 400 {errors: {field: [CODE]}};
 * the rest answer {code: CODE, ...}. The SPA turns each into the spec's Spanish message (shared/i18n/es.ts).
 */
export const FIELD_ERROR_CODES = [
  'REQUIRED',
  'FIELD_BLANK',
  'FORMAT_ERROR',
  'FORMAT_NOT_ALLOWED',
  'ERROR_LENGTH',
  'SAME_DATA',
  'URL_EXISTS',
  'WRONG_PASSWORD',
  // The registry of embeddable dashboards.
  'NOT_REGISTERED',
  'DASHBOARD_EXISTS',
  'DASHBOARD_PREFIX',
  'QUICKSIGHT_USER_NOT_ALLOWED',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'NOT_AUTHENTICATED',
  'INVALID_CREDENTIALS',
  'USER_DISABLED',
  'ACTION_NOT_ALLOWED',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'TOO_MANY_ATTEMPTS',
  // Quotas (functions/lib/data/quotas.ts), 429 with remaining_time like TOO_MANY_ATTEMPTS.
  'RESEND_COOLDOWN',
  'MAIL_QUOTA_EXCEEDED',
  'QUOTA_EXCEEDED',
  'SESSION_ENDED',
  // A write riding the session cookies without the SPA's header (shared/session-cookies.ts).
  'CSRF_REFUSED',
  'PROJECT_DISABLED',
  'GROUP_DISABLED',
  'INVALID_TOKEN',
  'INVITATION_USED',
  // The second factor (shared/contracts/second-factor.ts): a wrong, used or old code; a sign-in's challenge gone.
  'INVALID_CODE',
  'SECOND_FACTOR_EXPIRED',
  'SECOND_FACTOR_ACTIVE',
  // Passkeys (shared/contracts/passkeys.ts): one that does not prove itself on this portal; no firm's portal to use.
  'PASSKEY_REFUSED',
  'PASSKEY_PORTAL',
  // Microsoft sign-in (shared/microsoft.ts), told on the login page after the redirect: the account is no one's here,
  // the firm has it off, or the exchange with Microsoft failed (cancelled, expired, tampered with).
  'MICROSOFT_NOT_INVITED',
  'MICROSOFT_SIGN_IN_OFF',
  'MICROSOFT_SIGN_IN_FAILED',
  // Document requests (shared/contracts/requests.ts), 409: a change to a request complete or cancelled, to an item
  // already accepted, a review of an item not answered yet, a file past an item's limit, a thread past an item's limit.
  'REQUEST_CLOSED',
  'REQUEST_ITEM_ACCEPTED',
  'REQUEST_ITEM_NOT_ANSWERED',
  'REQUEST_ITEM_FULL',
  'REQUEST_ITEM_THREADS_FULL',
  'DATA_CONFLICT',
  'INTERNAL_ERROR',
  // 503: AWS throttled the call or gave no answer in time, after the client's retries; nothing to fix but to retry.
  'SERVICE_BUSY',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

export interface ErrorBody {
  code: ErrorCode;
  remaining_time?: number;
  errors?: Record<string, string[]>;
}
