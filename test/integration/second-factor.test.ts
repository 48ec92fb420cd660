import { generate } from 'otplib';
import { beforeAll, describe, expect, test } from 'vitest';
import { getUserInfo, postSessionLogout, postToken, postTokenRefresh } from '../../shared/contracts/auth';
import { createProject, getProject, patchProject } from '../../shared/contracts/projects';
import { postSecondFactor, postSecondFactorEnrolment, resetSecondFactor } from '../../shared/contracts/second-factor';
import { updatePassword } from '../../shared/contracts/users';
import { call, DEMO_PASSWORD, ok, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { unique } from '../helpers/fresh';

/**
 * The second factor (TOTP) through the API, each test on users and firms of its own: a firm that makes it mandatory
 * sends its admins to enrolment at their next sign-in and no token leaves before the code; codes count once; recovery
 * codes too; a trusted device skips the code; a higher admin of the whole scope resets it, nobody else; sessions from
 * a code end at logout and password change as any other; the session log says which way each sign-in went.
 * Codes are computed here with otplib for the server's clock (functions/lib/clock.ts, not moved by this file); the
 * next step's code (30 s ahead, which the server admits for a phone's clock) stands for the next code the app shows.
 */
let superAdmin: string;
beforeAll(async () => {
  superAdmin = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
});

const now = async () => (await import('../../functions/lib/data/table')).epochSeconds();
/** The code an authenticator app shows `ahead` steps of 30 s from the server's now. */
const codeOf = async (secret: string, ahead = 0) => generate({ secret, epoch: (await now()) + 30 * ahead });

/** A firm with its own PROJECT_ADMIN and a client, under the given policy. */
async function firm(mfa_policy: 'NONE' | 'ADMINS' | 'CLIENTS' | 'ALL' = 'NONE') {
  const admin = await createTestUser('PROJECT_ADMIN');
  const body = {
    project_name: `Firma MFA ${unique()}`,
    client_name: 'Cliente SpA',
    associated_service_description: 'Contabilidad',
    service_description: 'Portal',
    admin: [admin.uuid],
    mfa_policy,
  };
  const project = ok('project', await call(createProject, { token: superAdmin, body }));
  const client = await createTestUser('USER_SOCIETY', [project.uuid]);
  return { project: project.uuid, admin, client };
}

const passwordStep = (email: string, extra: Record<string, unknown> = {}, ip?: string) =>
  call(postToken, { ip, body: { email, password: DEMO_PASSWORD, ...extra } });

/** The challenge of a sign-in that must give a code (or enrol). */
async function challengeOf(email: string, step: 'VERIFY' | 'ENROL', ip?: string): Promise<string> {
  const answer = await passwordStep(email, {}, ip);
  expect(answer.status).toBe(200);
  expect(answer.body.access).toBeUndefined();
  expect(answer.body.refresh).toBeUndefined();
  expect(answer.body.second_factor?.step).toBe(step);
  return answer.body.second_factor?.challenge as string;
}

/** Enrols through the sign-in: the secret shown, its first code; returns the secret, the recovery codes, the tokens. */
async function enrol(email: string) {
  const challenge = await challengeOf(email, 'ENROL');
  const { secret, otpauth_uri } = ok('enrolment', await call(postSecondFactorEnrolment, { body: { challenge } }));
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
  expect(otpauth_uri).toContain(`secret=${secret}`);
  const done = ok('first code', await call(postSecondFactor, { body: { challenge, code: await codeOf(secret) } }));
  return { secret, recovery: done.recovery_codes ?? [], tokens: { access: done.access, refresh: done.refresh } };
}

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

describe('a firm that makes the second factor mandatory', () => {
  test('sends its admins to enrolment at their next sign-in, with no token before the code; its clients are not asked', async () => {
    const { project, admin, client } = await firm('NONE');
    expect((await passwordStep(admin.email)).body.access).toBeTruthy();

    const patched = await call(patchProject, {
      token: superAdmin,
      params: { uuid: project },
      body: { mfa_policy: 'ADMINS' },
    });
    expect(patched.status).toBe(200);
    expect((await call(getProject, { token: superAdmin, params: { uuid: project } })).body.mfa_policy).toBe('ADMINS');

    const { secret, recovery, tokens } = await enrol(admin.email);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect(tokens.access && tokens.refresh).toBeTruthy();
    expect((await call(getUserInfo, { token: tokens.access })).status).toBe(200);
    // The client of the same firm signs in with its password alone.
    expect((await passwordStep(client.email)).body.access).toBeTruthy();
    expect(await loginMethods(admin.uuid)).toEqual(expect.arrayContaining(['PASSWORD', 'PASSWORD_TOTP']));
  });

  test('the enrolment step asked twice for one sign-in answers one key; a newer sign-in’s key replaces it', async () => {
    const { admin } = await firm('ADMINS');
    const challenge = await challengeOf(admin.email, 'ENROL');
    const ask = async (c: string) =>
      ok('enrolment', await call(postSecondFactorEnrolment, { body: { challenge: c } })).secret as string;
    // The step drawn twice (a reload, a page mounted again) must not leave the key already scanned dead.
    const first = await ask(challenge);
    expect(await ask(challenge)).toBe(first);
    const other = await ask(await challengeOf(admin.email, 'ENROL'));
    expect(other).not.toBe(first);
    // The newer sign-in's key is the pending one: its code activates, the older key's does not.
    const latest = await challengeOf(admin.email, 'ENROL');
    expect(await ask(latest)).not.toBe(other);
    const stale = await call(postSecondFactor, { body: { challenge, code: await codeOf(first) } });
    expect(stale.status).toBe(401);
  });

  test('the enrolment step asked at once, twice, for one sign-in answers one key, whose code activates', async () => {
    const { admin } = await firm('ADMINS');
    const challenge = await challengeOf(admin.email, 'ENROL');
    const ask = async () =>
      ok('enrolment', await call(postSecondFactorEnrolment, { body: { challenge } })).secret as string;
    // A page whose effect runs twice (React's StrictMode), or two tabs: both requests read no key yet.
    const secrets = await Promise.all([ask(), ask(), ask(), ask()]);
    expect(new Set(secrets).size).toBe(1);
    const activated = await call(postSecondFactor, { body: { challenge, code: await codeOf(secrets[0] as string) } });
    expect(activated.status).toBe(200);
  });

  test('a firm that binds its clients asks them, not its admins; a PROJECT_ADMIN cannot set the policy', async () => {
    const { project, admin, client } = await firm('CLIENTS');
    await challengeOf(client.email, 'ENROL');
    expect((await passwordStep(admin.email)).body.access).toBeTruthy();
    const adminToken = (await signIn(admin.email)).access;
    const refused = await call(patchProject, {
      token: adminToken,
      params: { uuid: project },
      body: { mfa_policy: 'NONE' },
    });
    expect(refused.status).toBe(403);
  });

  test('a SUPER_ADMIN always has it: without a factor it is sent to enrolment', async () => {
    const other = await createTestUser('SUPER_ADMIN');
    expect((await call(resetSecondFactor, { token: superAdmin, params: { uuid: other.uuid } })).status).toBe(200);
    await challengeOf(other.email, 'ENROL');
  });
});

describe('codes', () => {
  test('a wrong code is refused; a right one counts once; a recovery code once; the log says which way', async () => {
    const { admin } = await firm('ADMINS');
    const { secret, recovery } = await enrol(admin.email);

    const challenge = await challengeOf(admin.email, 'VERIFY');
    // Five minutes old: outside the window a phone's clock is given.
    const wrong = await call(postSecondFactor, { body: { challenge, code: await codeOf(secret, -10) } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'INVALID_CODE' });
    const next = await codeOf(secret, 1);
    const right = await call(postSecondFactor, { body: { challenge, code: next } });
    expect(right.status).toBe(200);
    expect(right.body.access).toBeTruthy();
    expect(right.body.recovery_codes).toBeUndefined();
    // The challenge is spent, and the same code on a new one is a replay.
    expect((await call(postSecondFactor, { body: { challenge, code: next } })).body).toEqual({
      code: 'SECOND_FACTOR_EXPIRED',
    });
    const again = await challengeOf(admin.email, 'VERIFY');
    expect((await call(postSecondFactor, { body: { challenge: again, code: next } })).body).toEqual({
      code: 'INVALID_CODE',
    });

    const code = recovery[0] as string;
    const used = await call(postSecondFactor, { body: { challenge: again, recovery_code: code.toUpperCase() } });
    expect(used.status).toBe(200);
    expect(used.body.access).toBeTruthy();
    const third = await challengeOf(admin.email, 'VERIFY');
    const reused = await call(postSecondFactor, { body: { challenge: third, recovery_code: code } });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ code: 'INVALID_CODE' });
    // Enrolment and the code, then the recovery code; never the password alone.
    expect(await loginMethods(admin.uuid)).toEqual(['PASSWORD_TOTP', 'PASSWORD_TOTP', 'PASSWORD_RECOVERY_CODE']);
  });

  test('wrong codes count in the sign-in lock: the sixth try and the password from that address get 429', async () => {
    const { admin } = await firm('ADMINS');
    const { recovery } = await enrol(admin.email);
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const challenge = await challengeOf(admin.email, 'VERIFY', ip);
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) {
      // A recovery code that was never made: a miss that spends nothing.
      statuses.push(
        (await call(postSecondFactor, { ip, body: { challenge, recovery_code: `zzzzz-zzzz${n}` } })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const fresh = await challengeOf(admin.email, 'VERIFY', '203.0.113.9');
    const locked = await call(postSecondFactor, { ip, body: { challenge: fresh, recovery_code: recovery[0] } });
    expect(locked.status).toBe(429);
    expect(locked.body.remaining_time).toBeGreaterThan(0);
    expect((await passwordStep(admin.email, {}, ip)).status).toBe(429);
  });

  test('a trusted device skips the code until a higher admin resets the factor', async () => {
    const { admin } = await firm('ADMINS');
    const { secret } = await enrol(admin.email);
    const challenge = await challengeOf(admin.email, 'VERIFY');
    const trusted = ok(
      'code',
      await call(postSecondFactor, { body: { challenge, code: await codeOf(secret, 1), trust_device: true } }),
    );
    expect(trusted.trusted_device).toBeTruthy();
    const skip = await passwordStep(admin.email, { trusted_device: trusted.trusted_device });
    expect(skip.body.access).toBeTruthy();
    expect(await loginMethods(admin.uuid)).toContain('PASSWORD_TRUSTED_DEVICE');
    // Another device's token skips nothing.
    await challengeOf(admin.email, 'VERIFY');

    expect((await call(resetSecondFactor, { token: superAdmin, params: { uuid: admin.uuid } })).status).toBe(200);
    const after = await passwordStep(admin.email, { trusted_device: trusted.trusted_device });
    expect(after.body.second_factor?.step).toBe('ENROL');
  });
});

describe('the reset by a higher admin', () => {
  test('the firm’s PROJECT_ADMIN resets its client; an admin of another firm and a lower one cannot, nor one’s own', async () => {
    const home = await firm('CLIENTS');
    const other = await firm('NONE');
    await enrol(home.client.email);
    const homeAdmin = (await signIn(home.admin.email)).access;
    const otherAdmin = (await signIn(other.admin.email)).access;
    const peerClient = await createTestUser('GROUP_ADMIN', [home.project]);
    const groupAdmin = (await signIn(peerClient.email)).access;

    const fromOtherFirm = await call(resetSecondFactor, { token: otherAdmin, params: { uuid: home.client.uuid } });
    expect(fromOtherFirm.status).toBe(404);
    // A GROUP_ADMIN of the same firm does not manage its PROJECT_ADMIN.
    const fromLower = await call(resetSecondFactor, { token: groupAdmin, params: { uuid: home.admin.uuid } });
    expect(fromLower.status).toBe(404);
    const own = await call(resetSecondFactor, { token: superAdmin, params: { uuid: await selfUuid(superAdmin) } });
    expect(own.status).toBe(403);
    // Nothing changed: the client is still asked for a code.
    await challengeOf(home.client.email, 'VERIFY');

    expect((await call(resetSecondFactor, { token: homeAdmin, params: { uuid: home.client.uuid } })).status).toBe(200);
    await challengeOf(home.client.email, 'ENROL');
  });
});

async function selfUuid(token: string): Promise<string> {
  return ok('info', await call(getUserInfo, { token })).user.uuid;
}

describe('sessions from a code are as strict as any', () => {
  test('they end at logout and at a password change', async () => {
    const { admin } = await firm('ADMINS');
    const { recovery, tokens } = await enrol(admin.email);
    expect((await call(getUserInfo, { token: tokens.access })).status).toBe(200);
    expect((await call(postSessionLogout, { body: { refresh: tokens.refresh } })).status).toBe(200);
    expect((await call(getUserInfo, { token: tokens.access })).status).toBe(401);
    expect((await call(postTokenRefresh, { body: { refresh: tokens.refresh } })).status).toBe(401);

    const challenge = await challengeOf(admin.email, 'VERIFY');
    const second = ok('recovery', await call(postSecondFactor, { body: { challenge, recovery_code: recovery[1] } }));
    const NEW_PASSWORD = 'Otra.Clave9';
    const changed = await call(updatePassword, {
      token: second.access,
      body: { current_password: DEMO_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await call(getUserInfo, { token: second.access })).status).toBe(401);
    expect((await call(postTokenRefresh, { body: { refresh: second.refresh } })).status).toBe(401);
  });
});
