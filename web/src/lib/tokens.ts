import { AUTH_COOKIE_DAYS } from './constants';
import { readCookie, removeCookie, STORAGE_KEYS, writeCookie } from './storage';

/** Where the API client finds and keeps the session's tokens. */
export interface TokenStore {
  access(): string | undefined;
  refresh(): string | undefined;
  setAccess(access: string): void;
  clear(): void;
}

/**
 * The session's tokens in cookies (spec §3: auth cookies lasting one year). Without 'Recordarme' they are session
 * cookies that end with the browser. The sign-in time travels with them, for the forced sign-out after 55 minutes.
 */
export const cookieTokens = {
  access: () => readCookie(STORAGE_KEYS.accessToken),
  refresh: () => readCookie(STORAGE_KEYS.refreshToken),
  signedInAt(): number | undefined {
    const value = Number(readCookie(STORAGE_KEYS.signedInAt));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  },
  save(tokens: { access: string; refresh: string }, remember: boolean, now = Date.now()): void {
    const days = remember ? AUTH_COOKIE_DAYS : undefined;
    writeCookie(STORAGE_KEYS.remember, remember ? '1' : '0', days);
    writeCookie(STORAGE_KEYS.accessToken, tokens.access, days);
    writeCookie(STORAGE_KEYS.refreshToken, tokens.refresh, days);
    writeCookie(STORAGE_KEYS.signedInAt, String(now), days);
  },
  setAccess(access: string): void {
    const remember = readCookie(STORAGE_KEYS.remember) !== '0';
    writeCookie(STORAGE_KEYS.accessToken, access, remember ? AUTH_COOKIE_DAYS : undefined);
  },
  clear(): void {
    for (const key of [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.signedInAt,
      STORAGE_KEYS.remember,
    ]) {
      removeCookie(key);
    }
  },
} satisfies TokenStore & Record<string, unknown>;
