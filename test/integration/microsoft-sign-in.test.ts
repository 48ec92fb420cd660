import { generate } from 'otplib';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { DEMO_MICROSOFT_PEOPLE, DEMO_TENANTS } from '../../local/microsoft-stand-in';
import { getUserInfo, postSessionLogout, postTokenRefresh } from '../../shared/contracts/auth';
import { patchProject } from '../../shared/contracts/projects';
import * as registration from '../../shared/contracts/registration';
import { postSecondFactor } from '../../shared/contracts/second-factor';
import { getUser, patchUser } from '../../shared/contracts/users';
import { MICROSOFT_ANY_ACCOUNT } from '../../shared/microsoft';
import { call, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { unique } from '../helpers/fresh';
import { mailedResetToken } from '../helpers/mail';
import { microsoftSignIn } from '../helpers/microsoft';

/**
 * Microsoft sign-in through the local Entra ID stand-in (local/microsoft-stand-in.ts), its pages and all: the demo's
 * first firm (Contadores Andes, on the test portal's own address) admits its tenant's people; the second firm (on
 * 127.0.0.1) is another firm's portal. Each test signs in people of its own, since sessions end per person.
 */
const { webUrl, demo } = inject('portal');
const andesPortal = webUrl;
const SIGNED_IN = '/login?microsoft=signed_in';
const pacificoPortal = webUrl.replace('//localhost:', '//127.0.0.1:');
const andesEmail = (label: string) => `${label}-${unique()}@${DEMO_TENANTS.andes.domains[0]}`;
let superAdmin: string;

beforeAll(async () => {
  superAdmin = (await signIn('superadmin@demo.cl')).access;
});

/** Invites an address to a society (the first firm's unless told), as its admins do. */
async function invite(email: string, society = demo.societies.minera) {
  const answer = await call(registration.generateInvitation, {
    token: superAdmin,
    body: { user_role: 'USER_SOCIETY', email, society: [society] },
  });
  expect(answer.status).toBe(201);
}

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

describe('Microsoft sign-in', () => {
  test('an invited person lands signed in: the invitation becomes the account, the session is a session', async () => {
    const email = andesEmail('invitada');
    await invite(email);
    const { location, tokens } = await microsoftSignIn(email, andesPortal);
    expect(location).toBe(SIGNED_IN);
    const me = await call(getUserInfo, { portal: andesPortal, token: tokens?.access });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: { email }, profile: { user_role: 'USER_SOCIETY' } });
    const uuid = me.body.user.uuid;
    expect((await call(postTokenRefresh, { portal: andesPortal, body: { refresh: tokens?.refresh } })).status).toBe(
      200,
    );
    // The log and the admin's view say the way in.
    expect((await sessionLog(uuid)).map((i) => [i.action, i.method ?? null])).toEqual(
      expect.arrayContaining([
        ['REGISTER', null],
        ['LOGIN', 'MICROSOFT'],
      ]),
    );
    const detail = await call(getUser, { token: superAdmin, params: { uuid } });
    expect(detail.body.sign_in_ways).toMatchObject({ password: null, microsoft: expect.any(String) });
    // The invitation is spent: a second sign-in finds the account.
    expect((await microsoftSignIn(email, andesPortal)).location).toBe(SIGNED_IN);
  });

  test("another firm's client invited here joins with its account, as the invitation's link would make it", async () => {
    const { uuid, email } = await createTestUser(
      'USER_SOCIETY',
      [demo.projects.pacifico],
      'cliente',
      DEMO_TENANTS.andes.domains[0],
    );
    await invite(email);
    const { location, tokens } = await microsoftSignIn(email, andesPortal);
    expect(location).toBe(SIGNED_IN);
    const me = await call(getUserInfo, { portal: andesPortal, token: tokens?.access });
    expect(me.body.user.uuid).toBe(uuid);
    expect(me.body.projects.map((p) => p.uuid).sort()).toEqual([demo.projects.andes, demo.projects.pacifico].sort());
  });

  test('an unknown person, and an e-mail its tenant did not verify, are refused with the reason', async () => {
    const unknown = await microsoftSignIn(DEMO_MICROSOFT_PEOPLE.unknown, andesPortal);
    expect(unknown.location).toBe('/login?microsoft_error=MICROSOFT_NOT_INVITED');
    expect(unknown.tokens).toBeUndefined();
    // Invited, but its e-mail is not of a domain the tenant verified (xms_edov false): proves nothing.
    const guest = `invitado-${unique()}@prueba.cl`;
    await invite(guest);
    const refused = await microsoftSignIn(guest, andesPortal);
    expect(refused.location).toBe('/login?microsoft_error=MICROSOFT_NOT_INVITED');
    expect(refused.tokens).toBeUndefined();
  });

  test("another firm's portal refuses: off there, and on with its own tenant it does not know the person", async () => {
    const email = andesEmail('otra');
    await invite(email);
    expect((await microsoftSignIn(email, pacificoPortal)).location).toBe(
      '/login?microsoft_error=MICROSOFT_SIGN_IN_OFF',
    );
    const turnOn = { microsoft_tenant: DEMO_TENANTS.pacifico.id };
    expect(
      (await call(patchProject, { token: superAdmin, params: { uuid: demo.projects.pacifico }, body: turnOn })).status,
    ).toBe(200);
    try {
      const elsewhere = await microsoftSignIn(email, pacificoPortal);
      expect(elsewhere.location).toBe('/login?microsoft_error=MICROSOFT_NOT_INVITED');
      expect(elsewhere.tokens).toBeUndefined();
      // The person's account exists now (signed in at home), and still the other firm's portal refuses it.
      expect((await microsoftSignIn(email, andesPortal)).location).toBe(SIGNED_IN);
      expect((await microsoftSignIn(email, pacificoPortal)).location).toBe(
        '/login?microsoft_error=MICROSOFT_NOT_INVITED',
      );
    } finally {
      const off = { microsoft_tenant: '' };
      await call(patchProject, { token: superAdmin, params: { uuid: demo.projects.pacifico }, body: off });
    }
  });

  test('a disabled user is refused', async () => {
    const { uuid, email } = await createTestUser(
      'USER_GROUP',
      [demo.projects.andes],
      'deshabilitada',
      DEMO_TENANTS.andes.domains[0],
    );
    expect((await microsoftSignIn(email, andesPortal)).location).toBe(SIGNED_IN);
    const disable = await call(patchUser, { token: superAdmin, params: { uuid }, body: { enable: false } });
    expect(disable.status).toBe(200);
    const refused = await microsoftSignIn(email, andesPortal);
    expect(refused.location).toBe('/login?microsoft_error=USER_DISABLED');
    expect(refused.tokens).toBeUndefined();
  });

  test('its tokens end at logout and at a password change, as a password session', async () => {
    const { email } = await createTestUser(
      'USER_GROUP',
      [demo.projects.andes],
      'sesion',
      DEMO_TENANTS.andes.domains[0],
    );
    const first = (await microsoftSignIn(email, andesPortal)).tokens;
    expect((await call(getUserInfo, { portal: andesPortal, token: first?.access })).status).toBe(200);
    expect((await call(postSessionLogout, { portal: andesPortal, body: { refresh: first?.refresh } })).status).toBe(
      200,
    );
    expect((await call(getUserInfo, { portal: andesPortal, token: first?.access })).body).toEqual({
      code: 'SESSION_ENDED',
    });
    expect((await call(postTokenRefresh, { portal: andesPortal, body: { refresh: first?.refresh } })).status).toBe(401);

    const second = (await microsoftSignIn(email, andesPortal)).tokens;
    expect((await call(getUserInfo, { portal: andesPortal, token: second?.access })).status).toBe(200);
    expect((await call(registration.requestPasswordReset, { body: { email } })).status).toBe(200);
    const token = await mailedResetToken(email);
    const password = 'Otra.Clave9';
    const reset = await call(registration.resetPassword, {
      body: { token, password, password_confirmation: password },
    });
    expect(reset.status).toBe(200);
    expect((await call(getUserInfo, { portal: andesPortal, token: second?.access })).body).toEqual({
      code: 'SESSION_ENDED',
    });
    expect((await call(postTokenRefresh, { portal: andesPortal, body: { refresh: second?.refresh } })).status).toBe(
      401,
    );
    // A person may have both: the password now works too.
    await signIn(email, password, { portal: andesPortal });
  });

  test('a firm that asks the code after Microsoft too sends its enrolled people to the code step', async () => {
    const { uuid, email } = await createTestUser(
      'USER_GROUP',
      [demo.projects.andes],
      'codigo',
      DEMO_TENANTS.andes.domains[0],
    );
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const [{ enrolWithKnownSecret }] = await Promise.all([import('../../local/demo-second-factor'), tableAccess()]);
    await enrolWithKnownSecret(uuid, secret, `device-${unique()}`);
    // Off (the default): Microsoft alone.
    expect((await microsoftSignIn(email, andesPortal)).location).toBe(SIGNED_IN);
    const ask = { microsoft_second_factor: true };
    expect(
      (await call(patchProject, { token: superAdmin, params: { uuid: demo.projects.andes }, body: ask })).status,
    ).toBe(200);
    try {
      const { location, tokens } = await microsoftSignIn(email, andesPortal);
      expect(tokens).toBeUndefined();
      const hash = new URLSearchParams(location.split('#')[1] ?? '');
      expect(location.startsWith('/login#')).toBe(true);
      expect(hash.get('step')).toBe('VERIFY');
      const challenge = hash.get('second_factor') as string;
      const wrong = await call(postSecondFactor, { portal: andesPortal, body: { challenge, code: '000000' } });
      expect(wrong.body).toEqual({ code: 'INVALID_CODE' });
      const code = await generate({ secret });
      const answer = await call(postSecondFactor, { portal: andesPortal, body: { challenge, code } });
      expect(answer.status).toBe(200);
      expect((await call(getUserInfo, { portal: andesPortal, token: answer.body.access as string })).status).toBe(200);
      expect((await sessionLog(uuid)).map((i) => i.method)).toContain('MICROSOFT_TOTP');
    } finally {
      const off = { microsoft_second_factor: false };
      await call(patchProject, { token: superAdmin, params: { uuid: demo.projects.andes }, body: off });
    }
  });

  test("a firm that admits any Microsoft account: a personal account and another tenant's verified person come in through Entra's common authority", async () => {
    const personal = `persona-${unique()}@correo.demo.cl`;
    const work = andesEmail('trabajo');
    await invite(personal, demo.societies.pesquera);
    await invite(work, demo.societies.pesquera);
    const any = { microsoft_tenant: MICROSOFT_ANY_ACCOUNT };
    expect(
      (await call(patchProject, { token: superAdmin, params: { uuid: demo.projects.pacifico }, body: any })).status,
    ).toBe(200);
    try {
      for (const email of [personal, work]) {
        const { location, tokens } = await microsoftSignIn(email, pacificoPortal);
        expect(location, email).toBe(SIGNED_IN);
        const me = await call(getUserInfo, { portal: pacificoPortal, token: tokens?.access });
        expect(me.body).toMatchObject({ user: { email }, profile: { user_role: 'USER_SOCIETY' } });
      }
      // Not invited to this firm: refused with the reason, as with a firm's own tenant.
      const stranger = await microsoftSignIn(`extrana-${unique()}@correo.demo.cl`, pacificoPortal);
      expect(stranger.location).toBe('/login?microsoft_error=MICROSOFT_NOT_INVITED');
      expect(stranger.tokens).toBeUndefined();
    } finally {
      const off = { microsoft_tenant: '' };
      await call(patchProject, { token: superAdmin, params: { uuid: demo.projects.pacifico }, body: off });
    }
  });
});
