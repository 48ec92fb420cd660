import { REMEMBER_SECONDS } from '@shared/session-cookies';

/** Business constants of the SPA (portal spec §9), in one place. */

/** Every API call gives up after this long. */
export const REQUEST_TIMEOUT_MS = 300_000;

/** A signed-in user idle this long is signed out ('Sesión terminada por inactividad')... */
export const INACTIVITY_LIMIT_MS = 15 * 60_000;
/** ...as seen by a check that runs this often. */
export const INACTIVITY_CHECK_MS = 5 * 60_000;
/** Activity is written to storage at most this often (the limit is minutes, so seconds of slack do not matter). */
export const ACTIVITY_WRITE_INTERVAL_MS = 10_000;

/** Forced sign-out this long after sign-in ('Por seguridad estamos cerrando sesión.'): 55 minutes. */
export const FORCED_SIGN_OUT_MS = 3_300_000;

/** The welcome screen shows while the profile loads, never longer than this. */
export const WELCOME_SCREEN_MAX_MS = 4_500;

/** Lifetime of the session's marker when the user asks to be remembered: that of the API's session cookies. */
export const AUTH_COOKIE_DAYS = REMEMBER_SECONDS / 86_400;

/** Theme colour when no project branding is stored. */
export const DEFAULT_PRIMARY_COLOR = '#005A9F';
