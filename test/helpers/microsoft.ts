import { inject } from 'vitest';
import { SESSION_COOKIES } from '../../shared/session-cookies';
import { CookieJar } from './session-cookies';

/**
 * A Microsoft sign-in as a browser makes it, over HTTP: the portal's start (through the gateway, as the edge calls it,
 * for `portal`), the local Entra ID stand-in's own pages (local/microsoft-stand-in.ts: its login form, posted with the
 * person's e-mail), and the callback with the flow cookie the start set. No step is skipped or faked.
 */
export interface MicrosoftAnswer {
  /** Where the portal finally sends the browser: '/login?microsoft=signed_in', '/login?microsoft_error=...', '/login#second_factor=...'. */
  location: string;
  /** The portal's cookies after the callback (the session's, when signed in). */
  jar: CookieJar;
  /** The session's tokens when the callback set them. */
  tokens?: { access: string; refresh: string };
}

const randomIp = () => `10.9.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/** A GET through the gateway as the edge forwards it; the redirect is returned, not followed. */
async function portalGet(path: string, portal: string, jar: CookieJar, ip: string) {
  const { apiUrl } = inject('portal');
  const url = new URL(path, apiUrl);
  const cookie = jar.header(url.pathname);
  const response = await fetch(url, {
    redirect: 'manual',
    headers: { 'x-portal-origin': portal, 'x-portal-viewer-ip': ip, ...(cookie && { cookie }) },
  });
  jar.take(response.headers.getSetCookie());
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

/** The stand-in's cookies, by name (its paths overlap; sending all of them to it is what matters). */
class ProviderJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export async function microsoftSignIn(email: string, portal: string): Promise<MicrosoftAnswer> {
  const jar = new CookieJar();
  const ip = randomIp();
  const start = await portalGet('/api/v1/token/microsoft/', portal, jar, ip);
  if (start.status !== 302) throw new Error(`The start answered ${start.status}`);
  if (start.location.startsWith('/')) return { location: start.location, jar };
  const provider = new ProviderJar();
  let next = new URL(start.location);
  // The stand-in's redirects until its login page, its form posted, then its redirects until the portal's callback.
  for (let step = 0; step < 12; step += 1) {
    if (next.origin === new URL(portal).origin) break;
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: provider.header() } });
    provider.take(response);
    if (response.status >= 300 && response.status < 400) {
      next = new URL(response.headers.get('location') ?? '', next);
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action) throw new Error(`The stand-in answered ${response.status}: ${page}`);
    const posted = await fetch(new URL(action.replace(/&amp;/g, '&'), next), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: provider.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login: email, password: 'cualquiera' }),
    });
    provider.take(posted);
    next = new URL(posted.headers.get('location') ?? '', next);
  }
  if (next.origin !== new URL(portal).origin) throw new Error(`Never came back to the portal: ${next.href}`);
  const callback = await portalGet(`${next.pathname}${next.search}`, portal, jar, ip);
  if (callback.status !== 302) throw new Error(`The callback answered ${callback.status}`);
  const cookieOf = (name: string) => jar.all().find((c) => c.name === name)?.value;
  const access = cookieOf(SESSION_COOKIES.access);
  const refresh = cookieOf(SESSION_COOKIES.refresh);
  return { location: callback.location, jar, ...(access && refresh && { tokens: { access, refresh } }) };
}
