import { describe, expect, it, vi } from 'vitest';
import { getUserInfo } from '../../../shared/contracts/auth';
import { CSRF_HEADER } from '../../../shared/session-cookies';
import { type ApiError, createApiClient } from './api-client';
import { tellLogout } from './logout';
import type { SessionMarker } from './session-marker';

/** A session marker in memory: `state.present` is what the SPA's cookie would say. */
function memoryMarker(present = true) {
  const state = { present };
  const session: SessionMarker = {
    present: () => state.present,
    clear: () => {
      state.present = false;
    },
  };
  return { state, session };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Seen {
  path: string;
  csrf: string | undefined;
  body: unknown;
}

/** A fake API answering by path through `answer`; records every call. */
function fakeFetch(answer: (call: Seen) => Response) {
  const calls: Seen[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const call = {
      path: url.replace(/^\//, ''),
      csrf: (init.headers as Record<string, string>)[CSRF_HEADER],
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const isRefresh = (call: Seen) => call.path === 'api/v1/token/refresh/';

describe('the refresh after the session ended once (a reopened tab)', () => {
  it('a tab without the marker neither refreshes nor ends anything', async () => {
    const { session } = memoryMarker(false);
    const ended: (ApiError | null)[] = [];
    const { fetch, calls } = fakeFetch(() => json(401, { code: 'NOT_AUTHENTICATED' }));
    const api = createApiClient({ session, fetch, onSessionExpired: (reason) => ended.push(reason) });
    await expect(api(getUserInfo)).rejects.toMatchObject({ status: 401 });
    expect(calls.filter(isRefresh)).toHaveLength(0);
    expect(ended).toEqual([]);
  });

  it('a new session refreshes again instead of reusing the finished refusal', async () => {
    const { state, session } = memoryMarker();
    const ended: (ApiError | null)[] = [];
    let access = 'stale';
    let refreshAnswer = 401;
    const { fetch, calls } = fakeFetch((call) => {
      if (isRefresh(call)) {
        if (refreshAnswer === 200) access = 'good';
        return refreshAnswer === 200 ? json(200, {}) : json(401, { code: 'NOT_AUTHENTICATED' });
      }
      return access === 'good' ? json(200, { ok: true }) : json(401, { code: 'NOT_AUTHENTICATED' });
    });
    const api = createApiClient({ session, fetch, onSessionExpired: (reason) => ended.push(reason) });

    // The session's refresh is refused (past its 55 minutes): the session ends.
    await expect(api(getUserInfo)).rejects.toMatchObject({ status: 401 });
    expect(ended).toEqual([null]);
    expect(state.present).toBe(false);

    // The user signs in again; the access token expires; the next call must refresh and succeed.
    state.present = true;
    refreshAnswer = 200;
    await expect(api(getUserInfo)).resolves.toEqual({ ok: true });
    expect(calls.filter(isRefresh)).toHaveLength(2);
    expect(ended).toHaveLength(1);
  });
});

describe('answers that end the session', () => {
  it.each([
    [401, 'SESSION_ENDED'],
    [403, 'PROJECT_DISABLED'],
    [403, 'GROUP_DISABLED'],
  ])('%s %s clears the tokens and ends the session with that reason, without refreshing', async (status, code) => {
    const { state, session } = memoryMarker();
    const ended: (ApiError | null)[] = [];
    const { fetch, calls } = fakeFetch(() => json(status, { code }));
    const api = createApiClient({ session, fetch, onSessionExpired: (reason) => ended.push(reason) });
    await expect(api(getUserInfo)).rejects.toMatchObject({ status, code });
    expect(calls.filter(isRefresh)).toHaveLength(0);
    expect(state.present).toBe(false);
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ status, code });
  });

  it('a refresh refused with SESSION_ENDED ends the session with that reason', async () => {
    const { session } = memoryMarker();
    const ended: (ApiError | null)[] = [];
    const { fetch } = fakeFetch((call) =>
      isRefresh(call) ? json(401, { code: 'SESSION_ENDED' }) : json(401, { code: 'NOT_AUTHENTICATED' }),
    );
    const api = createApiClient({ session, fetch, onSessionExpired: (reason) => ended.push(reason) });
    await expect(api(getUserInfo)).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ code: 'SESSION_ENDED' });
  });

  it('another 403 (not allowed) leaves the session alone', async () => {
    const { state, session } = memoryMarker();
    const onSessionExpired = vi.fn();
    const { fetch } = fakeFetch(() => json(403, { code: 'ACTION_NOT_ALLOWED' }));
    const api = createApiClient({ session, fetch, onSessionExpired });
    await expect(api(getUserInfo)).rejects.toMatchObject({ status: 403 });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(state.present).toBe(true);
  });
});

describe('logout', () => {
  const logoutPath = 'api/v1/logs/session-log/logout/';

  it('sends no token: the session cookies name the session, and the CSRF header goes along', async () => {
    const { session } = memoryMarker(false);
    const { fetch, calls } = fakeFetch(() => json(200, { detail: 'ok' }));
    const api = createApiClient({ session, fetch, onSessionExpired: () => undefined });
    await tellLogout(api);
    expect(calls).toEqual([{ path: logoutPath, csrf: '1', body: {} }]);
  });

  it('never refreshes nor throws, whatever the API answers', async () => {
    for (const answer of [json(401, { code: 'NOT_AUTHENTICATED' }), json(500, { code: 'INTERNAL_ERROR' })]) {
      const { session } = memoryMarker();
      const { fetch, calls } = fakeFetch(() => answer);
      const api = createApiClient({ session, fetch, onSessionExpired: () => undefined });
      await expect(tellLogout(api)).resolves.toBeUndefined();
      expect(calls.filter(isRefresh)).toHaveLength(0);
    }
  });
});
