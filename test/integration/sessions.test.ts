import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { getUserInfo, postSessionLogout, postToken, postTokenRefresh } from '../../shared/contracts/auth';
import { createGroup, getGroup, patchGroup } from '../../shared/contracts/groups';
import { createProject, patchProject } from '../../shared/contracts/projects';
import * as registration from '../../shared/contracts/registration';
import { updatePassword } from '../../shared/contracts/users';
import { call, DEMO_PASSWORD, DEMO_TRUSTED_DEVICE, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { mailedInvitationToken, mailedResetToken } from '../helpers/mail';

/**
 * A lock that holds under concurrency, sessions that end, disabled projects and groups that cut access, and
 * each firm's portal admitting only its own users. Every test that ends sessions does so on a user of its own, since
 * ending sessions ends all of a user's sessions and the demo accounts serve the tests running beside these.
 */
const NEW_PASSWORD = 'Otra.Clave9';
let superAdmin: string;
beforeAll(async () => {
  superAdmin = (await signIn('superadmin@demo.cl')).access;
});

/** The security log items (kind SESSION) of a user, oldest first. */
async function sessionLog(userUuid: string): Promise<Array<Record<string, unknown>>> {
  const { dynamo, lib, tableName } = await tableAccess();
  const { Items = [] } = await dynamo.send(
    new lib.QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :log)',
      ExpressionAttributeValues: { ':pk': `USER#${userUuid}`, ':log': 'LOG#SESSION#' },
    }),
  );
  return Items;
}

describe('the sign-in lock holds under concurrency', () => {
  test('of 20 parallel wrong passwords from one address at most 5 reach the identity provider; the rest and then the right one get 429', async () => {
    const { uuid, email } = await createTestUser('USER_GROUP');
    const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => call(postToken, { ip, body: { email, password: `Wrong.Pass${n}` } })),
    );
    const checked = answers.filter((a) => a.status === 401);
    const refused = answers.filter((a) => a.status === 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.length + refused.length).toBe(20);
    for (const answer of refused) expect(answer.body.code).toBe('TOO_MANY_ATTEMPTS');
    // Each password check leaves one refusal in the log; the 429s never got that far.
    const refusals = (await sessionLog(uuid)).filter((i) => i.action === 'LOGIN_REFUSED');
    expect(refusals).toHaveLength(checked.length);

    const right = await call(postToken, { ip, body: { email, password: DEMO_PASSWORD } });
    expect(right.status).toBe(429);
    expect(right.body.remaining_time).toBeGreaterThan(0);
    expect(right.body.remaining_time).toBeLessThanOrEqual(15 * 60);
  });

  test('one address trying many e-mails is throttled after 30 failures, whatever the e-mail', async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    for (let n = 0; n < 30; n++) {
      const answer = await call(postToken, {
        ip,
        body: { email: `nadie-${n}-${randomUUID()}@demo.cl`, password: 'x' },
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await call(postToken, { ip, body: { email: 'superadmin@demo.cl', password: DEMO_PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.remaining_time).toBeGreaterThan(0);
    // Another address is not affected.
    const elsewhere = { email: 'superadmin@demo.cl', password: DEMO_PASSWORD, trusted_device: DEMO_TRUSTED_DEVICE };
    expect((await call(postToken, { body: elsewhere })).status).toBe(200);
  });

  test('a sign-in refused for an unknown e-mail is kept in the audit under that e-mail', async () => {
    const email = `desconocido-${randomUUID()}@demo.cl`;
    expect((await call(postToken, { body: { email, password: 'Wrong.Pass1' } })).status).toBe(401);
    const { dynamo, lib, tableName } = await tableAccess();
    const { Items = [] } = await dynamo.send(
      new lib.QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `EMAIL#${email}` },
      }),
    );
    expect(Items.map((i) => [i.action, i.reason])).toEqual([['LOGIN_REFUSED', 'CREDENTIALS']]);
  });
});

