import { AUTH_COOKIE_DAYS } from './constants';
import { readCookie, removeCookie, STORAGE_KEYS, writeCookie } from './storage';

/** What the API client needs to know of the session: whether there is one, and how to forget it. */
export interface SessionMarker {
  present(): boolean;
  clear(): void;
}

/** Cookies where the SPA once kept the tokens itself, readable by script: removed wherever they are still found. */
const SCRIPT_TOKEN_COOKIES = ['portal_access', 'portal_refresh', 'portal_remember'];

/** The sign-in time the marker holds, or undefined without a session. */
function signedInAt(): number | undefined {
  const value = Number(readCookie(STORAGE_KEYS.signedInAt));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The session's tokens are HttpOnly cookies the API sets and clears (shared/session-cookies.ts): no script reads
 * them. The SPA keeps beside them a marker it can read, with no token in it: the sign-in time, which says that there
 * is a session and when the forced sign-out after 55 minutes falls, with the lifetime 'Recordarme' gave the API's
 * cookies (a year, or the browser session).
 */
export const sessionMarker = {
  present: () => signedInAt() !== undefined,
  signedInAt,
  save(remember: boolean, now = Date.now()): void {
    writeCookie(STORAGE_KEYS.signedInAt, String(now), remember ? AUTH_COOKIE_DAYS : undefined);
  },
  clear(): void {
    for (const key of [STORAGE_KEYS.signedInAt, ...SCRIPT_TOKEN_COOKIES]) removeCookie(key);
  },
} satisfies SessionMarker & Record<string, unknown>;
