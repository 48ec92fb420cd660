import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, test } from 'vitest';
import { DEMO_ACCOUNTS } from '../../local/demo-accounts';
import {
  getUserInfo,
  postBrowsingLog,
  postPersonalizationLogin,
  postSessionLogout,
  postToken,
  postTokenRefresh,
} from '../../shared/contracts/auth';
import { call, DEMO_PASSWORD, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { cognitoLocalKey, decodePayload, signJwt, strangerKey } from '../helpers/tokens';

describe('sign-in', () => {
  test.each(DEMO_ACCOUNTS)('$role signs in and gets its profile', async ({ email, role, first_name }) => {
    const { access, refresh } = await signIn(email);
    expect(refresh).toBeTruthy();
    const { status, body } = await call(getUserInfo, { token: access });
    expect(status).toBe(200);
    expect(body.user.email).toBe(email);
    expect(body.user.first_name).toBe(first_name);
    expect(body.profile.user_role).toBe(role);
  });

  test('memberships come from the user record: the society user sees its one society', async () => {
    const { access } = await signIn('sociedad@demo.cl');
    const { body } = await call(getUserInfo, { token: access });
    const { demo } = inject('portal');
    expect(body.societies.map((s) => s.uuid)).toEqual([demo.societies.minera]);
    expect(body.groups).toEqual([]);
    expect(body.projects.map((p) => p.uuid)).toEqual([demo.projects.andes]);
  });

  test('a wrong password and an unknown e-mail answer the same 401', async () => {
    const wrong = await call(postToken, { body: { email: 'grupo@demo.cl', password: 'Wrong.Pass1' } });
    const unknown = await call(postToken, { body: { email: 'nadie@demo.cl', password: 'Wrong.Pass1' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'INVALID_CREDENTIALS' });
    expect(unknown.body).toEqual(wrong.body);
  });

  test('bad input answers 400 with field codes', async () => {
    const { status, body } = await call(postToken, { body: { email: 'not-an-email' } });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'VALIDATION_ERROR', errors: { email: ['FORMAT_ERROR'], password: ['REQUIRED'] } });
  });

  test('e-mail is matched case-insensitively', async () => {
    const { status } = await call(postToken, { body: { email: 'SuperAdmin@Demo.CL', password: DEMO_PASSWORD } });
    expect(status).toBe(200);
  });
});