describe('sessions end', () => {
  test('logout ends the access token and the refresh token; a new sign-in right after works', async () => {
    const { email } = await createTestUser('USER_GROUP');
    const { access, refresh } = await signIn(email);
    expect((await call(getUserInfo, { token: access })).status).toBe(200);

    expect((await call(postSessionLogout, { token: access, body: { refresh } })).status).toBe(200);
    const after = await call(getUserInfo, { token: access });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 'SESSION_ENDED' });
    expect((await call(postTokenRefresh, { body: { refresh } })).status).toBe(401);

    const again = await signIn(email);
    expect((await call(getUserInfo, { token: again.access })).status).toBe(200);
  });

  test('logout works with the refresh token alone (the access token expired) and ends every session', async () => {
    const { email } = await createTestUser('USER_SOCIETY');
    const first = await signIn(email);
    const second = await signIn(email);
    expect((await call(postSessionLogout, { body: { refresh: first.refresh } })).status).toBe(200);
    expect((await call(getUserInfo, { token: first.access })).status).toBe(401);
    expect((await call(getUserInfo, { token: second.access })).status).toBe(401);
    expect((await call(postTokenRefresh, { body: { refresh: second.refresh } })).status).toBe(401);
  });

  test('password change needs the current password, and ends every session', async () => {
    const { uuid, email } = await createTestUser('USER_GROUP');
    const { access, refresh } = await signIn(email);
    const other = await signIn(email);

    const wrong = await call(updatePassword, {
      token: access,
      body: { current_password: 'Wrong.Pass1', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 'VALIDATION_ERROR', errors: { current_password: ['WRONG_PASSWORD'] } });
    const missing = await call(updatePassword, { token: access, body: { password: NEW_PASSWORD } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ current_password: ['REQUIRED'] });
    const same = await call(updatePassword, {
      token: access,
      body: { current_password: DEMO_PASSWORD, password: DEMO_PASSWORD },
    });
    expect(same.body).toEqual({ code: 'PASSWORD_EXISTS' });
    // Nothing above changed the password.
    expect((await call(getUserInfo, { token: access })).status).toBe(200);

    const changed = await call(updatePassword, {
      token: access,
      body: { current_password: DEMO_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    for (const token of [access, other.access]) {
      expect((await call(getUserInfo, { token })).body).toEqual({ code: 'SESSION_ENDED' });
    }
    expect((await call(postTokenRefresh, { body: { refresh } })).status).toBe(401);
    expect((await call(postToken, { body: { email, password: DEMO_PASSWORD } })).status).toBe(401);
    const fresh = await signIn(email, NEW_PASSWORD);
    expect((await call(getUserInfo, { token: fresh.access })).status).toBe(200);

    const actions = (await sessionLog(uuid)).map((i) => i.action);
    expect(actions).toContain('PASSWORD_CHANGE_REFUSED');
    expect(actions).toContain('PASSWORD_CHANGE');
  });

  test('a password reset by mail ends every session, and its link works once', async () => {
    const { uuid, email } = await createTestUser('USER_SOCIETY');
    const { access, refresh } = await signIn(email);
    expect((await call(registration.requestPasswordReset, { body: { email } })).body).toEqual({ code: 'EMAIL_SENT' });
    const token = await mailedResetToken(email);
    const body = { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    const [one, two] = await Promise.all([
      call(registration.resetPassword, { body }),
      call(registration.resetPassword, { body }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 400]);
    expect((await call(getUserInfo, { token: access })).body).toEqual({ code: 'SESSION_ENDED' });
    expect((await call(postTokenRefresh, { body: { refresh } })).status).toBe(401);
    await signIn(email, NEW_PASSWORD);
    expect((await sessionLog(uuid)).map((i) => i.action)).toContain('PASSWORD_RESET');
  });

  test('no refresh extends a session past 55 minutes', async () => {
    const { email } = await createTestUser('USER_GROUP');
    const { refresh } = await signIn(email);
    expect((await call(postTokenRefresh, { body: { refresh } })).status).toBe(200);
    // The session began 55 minutes ago: move its start back rather than wait.
    const { dynamo, lib, tableName } = await tableAccess();
    await dynamo.send(
      new lib.UpdateCommand({
        TableName: tableName,
        Key: { pk: `SESSION#${createHash('sha256').update(refresh).digest('base64url')}`, sk: 'SESSION' },
        UpdateExpression: 'SET started_at = started_at - :age',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':age': 55 * 60 },
      }),
    );
    const late = await call(postTokenRefresh, { body: { refresh } });
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ code: 'SESSION_ENDED' });
  });
});

/** A project of its own with one group, so what a test changes in them disturbs no other test. */
async function ownProjectAndGroup() {
  const project = await call(createProject, {
    token: superAdmin,
    body: {
      project_name: `Proyecto ${randomUUID().slice(0, 8)}`,
      client_name: 'Cliente SpA',
      associated_service_description: 'Contabilidad',
      service_description: 'Portal',
    },
  });
  expect(project.status).toBe(201);
  const group = await call(createGroup, {
    token: superAdmin,
    body: { group_name: 'Grupo Sesiones', group_description: 'Pruebas', project: project.body.uuid },
  });
  expect(group.status).toBe(201);
  return { project: project.body.uuid as string, group: group.body.uuid as string };
}

/** ...and a USER_GROUP member of that group. */
async function world() {
  const { project, group } = await ownProjectAndGroup();
  const { uuid, email } = await createTestUser('USER_GROUP');
  const { dynamo, lib, tableName, keys } = await tableAccess();
  await dynamo.send(
    new lib.UpdateCommand({
      TableName: tableName,
      Key: keys.user(uuid),
      UpdateExpression: 'SET project_uuids = :p, group_uuids = :g',
      ExpressionAttributeValues: { ':p': [project], ':g': [group] },
    }),
  );
  return { project, group, email };
}

describe('disabled projects and groups cut their members off', () => {
  test.each([
    ['group', 'GROUP_DISABLED'],
    ['project', 'PROJECT_DISABLED'],
  ] as const)(
    'disabling the %s: its member cannot call, refresh or sign in; the SUPER_ADMIN still manages it',
    async (kind, code) => {
      const w = await world();
      const { access, refresh } = await signIn(w.email);
      expect((await call(getUserInfo, { token: access })).status).toBe(200);
      const disable = (enable: boolean) =>
        kind === 'group'
          ? call(patchGroup, { token: superAdmin, params: { uuid: w.group }, body: { enable } })
          : call(patchProject, { token: superAdmin, params: { uuid: w.project }, body: { enable } });

      expect((await disable(false)).status).toBe(200);
      const call403 = await call(getUserInfo, { token: access });
      expect(call403.status).toBe(403);
      expect(call403.body).toEqual({ code });
      expect((await call(postTokenRefresh, { body: { refresh } })).body).toEqual({ code });
      const signInAgain = await call(postToken, { body: { email: w.email, password: DEMO_PASSWORD } });
      expect(signInAgain.status).toBe(403);
      expect(signInAgain.body).toEqual({ code });
      expect((await call(getGroup, { token: superAdmin, params: { uuid: w.group } })).status).toBe(200);

      expect((await disable(true)).status).toBe(200);
      expect((await call(getUserInfo, { token: access })).status).toBe(200);
    },
  );
});

describe("each firm's portal is its own", () => {
  test("a user of one project cannot sign in on another project's branded domain; the SUPER_ADMIN can", async () => {
    const { webUrl } = inject('portal');
    const andes = webUrl;
    const pacifico = webUrl.replace('localhost', '127.0.0.1');
    const body = { email: 'sociedad@demo.cl', password: DEMO_PASSWORD };
    const elsewhere = await call(postToken, { portal: pacifico, body });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body).toEqual({ code: 'INVALID_CREDENTIALS' });
    expect((await call(postToken, { portal: andes, body })).status).toBe(200);
    const superOnPacifico = await call(postToken, {
      portal: pacifico,
      body: { email: 'superadmin@demo.cl', password: DEMO_PASSWORD, trusted_device: DEMO_TRUSTED_DEVICE },
    });
    expect(superOnPacifico.status).toBe(200);
    expect(superOnPacifico.body.access).toBeTruthy();
    // A portal that is no project's (the plain login) admits everyone.
    expect((await call(postToken, { portal: 'https://portal.example.cl', body })).status).toBe(200);
  });
});

describe('registration races', () => {
  test('five concurrent registrations with one invitation make one account', async () => {
    const email = `carrera-${randomUUID().slice(0, 8)}@prueba.cl`;
    const { group } = await ownProjectAndGroup();
    const invited = await call(registration.generateInvitation, {
      token: superAdmin,
      body: { user_role: 'USER_GROUP', email, group: [group] },
    });
    expect(invited.status).toBe(201);
    const token = await mailedInvitationToken(email);
    const body = {
      token,
      first_name: 'Carla',
      last_name: 'Carrera',
      rut_user: '',
      phone_number: '',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(registration.registerInvitation, { body })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    // The others lose the link (400 INVALID_TOKEN) or the transaction race (409 DATA_CONFLICT); none half-registers.
    for (const refused of answers.filter((a) => a.status !== 201)) expect([400, 409]).toContain(refused.status);

    const { users } = await tableAccess();
    const user = await users.getUserByEmail(email);
    expect(user?.first_name).toBe('Carla');
    await signIn(email, NEW_PASSWORD);
    expect((await sessionLog(user?.uuid as string)).map((i) => i.action)).toContain('REGISTER');
  });
});
