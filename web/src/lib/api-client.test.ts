import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { getUserInfo, postToken } from '../../../shared/contracts/auth';
import { defineContract } from '../../../shared/contracts/define';
import { CSRF_HEADER } from '../../../shared/session-cookies';
import { ApiError, createApiClient } from './api-client';
import type { SessionMarker } from './session-marker';

/** The marker of a session, or of none; `state.present` turns false when the client ends the session. */
function marker(present = true): SessionMarker & { state: { present: boolean } } {
  const state = { present };
  return {
    state,
    present: () => state.present,
    clear: () => {
      state.present = false;
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A promise and the function that settles it: tests order events by awaiting them, never by sleeping. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * A fake API with the browser's cookie jar: its access cookie starts 'stale'; /users/info/ accepts only 'good';
 * /token/refresh/ answers as told, once `refreshGate` (if given) has opened, and on success sets the cookie 'good'.
 */
function fakeApi(options: { refreshStatus?: number; refreshGate?: Promise<void> } = {}) {
  const jar = { access: 'stale' };
  const calls: { url: string; cookie: string; csrf: string | undefined; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const csrf = (init.headers as Record<string, string>)[CSRF_HEADER];
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, cookie: jar.access, csrf, body });
    if (url.endsWith('/api/v1/token/refresh/')) {
      await options.refreshGate;
      const status = options.refreshStatus ?? 200;
      if (status !== 200) return json(status, { code: 'NOT_AUTHENTICATED' });
      jar.access = 'good';
      return json(200, {});
    }
    if (url.endsWith('/api/v1/token/')) return json(401, { code: 'INVALID_CREDENTIALS' });
    if (jar.access === 'good') return json(200, { user: { first_name: 'Ana' } });
    return json(401, { code: 'NOT_AUTHENTICATED' });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const isRefresh = (call: { url: string }) => call.url.endsWith('/token/refresh/');
const refreshCalls = (calls: { url: string }[]) => calls.filter(isRefresh).length;

describe('api client', () => {
  it('sends the CSRF header and its own origin’s cookies, no token, and fills path, query and JSON body', async () => {
    const contract = defineContract({
      id: 'x',
      method: 'PATCH',
      path: 'api/v1/things/{uuid}/',
      access: 'public',
      handler: 'x/x',
      summary: 'x',
      response: z.object({ ok: z.boolean() }),
    });
    const fetch = vi.fn(async () => json(200, { ok: true }));
    const api = createApiClient({
      session: marker(),
      onSessionExpired: () => undefined,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    await expect(
      api(contract, { params: { uuid: 'a b' }, query: { search: 'x', page: 2, empty: undefined }, body: { n: 1 } }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/things/a%20b/?search=x&page=2');
    expect(init.method).toBe('PATCH');
    expect(init.headers).toMatchObject({ [CSRF_HEADER]: '1', 'content-type': 'application/json' });
    expect(init.headers).not.toHaveProperty('authorization');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"n":1}');
  });

  it('throws ApiError with the code, field errors and remaining_time of the answer', async () => {
    const fetch = vi.fn(async () => json(429, { code: 'TOO_MANY_ATTEMPTS', remaining_time: 300 }));
    const api = createApiClient({
      session: marker(false),
      onSessionExpired: () => undefined,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const error = await api(postToken, { body: { email: 'a@b.cl', password: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS', remaining_time: 300 });
  });

  it('a network failure is an ApiError with status 0', async () => {
    const api = createApiClient({
      session: marker(false),
      onSessionExpired: () => undefined,
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as unknown as typeof globalThis.fetch,
    });
    await expect(api(getUserInfo)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('on a 401 refreshes once (the refresh cookie names the session) and retries with the new cookie', async () => {
    const { fetch, calls } = fakeApi();
    const api = createApiClient({ session: marker(), onSessionExpired: () => undefined, fetch });
    await expect(api(getUserInfo)).resolves.toEqual({ user: { first_name: 'Ana' } });
    expect(refreshCalls(calls)).toBe(1);
    expect(calls.find(isRefresh)).toMatchObject({ body: {}, csrf: '1' });
    expect(calls.at(-1)?.cookie).toBe('good');
  });

  it('concurrent 401s wait for one single refresh', async () => {
    // The refresh answers only once all five calls have been refused, so all five are waiting on it together.
    const allRefused = deferred();
    const { fetch, calls } = fakeApi({ refreshGate: allRefused.promise });
    const api = createApiClient({ session: marker(), onSessionExpired: () => undefined, fetch });
    const results = Promise.all(Array.from({ length: 5 }, () => api(getUserInfo)));
    await vi.waitFor(() => expect(calls.filter((c) => c.cookie === 'stale' && !isRefresh(c))).toHaveLength(5));
    allRefused.resolve();
    expect(await results).toEqual(Array(5).fill({ user: { first_name: 'Ana' } }));
    expect(refreshCalls(calls)).toBe(1);
  });

  it('a 401 that arrives after the refresh finished retries with the new cookie without refreshing again', async () => {
    // The second call's 401 is held until the first call, retried after the refresh, has been answered.
    const firstRetried = deferred();
    const urls: string[] = [];
    let access = 'stale';
    let staleAnswers = 0;
    const fetch = (async (url: string) => {
      urls.push(url);
      if (url.endsWith('/token/refresh/')) {
        access = 'good';
        return json(200, {});
      }
      if (access === 'good') {
        firstRetried.resolve();
        return json(200, { ok: 1 });
      }
      staleAnswers += 1;
      // The second call was sent with the stale cookie; its answer arrives only after the refresh.
      if (staleAnswers === 2) await firstRetried.promise;
      return json(401, { code: 'NOT_AUTHENTICATED' });
    }) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ session: marker(), onSessionExpired: () => undefined, fetch });
    const first = api(getUserInfo);
    const second = api(getUserInfo);
    await expect(Promise.all([first, second])).resolves.toEqual([{ ok: 1 }, { ok: 1 }]);
    expect(staleAnswers).toBe(2);
    expect(urls.filter((url) => url.endsWith('/token/refresh/'))).toHaveLength(1);
  });

  it('a refused refresh clears the marker, ends the session once and throws the 401', async () => {
    const session = marker();
    const { fetch, calls } = fakeApi({ refreshStatus: 401 });
    const onSessionExpired = vi.fn();
    const api = createApiClient({ session, onSessionExpired, fetch });
    const errors = await Promise.all([api(getUserInfo), api(getUserInfo)].map((p) => p.catch((e: unknown) => e)));
    for (const error of errors) expect(error).toMatchObject({ status: 401, code: 'NOT_AUTHENTICATED' });
    expect(refreshCalls(calls)).toBe(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(session.state.present).toBe(false);
  });

  it('a server failure of the refresh keeps the session', async () => {
    const session = marker();
    const { fetch } = fakeApi({ refreshStatus: 500 });
    const onSessionExpired = vi.fn();
    const api = createApiClient({ session, onSessionExpired, fetch });
    await expect(api(getUserInfo)).rejects.toMatchObject({ status: 500 });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(session.state.present).toBe(true);
  });

  it('never refreshes for the login call', async () => {
    const { fetch, calls } = fakeApi();
    const api = createApiClient({ session: marker(), onSessionExpired: () => undefined, fetch });
    await expect(api(postToken, { body: { email: 'a@b.cl', password: 'x' } })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(refreshCalls(calls)).toBe(0);
  });

  it('does not refresh when told not to, for a call outside the session, nor for a visitor', async () => {
    const { fetch, calls } = fakeApi();
    const signedIn = createApiClient({ session: marker(), onSessionExpired: () => undefined, fetch });
    await expect(signedIn(getUserInfo, { refreshOnUnauthorized: false })).rejects.toMatchObject({ status: 401 });
    await expect(signedIn(getUserInfo, { session: false })).rejects.toMatchObject({ status: 401 });
    const visitor = createApiClient({ session: marker(false), onSessionExpired: () => undefined, fetch });
    await expect(visitor(getUserInfo)).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls(calls)).toBe(0);
  });

  it('a call outside the session (a share link) goes without the session cookies', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true }));
    const api = createApiClient({
      session: marker(),
      onSessionExpired: () => undefined,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    await api(getUserInfo, { session: false });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('omit');
  });

  it('gives up after the timeout', async () => {
    const fetch = (async (_url: string, init: RequestInit) =>
      new Promise((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ session: marker(false), onSessionExpired: () => undefined, fetch, timeoutMs: 20 });
    await expect(api(getUserInfo)).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
  });
});
