import { describe, expect, it, vi } from 'vitest';
import { getUserInfo } from '../../../shared/contracts/auth';
import { type ApiError, createApiClient } from './api-client';
import { tellLogout } from './logout';
import type { TokenStore } from './tokens';

function memoryTokens(access?: string, refresh?: string) {
  const state = { access, refresh };
  const tokens: TokenStore = {
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
  return { state, tokens };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Seen {
  path: string;
  auth: string | undefined;
  body: unknown;
}

/** A fake API answering by path through `answer`; records every call. */
function fakeFetch(answer: (call: Seen) => Response) {
  const calls: Seen[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const call = {
      path: url.replace(/^\//, ''),
      auth: (init.headers as Record<string, string>).authorization,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const isRefresh = (call: Seen) => call.path === 'api/v1/token/refresh/';

describe('the refresh after the session ended once (issue 8: a reopened tab)', () => {
  it('a new session refreshes again instead of reusing the finished "no session" answer', async () => {
    const { state, tokens } = memoryTokens();
    const ended: (ApiError | null)[] = [];
    const { fetch, calls } = fakeFetch((call) => {
      if (isRefresh(call)) return json(200, { access: 'good' });
      return call.auth === 'Bearer good' ? json(200, { ok: true }) : json(401, { code: 'NOT_AUTHENTICATED' });
    });
    const api = createApiClient({ tokens, fetch, onSessionExpired: (reason) => ended.push(reason) });

    // The tab reopens after the forced sign-out: stale access token, no refresh token.
    state.access = 'stale';
    await expect(api(getUserInfo)).rejects.toMatchObject({ status: 401 });
    expect(ended).toEqual([null]);
    expect(calls.filter(isRefresh)).toHaveLength(0);

    // The user signs in again; the access token expires; the next call must refresh and succeed.
    state.access = 'expired';
    state.refresh = 'r2';
    await expect(api(getUserInfo)).resolves.toEqual({ ok: true });
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(ended).toHaveLength(1);
  });
});

describe('answers that end the session', () => {
  it.each([
    [401, 'SESSION_ENDED'],
    [403, 'PROJECT_DISABLED'],
    [403, 'GROUP_DISABLED'],
  ])('%s %s clears the tokens and ends the session with that reason, without refreshing', async (status, code) => {
    const { state, tokens } = memoryTokens('a', 'r');
    const ended: (ApiError | null)[] = [];
    const { fetch, calls } = fakeFetch(() => json(status, { code }));
    const api = createApiClient({ tokens, fetch, onSessionExpired: (reason) => ended.push(reason) });
    await expect(api(getUserInfo)).rejects.toMatchObject({ status, code });
    expect(calls.filter(isRefresh)).toHaveLength(0);
    expect(state).toEqual({ access: undefined, refresh: undefined });
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ status, code });
  });

  it('a refresh refused with SESSION_ENDED ends the session with that reason', async () => {
    const { tokens } = memoryTokens('old', 'r');
    const ended: (ApiError | null)[] = [];
    const { fetch } = fakeFetch((call) =>
      isRefresh(call) ? json(401, { code: 'SESSION_ENDED' }) : json(401, { code: 'NOT_AUTHENTICATED' }),
    );
    const api = createApiClient({ tokens, fetch, onSessionExpired: (reason) => ended.push(reason) });
    await expect(api(getUserInfo)).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ code: 'SESSION_ENDED' });
  });

  it('another 403 (not allowed) leaves the session alone', async () => {
    const { state, tokens } = memoryTokens('a', 'r');
    const onSessionExpired = vi.fn();
    const { fetch } = fakeFetch(() => json(403, { code: 'ACTION_NOT_ALLOWED' }));
    const api = createApiClient({ tokens, fetch, onSessionExpired });
    await expect(api(getUserInfo)).rejects.toMatchObject({ status: 403 });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(state).toEqual({ access: 'a', refresh: 'r' });
  });
});

describe('logout (issue 8)', () => {
  const logoutPath = 'api/v1/logs/session-log/logout/';

  it('always sends the refresh token, with the access token when there is one', async () => {
    const { tokens } = memoryTokens();
    const { fetch, calls } = fakeFetch(() => json(200, { ok: true }));
    const api = createApiClient({ tokens, fetch, onSessionExpired: () => undefined });
    await tellLogout(api, 'a', 'r');
    expect(calls).toEqual([{ path: logoutPath, auth: 'Bearer a', body: { refresh: 'r' } }]);
  });

  it('with an expired access token it calls again without one, naming the session by its refresh token', async () => {
    const { tokens } = memoryTokens();
    const { fetch, calls } = fakeFetch((call) =>
      call.auth ? json(401, { code: 'NOT_AUTHENTICATED' }) : json(200, {}),
    );
    const api = createApiClient({ tokens, fetch, onSessionExpired: () => undefined });
    await tellLogout(api, 'expired', 'r');
    expect(calls.map((call) => [call.auth, call.body])).toEqual([
      ['Bearer expired', { refresh: 'r' }],
      [undefined, { refresh: 'r' }],
    ]);
    expect(calls.filter(isRefresh)).toHaveLength(0);
  });

  it('without an access token it sends the refresh token alone', async () => {
    const { tokens } = memoryTokens();
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const api = createApiClient({ tokens, fetch, onSessionExpired: () => undefined });
    await tellLogout(api, undefined, 'r');
    expect(calls).toEqual([{ path: logoutPath, auth: undefined, body: { refresh: 'r' } }]);
  });

  it('never throws, whatever the API answers', async () => {
    const { tokens } = memoryTokens();
    const { fetch } = fakeFetch(() => json(500, { code: 'INTERNAL_ERROR' }));
    const api = createApiClient({ tokens, fetch, onSessionExpired: () => undefined });
    await expect(tellLogout(api, 'a', 'r')).resolves.toBeUndefined();
  });
});
