/**
 * The browser's session: the API keeps its tokens in HttpOnly cookies that no script of the page can read (an
 * injected script cannot carry them off), set at sign-in and refresh and cleared at logout
 * (functions/lib/http/session-cookies.ts). API clients keep sending `Authorization: Bearer`.
 */
export const SESSION_COOKIES = {
  /** The access token, sent on every /api call. */
  access: 'portal_session',
  /** The refresh token, sent only to the two routes that read it. */
  refresh: 'portal_session_refresh',
} as const;

/** Where the access cookie goes: the API, never the SPA's files. */
export const ACCESS_COOKIE_PATH = '/api';

/**
 * Where the refresh cookie goes: the refresh and logout routes (postTokenRefresh, postSessionLogout), one cookie of
 * the same value on each path. Without the trailing slash, so the cookie matches the route with or without it.
 */
export const REFRESH_COOKIE_PATHS = ['/api/v1/token/refresh', '/api/v1/logs/session-log/logout'] as const;

/**
 * The header the SPA sends on every call. A page of another site can neither send a custom header to the API (the
 * API answers no CORS preflight) nor make the browser send the SameSite=Strict cookies, so a call that rides the
 * cookies and is not a GET must carry it (403 CSRF_REFUSED otherwise). At sign-in and refresh it also asks for the
 * tokens as cookies instead of in the answer's body.
 */
export const CSRF_HEADER = 'x-portal-csrf';

/** Lifetime of the session cookies when the user asks to be remembered ('Recordarme'; spec §3: one year). */
export const REMEMBER_SECONDS = 365 * 86_400;
