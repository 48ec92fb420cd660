/**
 * The security events of an account's session log ("Audit"): sign-ins and their refusals, logouts, refused refreshes,
 * registration, password change and reset, passkeys made, removed or refused, the second factor turned on. The API writes them; the sign-in
 * history shows them.
 */
export const SESSION_ACTIONS = [
  'LOGIN',
  'LOGIN_REFUSED',
  'LOGOUT',
  'REFRESH_REFUSED',
  'REGISTER',
  'PASSWORD_CHANGE',
  'PASSWORD_CHANGE_REFUSED',
  'PASSWORD_RESET',
  'PASSKEY_ADDED',
  'PASSKEY_REMOVED',
  'PASSKEY_REGISTRATION_REFUSED',
  // The second factor turned on by the person itself from its profile (a wrong code is logged as refused).
  'SECOND_FACTOR_ENABLED',
  'SECOND_FACTOR_REFUSED',
] as const;
export type SessionAction = (typeof SESSION_ACTIONS)[number];
