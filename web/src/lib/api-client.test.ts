import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { getUserInfo, postToken } from '../../../shared/contracts/auth';
import { defineContract } from '../../../shared/contracts/define';
import { ApiError, createApiClient } from './api-client';
import type { TokenStore } from './tokens';

function memoryTokens(
  access?: string,
  refresh?: string,
): TokenStore & { state: { access?: string; refresh?: string } } {
  const state = { access, refresh };
  return {
    state,
    access: () => state.access,
    refresh: () => state.refresh,
    setAccess: (value) => {
      state.access = value;
    },
    clear: () => {
      state.access = undefined;
      state.refresh = undefined;
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
 * A fake API: /users/info/ accepts only the token named 'good'; /token/refresh/ answers as told, once `refreshGate`
 * (if given) has opened.
 */
function fakeApi(options: { refreshStatus?: number; refreshGate?: Promise<void> } = {}) {
  const calls: { url: string; auth: string | undefined; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const auth = (init.headers as Record<string, string>).authorization;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, auth, body });
    if (url.endsWith('/api/v1/token/refresh/')) {
      await options.refreshGate;
      const status = options.refreshStatus ?? 200;
      return status === 200 ? json(200, { access: 'good' }) : json(status, { code: 'NOT_AUTHENTICATED' });
    }
    if (url.endsWith('/api/v1/token/')) return json(401, { code: 'INVALID_CREDENTIALS' });
    if (auth === 'Bearer good') return json(200, { user: { first_name: 'Ana' } });
    return json(401, { code: 'NOT_AUTHENTICATED' });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const refreshCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.endsWith('/token/refresh/')).length;

describe('api client', () => {
  it('sends the bearer token and fills path, query and JSON body', async () => {
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
      tokens: memoryTokens('tok', 'ref'),
      onSessionExpired: () => undefined,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    await expect(
      api(contract, { params: { uuid: 'a b' }, query: { search: 'x', page: 2, empty: undefined }, body: { n: 1 } }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/things/a%20b/?search=x&page=2');
    expect(init.method).toBe('PATCH');
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok', 'content-type': 'application/json' });
    expect(init.body).toBe('{"n":1}');
  });

  it('throws ApiError with the code, field errors and remaining_time of the answer', async () => {
    const fetch = vi.fn(async () => json(429, { code: 'TOO_MANY_ATTEMPTS', remaining_time: 300 }));
    const api = createApiClient({
      tokens: memoryTokens(),
      onSessionExpired: () => undefined,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const error = await api(postToken, { body: { email: 'a@b.cl', password: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS', remaining_time: 300 });
  });

  it('a network failure is an ApiError with status 0', async () => {
    const api = createApiClient({
      tokens: memoryTokens(),
      onSessionExpired: () => undefined,
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as unknown as typeof globalThis.fetch,
    });
    await expect(api(getUserInfo)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('on a 401 refreshes once and retries with the new token', async () => {
    const tokens = memoryTokens('stale', 'ref');
    const { fetch, calls } = fakeApi();
    const api = createApiClient({ tokens, onSessionExpired: () => undefined, fetch });
    await expect(api(getUserInfo)).resolves.toEqual({ user: { first_name: 'Ana' } });
    expect(refreshCalls(calls)).toBe(1);
    expect(calls.find((c) => c.url.endsWith('/token/refresh/'))?.body).toEqual({ refresh: 'ref' });
    expect(tokens.state.access).toBe('good');
    expect(calls.at(-1)?.auth).toBe('Bearer good');
  });

  it('concurrent 401s wait for one single refresh', async () => {
    const tokens = memoryTokens('stale', 'ref');
    // The refresh answers only once all five calls have been refused, so all five are waiting on it together.
    const allRefused = deferred();
    const { fetch, calls } = fakeApi({ refreshGate: allRefused.promise });
    const api = createApiClient({ tokens, onSessionExpired: () => undefined, fetch });
    const results = Promise.all(Array.from({ length: 5 }, () => api(getUserInfo)));
    await vi.waitFor(() => expect(calls.filter((c) => c.auth === 'Bearer stale')).toHaveLength(5));
    allRefused.resolve();
    expect(await results).toEqual(Array(5).fill({ user: { first_name: 'Ana' } }));
    expect(refreshCalls(calls)).toBe(1);
  });

  it('a 401 that arrives after the refresh finished reuses the new token without refreshing again', async () => {
    const tokens = memoryTokens('stale', 'ref');
    // The second call's 401 is held until the first call's refresh has stored the new token.
    const refreshed = deferred();
    const setAccess = tokens.setAccess;
    tokens.setAccess = (value) => {
      setAccess(value);
      refreshed.resolve();
    };
    const urls: string[] = [];
    let staleAnswers = 0;
    const fetch = (async (url: string, init: RequestInit) => {
      urls.push(url);
      if (url.endsWith('/token/refresh/')) return json(200, { access: 'good' });
      if ((init.headers as Record<string, string>).authorization === 'Bearer good') return json(200, { ok: 1 });
      staleAnswers += 1;
      if (staleAnswers === 2) await refreshed.promise;
      return json(401, { code: 'NOT_AUTHENTICATED' });
    }) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ tokens, onSessionExpired: () => undefined, fetch });
    await expect(Promise.all([api(getUserInfo), api(getUserInfo)])).resolves.toEqual([{ ok: 1 }, { ok: 1 }]);
    expect(staleAnswers).toBe(2);
    expect(urls.filter((url) => url.endsWith('/token/refresh/'))).toHaveLength(1);
  });

  it('a refused refresh clears the tokens, ends the session once and throws the 401', async () => {
    const tokens = memoryTokens('stale', 'ref');
    const { fetch, calls } = fakeApi({ refreshStatus: 401 });
    const onSessionExpired = vi.fn();
    const api = createApiClient({ tokens, onSessionExpired, fetch });
    const errors = await Promise.all([api(getUserInfo), api(getUserInfo)].map((p) => p.catch((e: unknown) => e)));
    for (const error of errors) expect(error).toMatchObject({ status: 401, code: 'NOT_AUTHENTICATED' });
    expect(refreshCalls(calls)).toBe(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(tokens.state).toEqual({ access: undefined, refresh: undefined });
  });

  it('a server failure of the refresh keeps the session', async () => {
    const tokens = memoryTokens('stale', 'ref');
    const { fetch } = fakeApi({ refreshStatus: 500 });
    const onSessionExpired = vi.fn();
    const api = createApiClient({ tokens, onSessionExpired, fetch });
    await expect(api(getUserInfo)).rejects.toMatchObject({ status: 500 });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(tokens.state.refresh).toBe('ref');
  });

  it('never refreshes for the login call', async () => {
    const tokens = memoryTokens('stale', 'ref');
    const { fetch, calls } = fakeApi();
    const api = createApiClient({ tokens, onSessionExpired: () => undefined, fetch });
    await expect(api(postToken, { body: { email: 'a@b.cl', password: 'x' } })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(refreshCalls(calls)).toBe(0);
  });

  it('does not refresh when told not to, nor for a visitor without tokens', async () => {
    const { fetch, calls } = fakeApi();
    const withTokens = createApiClient({
      tokens: memoryTokens('stale', 'ref'),
      onSessionExpired: () => undefined,
      fetch,
    });
    await expect(withTokens(getUserInfo, { refreshOnUnauthorized: false })).rejects.toMatchObject({ status: 401 });
    const visitor = createApiClient({ tokens: memoryTokens(), onSessionExpired: () => undefined, fetch });
    await expect(visitor(getUserInfo)).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls(calls)).toBe(0);
  });

  it('gives up after the timeout', async () => {
    const fetch = (async (_url: string, init: RequestInit) =>
      new Promise((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ tokens: memoryTokens(), onSessionExpired: () => undefined, fetch, timeoutMs: 20 });
    await expect(api(getUserInfo)).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
  });
});
