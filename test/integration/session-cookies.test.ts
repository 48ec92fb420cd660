import { randomUUID } from 'node:crypto';
import { describe, expect, inject, test } from 'vitest';
import { getUserInfo, postSessionLogout, postToken, postTokenRefresh } from '../../shared/contracts/auth';
import { getProjectPdf } from '../../shared/contracts/projects';
import { createIndustry, deleteIndustry, listIndustries, patchIndustry } from '../../shared/contracts/societies';
import {
  ACCESS_COOKIE_PATH,
  REFRESH_COOKIE_PATHS,
  REMEMBER_SECONDS,
  SESSION_COOKIES,
} from '../../shared/session-cookies';
import { call, callSeeingCookies, DEMO_PASSWORD, DEMO_TRUSTED_DEVICE } from '../helpers/api';
import { createTestUser } from '../helpers/db';
import { type CookieJar, type SetCookie, SPA_HEADERS, signInAsBrowser } from '../helpers/session-cookies';

/**
 * The browser's session lives in HttpOnly cookies (tokens no script can read), with SameSite=Strict and a required
 * custom header on every cookie-authenticated write as the CSRF defence. Tried as a cross-site page would: the
 * browser attaches the cookies, the page cannot add the header. Each test signs in a SUPER_ADMIN of its own on a
 * portal no firm brands (a logout ends every session of its user).
 */
const { demo } = inject('portal');
const PORTAL = 'http://unbranded.localhost:5999';
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/;

const superAdmin = async () => (await createTestUser('SUPER_ADMIN')).email;
const apiPath = (path: string) => `/${path}`;
const cookiesOf = (jar: CookieJar, name: string) => jar.all().filter((cookie) => cookie.name === name);

/** A call as the browser makes it on the portal: the cookies for the route's path, and the SPA's header or not. */
function asBrowser(jar: CookieJar, path: string, spa: boolean) {
  return { portal: PORTAL, cookie: jar.header(apiPath(path)), ...(spa && { headers: SPA_HEADERS }) };
}

function expectSessionCookie(cookie: SetCookie | undefined, remember: boolean) {
  expect(cookie).toBeDefined();
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' });
  if (remember) expect(cookie?.maxAge).toBe(REMEMBER_SECONDS);
  else expect([cookie?.maxAge, cookie?.hasExpires]).toEqual([undefined, false]);
}

