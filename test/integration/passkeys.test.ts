import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { getUserInfo, postSessionLogout, postTokenRefresh } from '../../shared/contracts/auth';
import {
  deletePasskey,
  listPasskeys,
  postPasskeyRegistration,
  postPasskeyRegistrationOptions,
  postPasskeySignIn,
  postPasskeySignInOptions,
} from '../../shared/contracts/passkeys';
import { createProject, patchProject } from '../../shared/contracts/projects';
import { getUser, updatePassword } from '../../shared/contracts/users';
import { call, DEMO_PASSWORD, ok, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { CONFIRMED, NEUTRAL_PORTAL, passkeyAssertion, registeredPasskey } from '../helpers/passkeys';
import { SoftPasskey } from '../helpers/soft-authenticator';

/**
 * Passkeys through the API with a software authenticator (helpers/soft-authenticator.ts) that the server's real
 * SimpleWebAuthn checks: registration needs a session and a challenge of that user on that portal; a sign-in needs
 * this portal's challenge, once, a passkey made for this portal's host, a counter that moves on, and a user who may
 * sign in; its session is the portal's own and ends at logout like any other; tenancy of the list and the removal.
 */

const NEUTRAL = NEUTRAL_PORTAL;

let andes: string;
let pacifico: string;
beforeAll(() => {
  const { webUrl } = inject('portal');
  // The demo firm's portal, and the same server under another host name: another firm's domain (sessions.test.ts).
  andes = webUrl;
  pacifico = webUrl.replace('localhost', '127.0.0.1');
});

/** A fresh user (or the one of `email`) signed in on `portal` with a registered passkey of that portal. */
async function withPasskey(portal = NEUTRAL, email?: string) {
  const user = email ? { email, uuid: '' } : await createTestUser('USER_SOCIETY');
  return { user, ...(await registeredPasskey(user.email, portal)) };
}

const assertion = passkeyAssertion;

async function loginMethods(userUuid: string): Promise<unknown[]> {
  const { dynamo, lib, tableName } = await tableAccess();
  const { Items = [] } = await dynamo.send(
    new lib.QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :log)',
      ExpressionAttributeValues: { ':pk': `USER#${userUuid}`, ':log': 'LOG#SESSION#' },
    }),
  );
  return Items.filter((item) => item.action === 'LOGIN').map((item) => item.method);
}

describe('registering a passkey', () => {
  test('needs a session: the options and the registration refuse a caller without one', async () => {
    expect((await call(postPasskeyRegistrationOptions, { portal: NEUTRAL, body: CONFIRMED })).status).toBe(401);
    const passkey = new SoftPasskey();
    const body = { name: 'X', response: passkey.create({ challenge: 'abc' }, NEUTRAL) };
    expect((await call(postPasskeyRegistration, { portal: NEUTRAL, body })).status).toBe(401);
    expect((await call(listPasskeys, { portal: NEUTRAL })).status).toBe(401);
  });

  test('asks the current password: a session alone cannot add a passkey, and a wrong one counts in the sign-in lock', async () => {
    const user = await createTestUser('USER_SOCIETY');
    const { access } = await signIn(user.email, undefined, { portal: NEUTRAL });
    const ask = (current_password: string) =>
      call(postPasskeyRegistrationOptions, { token: access, portal: NEUTRAL, body: { current_password } });
    const wrong = await ask('No.Es.La.Clave1');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 'VALIDATION_ERROR', errors: { current_password: ['WRONG_PASSWORD'] } });
    let status = 400;
    // The e-mail's ceiling (throttle.ts LOGIN: 50 failures within an hour) counts these as failed sign-ins.
    for (let n = 0; n < 60 && status === 400; n += 1) status = (await ask('No.Es.La.Clave1')).status;
    expect(status).toBe(429);
  });

  test("a challenge counts once, for the user and the portal it was given to; a wrong origin's answer is refused", async () => {
    const a = await createTestUser('USER_SOCIETY');
    const b = await createTestUser('USER_SOCIETY');
    const tokenA = (await signIn(a.email, undefined, { portal: NEUTRAL })).access;
    const tokenB = (await signIn(b.email, undefined, { portal: NEUTRAL })).access;
    const { options } = ok(
      'options',
      await call(postPasskeyRegistrationOptions, { token: tokenA, portal: NEUTRAL, body: CONFIRMED }),
    );
    const register = (token: string, response: unknown) =>
      call(postPasskeyRegistration, { token, portal: NEUTRAL, body: { name: 'Llave', response } });
    // B cannot use A's challenge (and that try spends it).
    const stolen = await register(tokenB, new SoftPasskey().create(options as never, NEUTRAL));
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual({ code: 'PASSKEY_REFUSED' });
    expect((await register(tokenA, new SoftPasskey().create(options as never, NEUTRAL))).status).toBe(400);
    // Signed for another origin than the portal's.
    const fresh = ok(
      'options',
      await call(postPasskeyRegistrationOptions, { token: tokenA, portal: NEUTRAL, body: CONFIRMED }),
    );
    const elsewhere = new SoftPasskey().create(fresh.options as never, 'https://evil.example.com');
    expect((await register(tokenA, elsewhere)).status).toBe(400);
    // The right answer once; the same answer again is refused.
    const again = ok(
      'options',
      await call(postPasskeyRegistrationOptions, { token: tokenA, portal: NEUTRAL, body: CONFIRMED }),
    );
    const good = new SoftPasskey().create(again.options as never, NEUTRAL);
    expect((await register(tokenA, good)).status).toBe(201);
    expect((await register(tokenA, good)).status).toBe(400);
    const listA = ok('list', await call(listPasskeys, { token: tokenA, portal: NEUTRAL }));
    expect(listA.items).toHaveLength(1);
  });
});

