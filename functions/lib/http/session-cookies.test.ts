import { describe, expect, it } from 'vitest';
import { postSessionLogout, postTokenRefresh } from '../../../shared/contracts/auth';
import { CSRF_HEADER, REFRESH_COOKIE_PATHS, SESSION_COOKIES } from '../../../shared/session-cookies';
import { clearedSessionCookies, cookieCredential, sessionCookies } from './session-cookies';
import type { HttpEvent } from './types';

const event = (cookies: string[] | undefined, headers: Record<string, string> = {}) =>
  ({ cookies, headers }) as unknown as HttpEvent;

describe('session cookies', () => {
  it("the refresh cookie's paths are the refresh and logout routes", () => {
    const routes = [postTokenRefresh.path, postSessionLogout.path].map((path) => `/${path.replace(/\/$/, '')}`);
    expect([...REFRESH_COOKIE_PATHS]).toEqual(routes);
  });

  it('are HttpOnly, Secure and SameSite=Strict; a year with remember, else for the browser session', () => {
    const remembered = sessionCookies({ access: 'a.b.c', refresh: 'r' }, true);
    const session = sessionCookies({ access: 'a.b.c', refresh: 'r' }, false);
    expect(remembered).toHaveLength(1 + REFRESH_COOKIE_PATHS.length);
    for (const line of [...remembered, ...session, ...clearedSessionCookies()]) {
      expect(line).toMatch(/; HttpOnly; Secure; SameSite=Strict$/);
      expect(line).not.toMatch(/Domain=/i);
    }
    for (const line of remembered) expect(line).toContain('; Max-Age=31536000;');
    for (const line of session) expect(line).not.toMatch(/Max-Age|Expires/i);
    for (const line of clearedSessionCookies()) expect(line).toContain('=; ');
  });

  it('a write riding the cookie needs the CSRF header; a read does not', () => {
    const cookies = [`other=1`, `${SESSION_COOKIES.access}=tok%2Ben`];
    expect(cookieCredential(event(cookies), SESSION_COOKIES.access, 'GET')).toBe('tok+en');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect(() => cookieCredential(event(cookies), SESSION_COOKIES.access, method)).toThrow('CSRF_REFUSED');
      expect(cookieCredential(event(cookies, { [CSRF_HEADER]: '1' }), SESSION_COOKIES.access, method)).toBe('tok+en');
    }
    // Without the cookie there is nothing to refuse: the call is as anonymous as it was.
    expect(cookieCredential(event(undefined), SESSION_COOKIES.access, 'POST')).toBeUndefined();
    expect(cookieCredential(event([`${SESSION_COOKIES.access}x=1`]), SESSION_COOKIES.access, 'POST')).toBeUndefined();
  });
});