describe('sign-in in the browser', () => {
  test.each([true, false])(
    'sets HttpOnly, Secure, SameSite=Strict cookies (remember %s) and answers no token in its body',
    async (remember) => {
      const { answer, jar } = await signInAsBrowser(await superAdmin(), { portal: PORTAL, remember });
      expect(answer.body).toEqual({});
      expect(JSON.stringify(answer.body)).not.toMatch(JWT);
      const [access, ...others] = cookiesOf(jar, SESSION_COOKIES.access);
      expect(others).toEqual([]);
      expectSessionCookie(access, remember);
      expect(access?.path).toBe(ACCESS_COOKIE_PATH);
      expect(access?.value).toMatch(JWT);
      const refresh = cookiesOf(jar, SESSION_COOKIES.refresh);
      expect(refresh.map((cookie) => cookie.path).sort()).toEqual([...REFRESH_COOKIE_PATHS].sort());
      for (const cookie of refresh) expectSessionCookie(cookie, remember);
      // The refresh token goes to its two routes only, never with an ordinary call.
      expect(jar.header(apiPath(getUserInfo.path))).not.toContain(SESSION_COOKIES.refresh);
      expect(jar.header(apiPath(postTokenRefresh.path))).toContain(`${SESSION_COOKIES.refresh}=`);
      expect(jar.header(apiPath(postSessionLogout.path))).toContain(`${SESSION_COOKIES.refresh}=`);
      expect(jar.header('/home')).toBeUndefined();
    },
  );

  test('an API client (no SPA header) still gets its tokens in the body, and no cookie', async () => {
    const answer = await callSeeingCookies(postToken, {
      portal: PORTAL,
      body: { email: await superAdmin(), password: DEMO_PASSWORD, trusted_device: DEMO_TRUSTED_DEVICE },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.access).toMatch(JWT);
    expect(answer.body.refresh).toEqual(expect.any(String));
    expect(answer.setCookies).toEqual([]);
    const info = await call(getUserInfo, { portal: PORTAL, token: answer.body.access });
    expect(info.status).toBe(200);
  });

  test('the access cookie authenticates reads, file downloads without ?token= included', async () => {
    const { jar } = await signInAsBrowser(await superAdmin(), { portal: PORTAL });
    const info = await call(getUserInfo, asBrowser(jar, getUserInfo.path, false));
    expect(info.status).toBe(200);
    const { apiUrl } = inject('portal');
    const path = getProjectPdf.path.replace('{uuid}', demo.projects.andes);
    const pdf = await fetch(`${apiUrl}/${path}`, {
      headers: { cookie: jar.header(apiPath(path)) ?? '', 'x-portal-origin': PORTAL },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  test("the cookies are no session on another firm's portal", async () => {
    const { jar } = await signInAsBrowser(await superAdmin(), { portal: PORTAL });
    const elsewhere = { ...asBrowser(jar, getUserInfo.path, true), portal: 'http://127.0.0.1:5999' };
    expect((await call(getUserInfo, elsewhere)).status).toBe(401);
  });
});

describe('CSRF: a write that rides the cookies needs the SPA header', () => {
  test('POST, PATCH and DELETE without the header answer 403 CSRF_REFUSED and change nothing; with it they work', async () => {
    const { jar } = await signInAsBrowser(await superAdmin(), { portal: PORTAL });
    const name = `Industria ${randomUUID().slice(0, 8)}`;
    const names = async () =>
      ((await call(listIndustries, asBrowser(jar, listIndustries.path, false))).body ?? []).map((i) => i.industry);

    const forged = await call(createIndustry, {
      ...asBrowser(jar, createIndustry.path, false),
      body: { industry: name },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('CSRF_REFUSED');
    expect(await names()).not.toContain(name);

    const created = await call(createIndustry, {
      ...asBrowser(jar, createIndustry.path, true),
      body: { industry: name },
    });
    expect(created.status).toBe(201);
    const params = { uuid: created.body.uuid };
    const renamed = `${name} bis`;

    const forgedPatch = await call(patchIndustry, {
      ...asBrowser(jar, patchIndustry.path, false),
      params,
      body: { industry: renamed },
    });
    expect([forgedPatch.status, forgedPatch.body.code]).toEqual([403, 'CSRF_REFUSED']);
    const forgedDelete = await call(deleteIndustry, { ...asBrowser(jar, deleteIndustry.path, false), params });
    expect([forgedDelete.status, forgedDelete.body.code]).toEqual([403, 'CSRF_REFUSED']);
    expect(await names()).toContain(name);
    expect(await names()).not.toContain(renamed);

    const patched = await call(patchIndustry, {
      ...asBrowser(jar, patchIndustry.path, true),
      params,
      body: { industry: renamed },
    });
    expect(patched.status).toBe(200);
    expect(await names()).toContain(renamed);
    const deleted = await call(deleteIndustry, { ...asBrowser(jar, deleteIndustry.path, true), params });
    expect(deleted.status).toBe(200);
    expect(await names()).not.toContain(renamed);
  });

  test('a refresh or a logout riding the cookies without the header is refused and ends nothing', async () => {
    const { jar } = await signInAsBrowser(await superAdmin(), { portal: PORTAL });
    const refresh = await callSeeingCookies(postTokenRefresh, {
      ...asBrowser(jar, postTokenRefresh.path, false),
      body: {},
    });
    expect([refresh.status, refresh.body.code]).toEqual([403, 'CSRF_REFUSED']);
    expect(refresh.setCookies).toEqual([]);
    const logout = await callSeeingCookies(postSessionLogout, {
      ...asBrowser(jar, postSessionLogout.path, false),
      body: {},
    });
    expect([logout.status, logout.body.code]).toEqual([403, 'CSRF_REFUSED']);
    expect(logout.setCookies).toEqual([]);
    expect((await call(getUserInfo, asBrowser(jar, getUserInfo.path, false))).status).toBe(200);
  });

  test('a Bearer call needs no header (API clients), even with the cookies beside it', async () => {
    const email = await superAdmin();
    const body = { email, password: DEMO_PASSWORD, trusted_device: DEMO_TRUSTED_DEVICE };
    const api = await call(postToken, { portal: PORTAL, body });
    const { jar } = await signInAsBrowser(email, { portal: PORTAL });
    const created = await call(createIndustry, {
      ...asBrowser(jar, createIndustry.path, false),
      token: api.body.access,
      body: { industry: `Industria ${randomUUID().slice(0, 8)}` },
    });
    expect(created.status).toBe(201);
  });
});

describe('refresh and logout through the cookies', () => {
  test.each([true, false])(
    'refresh renews the access cookie from the refresh cookie (remember %s)',
    async (remember) => {
      const { jar } = await signInAsBrowser(await superAdmin(), { portal: PORTAL, remember });
      const before = cookiesOf(jar, SESSION_COOKIES.access)[0]?.value;
      // An access token the API refuses, as an expired one is.
      jar.set(SESSION_COOKIES.access, 'caducado', ACCESS_COOKIE_PATH);
      expect((await call(getUserInfo, asBrowser(jar, getUserInfo.path, true))).status).toBe(401);
      const refreshed = await callSeeingCookies(postTokenRefresh, {
        ...asBrowser(jar, postTokenRefresh.path, true),
        body: {},
      });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toEqual({});
      jar.take(refreshed.setCookies);
      const access = cookiesOf(jar, SESSION_COOKIES.access);
      expect(access).toHaveLength(1);
      expectSessionCookie(access[0], remember);
      expect(access[0]?.value).toMatch(JWT);
      expect(access[0]?.value).not.toBe(before);
      expect((await call(getUserInfo, asBrowser(jar, getUserInfo.path, true))).status).toBe(200);
    },
  );

  test('a refused refresh clears the cookies', async () => {
    const { jar } = await signInAsBrowser(await superAdmin(), { portal: PORTAL });
    for (const path of REFRESH_COOKIE_PATHS) jar.set(SESSION_COOKIES.refresh, 'revocado', path);
    const refused = await callSeeingCookies(postTokenRefresh, {
      ...asBrowser(jar, postTokenRefresh.path, true),
      body: {},
    });
    expect(refused.status).toBe(401);
    jar.take(refused.setCookies);
    expect(jar.all().filter((cookie) => cookie.name.startsWith('portal_session'))).toEqual([]);
  });

  test('logout clears the cookies, and the old cookies no longer work', async () => {
    const { jar } = await signInAsBrowser(await superAdmin(), { portal: PORTAL });
    const old = {
      info: jar.header(apiPath(getUserInfo.path)),
      refresh: jar.header(apiPath(postTokenRefresh.path)),
    };
    const logout = await callSeeingCookies(postSessionLogout, {
      ...asBrowser(jar, postSessionLogout.path, true),
      body: {},
    });
    expect(logout.status).toBe(200);
    jar.take(logout.setCookies);
    expect(jar.all()).toEqual([]);
    const info = await call(getUserInfo, { portal: PORTAL, cookie: old.info, headers: SPA_HEADERS });
    expect([info.status, info.body.code]).toEqual([401, 'SESSION_ENDED']);
    const refresh = await callSeeingCookies(postTokenRefresh, {
      portal: PORTAL,
      cookie: old.refresh,
      headers: SPA_HEADERS,
      body: {},
    });
    expect(refresh.status).toBe(401);
  });
});
