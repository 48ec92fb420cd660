import type { BrowserContext } from 'playwright-core';
import { DEMO_TRUSTED_DEVICE } from '../../local/demo-accounts';
import { postToken } from '../../shared/contracts/auth';
import { TRUSTED_DEVICE_COOKIE } from '../../shared/second-factor';
import { CSRF_HEADER } from '../../shared/session-cookies';
import { type ApiCall, callSeeingCookies, DEMO_PASSWORD } from './api';

/** A Set-Cookie line, read as a browser reads it. */
export interface SetCookie {
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: string | undefined;
  /** Seconds; undefined for a cookie that ends with the browser session. */
  maxAge: number | undefined;
  hasExpires: boolean;
}

export function parseSetCookie(line: string): SetCookie {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const cookie: SetCookie = {
    name: pair.slice(0, eq),
    value: decodeURIComponent(pair.slice(eq + 1)),
    path: '/',
    httpOnly: false,
    secure: false,
    sameSite: undefined,
    maxAge: undefined,
    hasExpires: false,
  };
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=');
    switch (key.toLowerCase()) {
      case 'path':
        cookie.path = value;
        break;
      case 'httponly':
        cookie.httpOnly = true;
        break;
      case 'secure':
        cookie.secure = true;
        break;
      case 'samesite':
        cookie.sameSite = value;
        break;
      case 'max-age':
        cookie.maxAge = Number(value);
        break;
      case 'expires':
        cookie.hasExpires = true;
        break;
    }
  }
  return cookie;
}

/** RFC 6265's path-match: the cookie goes to its path and to every path below it. */
export function pathMatches(cookiePath: string, requestPath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}

/** A browser's cookie jar for one host, enough for the API's session cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, SetCookie>();

  /** Keeps what an answer set; Max-Age=0 removes. */
  take(setCookies: readonly string[]): this {
    for (const line of setCookies) {
      const cookie = parseSetCookie(line);
      const key = `${cookie.name} ${cookie.path}`;
      if (cookie.maxAge !== undefined && cookie.maxAge <= 0) this.cookies.delete(key);
      else this.cookies.set(key, cookie);
    }
    return this;
  }

  all(): SetCookie[] {
    return [...this.cookies.values()];
  }

  /** The Cookie header a browser sends to this path (longer paths first, as browsers order them). */
  header(path: string): string | undefined {
    const matching = this.all()
      .filter((cookie) => pathMatches(cookie.path, path))
      .sort((a, b) => b.path.length - a.path.length);
    return matching.length > 0 ? matching.map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join('; ') : undefined;
  }

  /** Sets a cookie as a script (or an attacker's test) would, replacing the one of that name and path. */
  set(name: string, value: string, path: string): this {
    const old = this.cookies.get(`${name} ${path}`);
    this.cookies.set(`${name} ${path}`, { ...(old ?? parseSetCookie(`${name}=x; Path=${path}`)), value });
    return this;
  }
}

/** The headers the SPA sends on every call. */
export const SPA_HEADERS = { [CSRF_HEADER]: '1' } as const;

/** Signs in as the SPA does (its CSRF header, 'Recordarme' as given) and returns the answer and the cookies it set. */
export async function signInAsBrowser(
  email: string,
  options: Pick<ApiCall, 'portal' | 'ip'> & { remember?: boolean; password?: string } = {},
) {
  const answer = await callSeeingCookies(postToken, {
    portal: options.portal,
    ip: options.ip,
    headers: SPA_HEADERS,
    // The demo's trusted device, as the browser of a SUPER_ADMIN who trusted it holds it (helpers/api.ts signIn).
    cookie: `${TRUSTED_DEVICE_COOKIE}=${DEMO_TRUSTED_DEVICE}`,
    body: { email, password: options.password ?? DEMO_PASSWORD, remember: options.remember ?? true },
  });
  if (answer.status !== 200) throw new Error(`Sign-in of ${email} answered ${answer.status}`);
  return { answer, jar: new CookieJar().take(answer.setCookies) };
}

/** The value of a cookie a browser holds for the SPA's host (`webUrl`), if it holds one. */
export async function browserCookie(
  context: BrowserContext,
  webUrl: string,
  name: string,
): Promise<string | undefined> {
  const host = new URL(webUrl).hostname;
  return (await context.cookies()).find((c) => c.name === name && c.domain === host)?.value;
}