describe('signing in with a passkey', () => {
  test('opens a session without a password (two factors: no code), logged as PASSKEY, ended by logout', async () => {
    const { user, passkey } = await withPasskey();
    const answer = await call(postPasskeySignIn, {
      portal: NEUTRAL,
      body: { response: await assertion(passkey, NEUTRAL) },
    });
    expect(answer.status).toBe(200);
    const { access, refresh } = answer.body as { access: string; refresh: string };
    expect(access).toBeTruthy();
    expect(refresh).toBeTruthy();
    const info = await call(getUserInfo, { token: access, portal: NEUTRAL });
    expect(info.status).toBe(200);
    expect(await loginMethods(user.uuid)).toContain('PASSKEY');
    const listed = ok('list', await call(listPasskeys, { token: access, portal: NEUTRAL }));
    expect(listed.items[0]?.last_used).toBeTruthy();
    expect(listed.items[0]?.host).toBe('portal.example.cl');
    // An admin sees the passkey among the person's ways in.
    const superAdmin = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
    const detail = ok('user', await call(getUser, { token: superAdmin, params: { uuid: user.uuid } }));
    expect(detail.sign_in_ways?.passkey).toBeTruthy();
    // Logout ends it as it ends a password session.
    expect((await call(postSessionLogout, { portal: NEUTRAL, body: { refresh } })).status).toBe(200);
    expect((await call(postTokenRefresh, { portal: NEUTRAL, body: { refresh } })).status).toBe(401);
    expect((await call(getUserInfo, { token: access, portal: NEUTRAL })).status).toBe(401);
  });

  test('a password change ends a passkey session as it ends every other', async () => {
    const { access: passwordSession, passkey } = await withPasskey();
    const answer = ok(
      'passkey sign-in',
      await call(postPasskeySignIn, { portal: NEUTRAL, body: { response: await assertion(passkey, NEUTRAL) } }),
    );
    const { access, refresh } = answer as { access: string; refresh: string };
    expect((await call(getUserInfo, { token: access, portal: NEUTRAL })).status).toBe(200);
    const body = { current_password: DEMO_PASSWORD, password: 'Otra.Clave9', password_confirmation: 'Otra.Clave9' };
    ok('password change', await call(updatePassword, { token: passwordSession, portal: NEUTRAL, body }));
    expect((await call(getUserInfo, { token: access, portal: NEUTRAL })).status).toBe(401);
    expect((await call(postTokenRefresh, { portal: NEUTRAL, body: { refresh } })).status).toBe(401);
  });

  test("a challenge counts once, and a counter that does not move on is refused (a cloned authenticator's)", async () => {
    const { passkey } = await withPasskey();
    const response = await assertion(passkey, NEUTRAL);
    expect((await call(postPasskeySignIn, { portal: NEUTRAL, body: { response } })).status).toBe(200);
    const replay = await call(postPasskeySignIn, { portal: NEUTRAL, body: { response } });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ code: 'PASSKEY_REFUSED' });
    // A fresh challenge, signed with the counter already seen.
    const stale = await assertion(passkey, NEUTRAL, { counter: passkey.counter });
    expect((await call(postPasskeySignIn, { portal: NEUTRAL, body: { response: stale } })).status).toBe(401);
    // The authenticator's next real use still works.
    const next = await assertion(passkey, NEUTRAL);
    expect((await call(postPasskeySignIn, { portal: NEUTRAL, body: { response: next } })).status).toBe(200);
  });

  test("another firm's portal cannot use a passkey made on a firm's portal", async () => {
    const { passkey } = await withPasskey(andes, 'sociedad@demo.cl');
    // On its own portal it signs in.
    const home = await call(postPasskeySignIn, { portal: andes, body: { response: await assertion(passkey, andes) } });
    expect(home.status).toBe(200);
    // Through the other firm's domain: whether it signs for that host or claims its own, it is refused.
    for (const rpId of [new URL(pacifico).hostname, new URL(andes).hostname]) {
      const response = await assertion(passkey, pacifico, { rpId });
      const refused = await call(postPasskeySignIn, { portal: pacifico, body: { response } });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ code: 'PASSKEY_REFUSED' });
    }
    // Nor can that firm's portal register a passkey for a user of another firm.
    const { access } = await signIn('sociedad@demo.cl', undefined, { portal: andes });
    expect(
      (await call(postPasskeyRegistrationOptions, { token: access, portal: pacifico, body: CONFIRMED })).status,
    ).toBe(401);
  });

  test("a disabled user's passkey is refused", async () => {
    const { user, passkey } = await withPasskey();
    const { dynamo, lib, tableName } = await tableAccess();
    await dynamo.send(
      new lib.UpdateCommand({
        TableName: tableName,
        Key: { pk: `USER#${user.uuid}`, sk: 'USER' },
        UpdateExpression: 'SET #enable = :off',
        ExpressionAttributeNames: { '#enable': 'enable' },
        ExpressionAttributeValues: { ':off': false },
      }),
    );
    const answer = await call(postPasskeySignIn, {
      portal: NEUTRAL,
      body: { response: await assertion(passkey, NEUTRAL) },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 'USER_DISABLED' });
  });

  test("a member of a disabled firm is refused with the firm's reason, as with a password", async () => {
    const superAdmin = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
    const body = {
      project_name: `Firma Llaves ${randomUUID().slice(0, 8)}`,
      client_name: 'Cliente SpA',
      associated_service_description: 'Contabilidad',
      service_description: 'Portal',
      admin: [],
    };
    const project = ok('project', await call(createProject, { token: superAdmin, body })).uuid;
    const member = await createTestUser('USER_SOCIETY', [project]);
    const { passkey } = await withPasskey(NEUTRAL, member.email);
    ok('disable', await call(patchProject, { token: superAdmin, params: { uuid: project }, body: { enable: false } }));
    const answer = await call(postPasskeySignIn, {
      portal: NEUTRAL,
      body: { response: await assertion(passkey, NEUTRAL) },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ code: 'PROJECT_DISABLED' });
  });

  test('a removed passkey signs in no more; an unknown one is refused like it', async () => {
    const { access, passkey, uuid } = await withPasskey();
    expect((await call(deletePasskey, { token: access, portal: NEUTRAL, params: { uuid } })).status).toBe(200);
    const removed = await call(postPasskeySignIn, {
      portal: NEUTRAL,
      body: { response: await assertion(passkey, NEUTRAL) },
    });
    expect(removed.status).toBe(401);
    const stranger = new SoftPasskey();
    stranger.rpId = 'portal.example.cl';
    const unknown = await call(postPasskeySignIn, {
      portal: NEUTRAL,
      body: { response: await assertion(stranger, NEUTRAL) },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ code: 'PASSKEY_REFUSED' });
  });

  test('wrong answers count in the address throttle as wrong passwords do', async () => {
    const ip = `10.99.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
    const stranger = new SoftPasskey();
    stranger.rpId = 'portal.example.cl';
    let status = 0;
    for (let n = 0; n < 40 && status !== 429; n += 1) {
      const response = await assertion(stranger, NEUTRAL);
      status = (await call(postPasskeySignIn, { portal: NEUTRAL, ip, body: { response } })).status;
    }
    expect(status).toBe(429);
  });

  test('no portal, no passkey: a direct call to the gateway gets no options', async () => {
    const answer = await call(postPasskeySignInOptions, {});
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ code: 'PASSKEY_PORTAL' });
  });
});

describe("each user's passkeys are its own", () => {
  test("user A cannot list or remove user B's passkeys", async () => {
    const a = await withPasskey();
    const b = await withPasskey();
    const listA = ok('list', await call(listPasskeys, { token: a.access, portal: NEUTRAL }));
    expect(listA.items.map((item) => item.uuid)).toEqual([a.uuid]);
    const steal = await call(deletePasskey, { token: a.access, portal: NEUTRAL, params: { uuid: b.uuid } });
    expect(steal.status).toBe(404);
    const listB = ok('list', await call(listPasskeys, { token: b.access, portal: NEUTRAL }));
    expect(listB.items.map((item) => item.uuid)).toEqual([b.uuid]);
  });
});