describe('throttling', () => {
  test('the 6th attempt from one address within 15 minutes answers 429 with remaining_time, even with the right password', async () => {
    const { email } = await createTestUser('USER_GROUP');
    const { dynamo, tableName } = await tableAccess();
    const { signInPairKey } = await import('../../functions/lib/data/throttle');
    const ip = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 256)).join('.')}`;
    const epochNow = () => Math.floor(Date.now() / 1000);
    let fifthSentAt = 0;
    for (let attempt = 1; attempt <= 5; attempt++) {
      fifthSentAt = epochNow();
      const { status } = await call(postToken, { ip, body: { email, password: `Wrong.Pass${attempt}` } });
      expect(status).toBe(401);
    }
    const fifthAnsweredAt = epochNow();
    // The 5th failure locks the guessing address for exactly 5 minutes from the moment the server counted it.
    const { Item: lock } = await dynamo.send(
      new GetCommand({ TableName: tableName, Key: signInPairKey(email, ip), ConsistentRead: true }),
    );
    const lockedUntil = lock?.window_end as number;
    expect(lockedUntil).toBeGreaterThanOrEqual(fifthSentAt + 300);
    expect(lockedUntil).toBeLessThanOrEqual(fifthAnsweredAt + 300);

    const sentAt = epochNow();
    const locked = await call(postToken, { ip, body: { email, password: DEMO_PASSWORD } });
    const answeredAt = epochNow();
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('TOO_MANY_ATTEMPTS');
    // remaining_time is what is left of that lock when the server answered: the seconds to locked_until.
    expect(locked.body.remaining_time).toBeGreaterThanOrEqual(lockedUntil - answeredAt);
    expect(locked.body.remaining_time).toBeLessThanOrEqual(lockedUntil - sentAt);

    // Another e-mail is not affected; and once the lock lapses the right password works again.
    expect((await call(postToken, { ip, body: { email: 'grupo@demo.cl', password: DEMO_PASSWORD } })).status).toBe(200);
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName,
        Key: signInPairKey(email, ip),
        UpdateExpression: 'SET window_end = :past',
        ExpressionAttributeValues: { ':past': epochNow() - 1 },
      }),
    );
    expect((await call(postToken, { ip, body: { email, password: DEMO_PASSWORD } })).status).toBe(200);
  });
});

describe('tokens', () => {
  test('a tampered token answers 401', async () => {
    const { access } = await signIn('proyecto@demo.cl');
    const [head, payload, signature] = access.split('.') as [string, string, string];
    const claims = decodePayload(access);
    const forged = Buffer.from(JSON.stringify({ ...claims, username: 'someone-else' })).toString('base64url');
    expect(forged).not.toBe(payload);
    const { status, body } = await call(getUserInfo, { token: `${head}.${forged}.${signature}` });
    expect(status).toBe(401);
    expect(body).toEqual({ code: 'NOT_AUTHENTICATED' });
  });

  test('an expired token answers 401, though correctly signed', async () => {
    const { access } = await signIn('proyecto@demo.cl');
    const claims = decodePayload(access);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = signJwt({ ...claims, iat: past, auth_time: past, exp: past + 3600 }, cognitoLocalKey());
    // The same claims re-signed with a live expiry are accepted, so only the expiry is refused above.
    const live = signJwt(claims, cognitoLocalKey());
    expect((await call(getUserInfo, { token: live })).status).toBe(200);
    expect((await call(getUserInfo, { token: expired })).status).toBe(401);
  });

  test('a token of a foreign issuer or signed by a foreign key answers 401', async () => {
    const { access } = await signIn('proyecto@demo.cl');
    const claims = decodePayload(access);
    const foreignIssuer = signJwt(
      { ...claims, iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_evil' },
      cognitoLocalKey(),
    );
    const foreignKey = signJwt(claims, strangerKey());
    expect((await call(getUserInfo, { token: foreignIssuer })).status).toBe(401);
    expect((await call(getUserInfo, { token: foreignKey })).status).toBe(401);
  });

  test('an id token or another client’s token is not an access token', async () => {
    const { access } = await signIn('proyecto@demo.cl');
    const claims = decodePayload(access);
    const idToken = signJwt({ ...claims, token_use: 'id' }, cognitoLocalKey());
    const otherClient = signJwt({ ...claims, client_id: 'another-client' }, cognitoLocalKey());
    expect((await call(getUserInfo, { token: idToken })).status).toBe(401);
    expect((await call(getUserInfo, { token: otherClient })).status).toBe(401);
  });

  test('refresh gives a new access token; logout revokes the refresh token and is logged', async () => {
    // A user of its own: a logout ends every session of its user, and the demo accounts serve parallel tests.
    const { access, refresh } = await signIn((await createTestUser('SUPER_ADMIN')).email);
    const refreshed = await call(postTokenRefresh, { body: { refresh } });
    expect(refreshed.status).toBe(200);
    expect((await call(getUserInfo, { token: refreshed.body.access })).status).toBe(200);

    const logout = await call(postSessionLogout, { token: access, body: { refresh } });
    expect(logout.status).toBe(200);
    expect((await call(postTokenRefresh, { body: { refresh } })).status).toBe(401);
    expect((await call(postTokenRefresh, { body: { refresh: 'garbage' } })).status).toBe(401);
  });
});

describe('disabled users', () => {
  test('a disabled user cannot sign in, and its live tokens and refresh stop working', async () => {
    const { uuid, email } = await createTestUser('USER_SOCIETY');
    const { access, refresh } = await signIn(email);
    const { dynamo, keys, tableName } = await tableAccess();
    const setEnable = (enable: boolean) =>
      dynamo.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.user(uuid),
          UpdateExpression: 'SET #enable = :enable',
          ExpressionAttributeNames: { '#enable': 'enable' },
          ExpressionAttributeValues: { ':enable': enable },
        }),
      );
    await setEnable(false);
    try {
      expect((await call(getUserInfo, { token: access })).status).toBe(401);
      expect((await call(postTokenRefresh, { body: { refresh } })).status).toBe(401);
      const signInAgain = await call(postToken, { body: { email, password: DEMO_PASSWORD } });
      expect(signInAgain.status).toBe(401);
      expect(signInAgain.body).toEqual({ code: 'USER_DISABLED' });
    } finally {
      await setEnable(true);
    }
    expect((await call(getUserInfo, { token: access })).status).toBe(200);
  });
});

describe('session and browsing logs', () => {
  test('sign-in, logout and page views each leave a log item under the user', async () => {
    const { uuid, email } = await createTestUser('GROUP_ADMIN');
    const { access } = await signIn(email);
    const view = { browsing_url: '/home', browsing_module: 'home', browsing_view: 'Inicio' };
    expect((await call(postBrowsingLog, { token: access, body: view })).status).toBe(201);
    expect((await call(postSessionLogout, { token: access, body: {} })).status).toBe(200);

    const { dynamo, lib, tableName } = await tableAccess();
    const { Items = [] } = await dynamo.send(
      new lib.QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :log)',
        ExpressionAttributeValues: { ':pk': `USER#${uuid}`, ':log': 'LOG#' },
      }),
    );
    expect(Items.some((i) => i.kind === 'SESSION' && i.action === 'LOGIN')).toBe(true);
    expect(Items.some((i) => i.kind === 'SESSION' && i.action === 'LOGOUT')).toBe(true);
    expect(Items.some((i) => i.kind === 'BROWSING' && i.browsing_url === '/home')).toBe(true);
  });
});

describe('branding', () => {
  test('resolves the project by its custom portal URL, with or without a trailing slash', async () => {
    const { webUrl } = inject('portal');
    const { status, body } = await call(postPersonalizationLogin, { body: { custom_portal_url: `${webUrl}/` } });
    expect(status).toBe(200);
    expect(body.project_name).toBe('Contadores Andes');
    expect(body.primary_color).toBe('#005A9F');
    const other = await call(postPersonalizationLogin, {
      body: { custom_portal_url: webUrl.replace('localhost', '127.0.0.1') },
    });
    expect(other.body.project_name).toBe('Auditores del Pacífico');
  });

  test('an unknown URL answers 404', async () => {
    const { status, body } = await call(postPersonalizationLogin, { body: { custom_portal_url: 'https://nadie.cl' } });
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'NOT_FOUND' });
  });
});
