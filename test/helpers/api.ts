import { inject } from 'vitest';
import { DEMO_TRUSTED_DEVICE } from '../../local/demo-accounts';
import { type Contract, fillPath, type ResponseOf } from '../../shared/contracts/define';

/** The demo's trusted device (local/demo-accounts.ts): a SUPER_ADMIN's sign-in that sends it is asked for no code. */
export { DEMO_TRUSTED_DEVICE };

export const DEMO_PASSWORD = 'Portal.Demo1';

export interface ApiCall {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  token?: string;
  /** The viewer's address as CloudFront reports it; by default a random one per call, so the per-address throttles
   * count only what a test sends on purpose from one address. */
  ip?: string;
  /** The browser's Origin header: the client's to choose, so the server trusts it for nothing. */
  origin?: string;
  /** The portal (scheme and host) the request came through, as CloudFront, or Vite locally, reports it. */
  portal?: string;
  /** A Cookie header, as a browser would send it (helpers/session-cookies.ts builds one). */
  cookie?: string;
  /** More request headers (the SPA's CSRF header). */
  headers?: Record<string, string>;
}

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 256)).join('.')}`;

/** Calls a contract on the test portal's gateway and returns status and parsed JSON body. */
export async function call<C extends Contract>(contract: C, options: ApiCall = {}) {
  const { status, body } = await callSeeingCookies(contract, options);
  return { status, body };
}

/** As `call`, with the answer's Set-Cookie lines too. */
export async function callSeeingCookies<C extends Contract>(contract: C, options: ApiCall = {}) {
  const { apiUrl } = inject('portal');
  const url = new URL(`${apiUrl}/${fillPath(contract.path, options.params)}`);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
  const response = await fetch(url, {
    method: contract.method,
    headers: {
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...(options.origin && { origin: options.origin }),
      ...(options.portal && { 'x-portal-origin': options.portal }),
      ...(options.cookie && { cookie: options.cookie }),
      'x-portal-viewer-ip': options.ip ?? randomIp(),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  return {
    status: response.status,
    body: body as ResponseOf<C> & Record<string, unknown>,
    setCookies: response.headers.getSetCookie(),
  };
}

/** Signs in through the API and returns the tokens. */
export async function signIn(
  email: string,
  password = DEMO_PASSWORD,
  options: Pick<ApiCall, 'portal' | 'ip'> = {},
): Promise<{ access: string; refresh: string }> {
  const { postToken } = await import('../../shared/contracts/auth');
  // The demo's trusted device (local/demo-accounts.ts): a SUPER_ADMIN, whose second factor is always on, signs in
  // without a code, as on a device it trusted; for an account without a factor it changes nothing.
  const body = { email, password, trusted_device: DEMO_TRUSTED_DEVICE };
  const { status, body: answer } = await call(postToken, { ...options, body });
  if (status !== 200 || !answer.access || !answer.refresh) {
    throw new Error(`Sign-in of ${email} answered ${status}: ${JSON.stringify(answer)}`);
  }
  return { access: answer.access, refresh: answer.refresh };
}

/** The body of an answer the test's setup needs (200 or 201); any other answer stops it, saying what was answered. */
export function ok<T>(what: string, answer: { status: number; body: T }): T {
  if (answer.status !== 200 && answer.status !== 201)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
