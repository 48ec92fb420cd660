import type { HttpMethod } from '../../../shared/contracts/define';
import { TRUSTED_DEVICE_COOKIE, TRUSTED_DEVICE_COOKIE_PATH } from '../../../shared/second-factor';
import {
  ACCESS_COOKIE_PATH,
  CSRF_HEADER,
  REFRESH_COOKIE_PATHS,
  REMEMBER_SECONDS,
  SESSION_COOKIES,
} from '../../../shared/session-cookies';
import { ApiError } from '../errors';
import { jsonResponse } from './error-response';
import { RawResult } from './raw-result';
import type { HttpEvent } from './types';

/**
 * The browser's session in cookies (shared/session-cookies.ts): HttpOnly, so no script reads the tokens; Secure
 * everywhere (Chromium keeps Secure cookies of http://localhost, 127.0.0.1 and *.localhost too, so local runs need no
 * exception); SameSite=Strict and host-only (no Domain), so each portal keeps its own. Persistent for a year with
 * 'Recordarme', else they end with the browser.
 */
function sessionCookie(name: string, value: string, path: string, remember: boolean): string {
  const lifetime = remember ? [`Max-Age=${REMEMBER_SECONDS}`] : [];
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${path}`,
    ...lifetime,
    'HttpOnly',
    'Secure',
    'SameSite=Strict',
  ].join('; ');
}

const cleared = (name: string, path: string) => `${name}=; Path=${path}; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;

export const accessCookie = (access: string, remember: boolean) =>
  sessionCookie(SESSION_COOKIES.access, access, ACCESS_COOKIE_PATH, remember);

/** The access cookie and the refresh cookie on each of its routes. */
export const sessionCookies = (tokens: { access: string; refresh: string }, remember: boolean) => [
  accessCookie(tokens.access, remember),
  ...REFRESH_COOKIE_PATHS.map((path) => sessionCookie(SESSION_COOKIES.refresh, tokens.refresh, path, remember)),
];

export const clearedSessionCookies = () => [
  cleared(SESSION_COOKIES.access, ACCESS_COOKIE_PATH),
  ...REFRESH_COOKIE_PATHS.map((path) => cleared(SESSION_COOKIES.refresh, path)),
];

/** A JSON answer that sets cookies. */
export const withCookies = (status: number, body: unknown, cookies: string[]) =>
  new RawResult({ ...jsonResponse(status, body), cookies });

/** Whether the call carries the SPA's header: it proves a same-origin script, and asks for the session as cookies. */
export const fromTheSpa = (event: HttpEvent) => Boolean(event.headers?.[CSRF_HEADER]);

/** A cookie of the request (API Gateway's payload 2.0 hands them in `cookies`); the first of a name wins. */
function readCookie(event: HttpEvent, name: string): string | undefined {
  const prefix = `${name}=`;
  const cookies = event.cookies ?? event.headers?.cookie?.split(/;\s*/) ?? [];
  const found = cookies.find((cookie) => cookie.startsWith(prefix))?.slice(prefix.length);
  if (!found) return undefined;
  try {
    return decodeURIComponent(found);
  } catch {
    return undefined;
  }
}

export const csrfRefused = () => new ApiError(403, 'CSRF_REFUSED');

/**
 * A session token from its cookie. The browser attaches the cookie to a request another site's page makes, but that
 * page cannot add the SPA's header: a write (anything but GET) that rides the cookie without it is refused (403),
 * before anything is read or written.
 */
export function cookieCredential(
  event: HttpEvent,
  name: (typeof SESSION_COOKIES)[keyof typeof SESSION_COOKIES] | typeof TRUSTED_DEVICE_COOKIE,
  method: HttpMethod,
): string | undefined {
  const value = readCookie(event, name);
  if (value && method !== 'GET' && !fromTheSpa(event)) throw csrfRefused();
  return value;
}

/** The trusted device's token (shared/second-factor.ts): sent only to the sign-in routes, kept for its lifetime. */
export const trustedDeviceCookie = (token: string, seconds: number) =>
  [
    `${TRUSTED_DEVICE_COOKIE}=${encodeURIComponent(token)}`,
    `Path=${TRUSTED_DEVICE_COOKIE_PATH}`,
    `Max-Age=${seconds}`,
    'HttpOnly',
    'Secure',
    'SameSite=Strict',
  ].join('; ');
