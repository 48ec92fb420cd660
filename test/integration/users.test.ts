import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { getUserInfo, postToken } from '../../shared/contracts/auth';
import * as groups from '../../shared/contracts/groups';
import * as registration from '../../shared/contracts/registration';
import * as societies from '../../shared/contracts/societies';
import * as users from '../../shared/contracts/users';
import { rutCheckDigit } from '../../shared/rut';
import { call, DEMO_PASSWORD, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { newEmail } from '../helpers/fresh';
import { allMailTo, mailedInvitationToken, mailedResetToken, tokenFrom, waitForMail } from '../helpers/mail';
import { societyBody } from '../helpers/societies';

/** Over the real local services, the e-mails read back from the local SES store. */
let superAdmin: string;
let projectAdmin: string;
let groupAdmin: string;

beforeAll(async () => {
  [superAdmin, projectAdmin, groupAdmin] = await Promise.all([
    signIn('superadmin@demo.cl').then((t) => t.access),
    signIn('proyecto@demo.cl').then((t) => t.access),
    signIn('grupo@demo.cl').then((t) => t.access),
  ]);
});

const NEW_PASSWORD = 'Nueva.Clave9';
const registration_body = (token: string) => ({
  token,
  first_name: 'Ana María',
  last_name: 'Núñez',
  rut_user: '',
  phone_number: '+56922223333',
  password: NEW_PASSWORD,
  password_confirmation: NEW_PASSWORD,
});

describe('invitation → mail → registration → sign-in', () => {
  test('the invited user registers through the mailed link and sees exactly the invited scope', async () => {
    const { demo, webUrl } = inject('portal');
    // A group of its own, with one society, so other tests adding societies elsewhere cannot change the scope seen.
    const newGroup = await call(groups.createGroup, {
      token: projectAdmin,
      body: {
        group_name: `Grupo ${randomUUID().slice(0, 8)}`,
        group_description: 'Invitados',
        project: demo.projects.andes,
      },
    });
    const { body: industries } = await call(societies.listIndustries, { token: projectAdmin });
    const society = await call(societies.createSociety, {
      token: projectAdmin,
      body: societyBody(newGroup.body.uuid, {
        society_business_name: `Sociedad ${randomUUID().slice(0, 8)} SpA`,
        company_code: 'INV',
        industry_type: industries[0]?.uuid as string,
        society_email: 'contacto@invitada.cl',
        society_rut: undefined,
      }),
    });
    expect(society.status).toBe(201);
    const email = newEmail('invitado');
    const invited = await call(registration.generateInvitation, {
      token: projectAdmin,
      body: { user_role: 'USER_GROUP', email, group: [newGroup.body.uuid] },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email,
      user_role: 'USER_GROUP',
      status: 'PENDING',
      group: [newGroup.body.uuid],
    });

    const mail = await waitForMail(email, 'Invitación a Contadores Andes');
    expect(mail.body.html).toContain('#005A9F');
    expect(mail.body.text).toContain(`${webUrl}/register/`);
    const token = tokenFrom(mail, 'register');

    const pending = await call(registration.listInvitations, { token: projectAdmin, query: { search: email } });
    expect(pending.body.results.map((i) => i.email)).toEqual([email]);

    const verified = await call(registration.verifyInvitation, { query: { token } });
    expect(verified.body).toMatchObject({ email, user_role: 'USER_GROUP', first_name: null, rut_user: null });
    const registered = await call(registration.registerInvitation, { body: registration_body(token) });
    expect(registered.status).toBe(201);

    const { access } = await signIn(email, NEW_PASSWORD);
    const info = await call(getUserInfo, { token: access });
    expect(info.body.profile.user_role).toBe('USER_GROUP');
    expect(info.body.user).toMatchObject({ first_name: 'Ana María', last_name: 'Núñez' });
    expect(info.body.groups.map((g) => g.uuid)).toEqual([newGroup.body.uuid]);
    expect(info.body.projects.map((p) => p.uuid)).toEqual([demo.projects.andes]);
    const mySocieties = await call(societies.listMySocieties, { token: access });
    expect(mySocieties.body.map((s) => s.uuid)).toEqual([society.body.uuid]);

    const group = await call(groups.getGroup, { token: superAdmin, params: { uuid: newGroup.body.uuid } });
    expect(group.body.user_group.map((u) => u.email)).toContain(email);
    expect(group.body.user).toContain(info.body.user.uuid);

    // The link is single-use, and says so: the account is active, sign in (not 'expired, ask again').
    expect((await call(registration.verifyInvitation, { query: { token } })).body).toEqual({ code: 'INVITATION_USED' });
    const again = await call(registration.registerInvitation, { body: registration_body(token) });
    expect([again.status, again.body]).toEqual([400, { code: 'INVITATION_USED' }]);
    expect(
      (await call(registration.listInvitations, { token: projectAdmin, query: { search: email } })).body.count,
    ).toBe(0);
  });

  test('a client invited with document access registers with it for the inviting firm; without it, none', async () => {
    const { demo } = inject('portal');
    const withAccess = newEmail('invitado');
    const without = newEmail('invitado');
    for (const [email, user_documentation] of [
      [withAccess, true],
      [without, false],
    ] as const) {
      const invited = await call(registration.generateInvitation, {
        token: superAdmin,
        body: { user_role: 'USER_SOCIETY', email, society: [demo.societies.comercial], user_documentation },
      });
      expect(invited.status).toBe(201);
      const token = await mailedInvitationToken(email);
      expect((await call(registration.registerInvitation, { body: registration_body(token) })).status).toBe(201);
    }
    const profile = async (email: string) =>
      (await call(getUserInfo, { token: (await signIn(email, NEW_PASSWORD)).access })).body.profile;
    expect((await profile(withAccess)).user_documentation).toBe(true);
    expect((await profile(without)).user_documentation).toBe(false);
    // An admin's invitation carries no flag: admins browse their scope's documents without one.
    const admin = newEmail('invitado');
    const invited = await call(registration.generateInvitation, {
      token: superAdmin,
      body: { user_role: 'PROJECT_ADMIN', email: admin, project: [demo.projects.andes], user_documentation: true },
    });
    expect(invited.status).toBe(201);
    const token = await mailedInvitationToken(admin);
    expect((await call(registration.registerInvitation, { body: registration_body(token) })).status).toBe(201);
    expect((await profile(admin)).user_documentation).toBe(false);
  });

  test('an expired link answers INVALID_TOKEN', async () => {
    const email = newEmail('invitado');
    const { demo } = inject('portal');
    await call(registration.generateInvitation, {
      token: superAdmin,
      body: { user_role: 'USER_SOCIETY', email, society: [demo.societies.comercial] },
    });
    const token = await mailedInvitationToken(email);
    const { dynamo, tableName } = await tableAccess();
    const { tokenHash } = await import('../../functions/lib/data/tokens');
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: `TOKEN#INVITE#${tokenHash(token)}`, sk: 'TOKEN' },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const verified = await call(registration.verifyInvitation, { query: { token } });
    expect(verified.status).toBe(400);
    expect(verified.body).toEqual({ code: 'INVALID_TOKEN' });
    expect((await call(registration.registerInvitation, { body: registration_body(token) })).status).toBe(400);
    // Nothing was created: the address can still not sign in.
    expect((await call(postToken, { body: { email, password: NEW_PASSWORD } })).status).toBe(401);
  });

  test('resend mails a new link and the old one stops working; delete withdraws it', async () => {
    const email = newEmail('invitado');
    const { demo } = inject('portal');
    const invited = await call(registration.generateInvitation, {
      token: groupAdmin,
      body: { user_role: 'USER_SOCIETY', email, society: [demo.societies.minera] },
    });
    const first = await mailedInvitationToken(email);
    const resent = await call(registration.resendInvitation, { token: groupAdmin, params: { id: invited.body.uuid } });
    expect(resent.status).toBe(200);
    const mails = await allMailTo(email);
    expect(mails).toHaveLength(2);
    const second = tokenFrom(mails[1] as (typeof mails)[number], 'register');
    expect(second).not.toBe(first);
    expect((await call(registration.verifyInvitation, { query: { token: first } })).status).toBe(400);
    expect((await call(registration.verifyInvitation, { query: { token: second } })).status).toBe(200);
    expect(
      (await call(registration.deleteInvitation, { token: groupAdmin, params: { id: invited.body.uuid } })).status,
    ).toBe(200);
    expect((await call(registration.verifyInvitation, { query: { token: second } })).status).toBe(400);
  });

  test('a known address answers "Usuario ya invitado y/o registrado" (400 USER_ALREADY_INVITED)', async () => {
    const { demo } = inject('portal');
    const registered = await call(registration.generateInvitation, {
      token: superAdmin,
      body: { user_role: 'USER_GROUP', email: 'grupo@demo.cl', group: [demo.groups.norte] },
    });
    expect(registered.status).toBe(400);
    expect(registered.body).toEqual({ code: 'USER_ALREADY_INVITED' });
    const email = newEmail('invitado');
    const body = { user_role: 'USER_GROUP' as const, email, group: [demo.groups.norte] };
    expect((await call(registration.generateInvitation, { token: superAdmin, body })).status).toBe(201);
    expect((await call(registration.generateInvitation, { token: superAdmin, body })).body).toEqual({
      code: 'USER_ALREADY_INVITED',
    });
  });

  test('who may invite whom, and where', async () => {
    const { demo } = inject('portal');
    const asProjectAdmin = (body: Record<string, unknown>) =>
      call(registration.generateInvitation, { token: projectAdmin, body: { email: newEmail('invitado'), ...body } });
    expect((await asProjectAdmin({ user_role: 'SUPER_ADMIN' })).status).toBe(403);
    expect((await asProjectAdmin({ user_role: 'PROJECT_ADMIN', project: [demo.projects.andes] })).status).toBe(403);
    const foreign = await asProjectAdmin({ user_role: 'USER_GROUP', group: [demo.groups.costa] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ group: ['FORMAT_NOT_ALLOWED'] });
    const noTargets = await asProjectAdmin({ user_role: 'USER_SOCIETY' });
    expect(noTargets.body.errors).toEqual({ society: ['REQUIRED'] });
    const byGroupAdmin = await call(registration.generateInvitation, {
      token: groupAdmin,
      body: { email: newEmail('invitado'), user_role: 'GROUP_ADMIN', group: [demo.groups.norte] },
    });
    expect(byGroupAdmin.status).toBe(403);
    const outsideGroup = await call(registration.generateInvitation, {
      token: groupAdmin,
      body: { email: newEmail('invitado'), user_role: 'USER_SOCIETY', society: [demo.societies.austral] },
    });
    expect(outsideGroup.body.errors).toEqual({ society: ['FORMAT_NOT_ALLOWED'] });
  });
});

describe('password recovery', () => {
  test('request → mail → confirm → reset → sign in with the new password; the link is single-use', async () => {
    const { email } = await createTestUser('USER_GROUP', [inject('portal').demo.projects.andes]);
    const asked = await call(registration.requestPasswordReset, { body: { email } });
    expect(asked.body).toEqual({ code: 'EMAIL_SENT' });
    const token = await mailedResetToken(email);
    expect((await call(registration.confirmPasswordReset, { query: { token } })).status).toBe(200);
    const reset = await call(registration.resetPassword, {
      body: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect((await call(postToken, { body: { email, password: DEMO_PASSWORD } })).status).toBe(401);
    expect((await call(postToken, { body: { email, password: NEW_PASSWORD } })).status).toBe(200);
    const again = await call(registration.resetPassword, {
      body: { token, password: 'Otra.Clave77', password_confirmation: 'Otra.Clave77' },
    });
    expect(again.body).toEqual({ code: 'INVALID_TOKEN' });
  });

  test('password and e-mail-change mails are branded like the invitation: logo inline, name, colours, tú', async () => {
    const { mailUrl, demo } = inject('portal');
    const { uuid, email } = await createTestUser('USER_GROUP', [demo.projects.andes]);
    await call(registration.requestPasswordReset, { body: { email } });
    const reset = await waitForMail(email, 'Recuperación de contraseña - Contadores Andes');
    const current = await call(users.getUser, { token: projectAdmin, params: { uuid } });
    const newAddress = newEmail('invitado');
    const changed = await call(users.patchUser, {
      token: projectAdmin,
      params: { uuid },
      body: { email: newAddress, version: current.body.version },
    });
    expect(changed.status).toBe(200);
    const confirm = await waitForMail(newAddress, 'Confirma tu nuevo correo - Contadores Andes');
    const notice = await waitForMail(email, 'Solicitud de cambio de correo - Contadores Andes');

    // The stored mails with their attachments, as the local SES keeps them.
    const { emails } = (await (await fetch(`${mailUrl}/store`)).json()) as {
      emails: Array<{
        messageId: string;
        attachments?: Array<{ contentId?: string; contentType: string; contentDisposition?: string; content: string }>;
      }>;
    };
    for (const mail of [reset, confirm, notice]) {
      const logo = emails.find((m) => m.messageId === mail.messageId)?.attachments?.find((a) => a.contentId === 'logo');
      expect(logo?.contentType, mail.subject).toBe('image/png');
      expect(logo?.contentDisposition, mail.subject).toBe('INLINE');
      // A PNG's signature: the project's logo itself travels, not an empty part.
      expect(
        Buffer.from(logo?.content ?? '', 'base64')
          .subarray(0, 8)
          .toString('hex'),
      ).toBe('89504e470d0a1a0a');
      const html = mail.body.html ?? '';
      expect(html).toContain('<img src="cid:logo" alt="Contadores Andes"');
      // Andes' primary and secondary colours, as in the invitation.
      expect(html).toContain('#005A9F');
      expect(html).toContain('#F2A900');
      expect(mail.body.text).toContain('Contadores Andes');
      // One form of address: tú.
      expect(mail.body.text, mail.subject).not.toMatch(
        /\b(usted|su cuenta|su correo|su navegador|copie|ingrese|solicitó usted)\b/i,
      );
    }
    expect(reset.body.text).toContain('tu cuenta en el portal de Contadores Andes');
    expect(notice.body.text).toContain('portal de Contadores Andes');
  });

  test('mismatched or weak passwords are refused with field codes', async () => {
    const mismatch = await call(registration.resetPassword, {
      body: { token: 'x'.repeat(43), password: NEW_PASSWORD, password_confirmation: 'Otra.Clave9' },
    });
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['FORMAT_ERROR'] });
    const weak = await call(registration.resetPassword, {
      body: { token: 'x'.repeat(43), password: 'abcdefgh', password_confirmation: 'abcdefgh' },
    });
    expect((weak.body.errors as Record<string, string[]>).password).toEqual(['FORMAT_ERROR']);
  });

  test('an unknown address answers EMAIL_SENT as a registered one does, and requests are throttled per address', async () => {
    const email = newEmail('invitado');
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(registration.requestPasswordReset, { body: { email } }));
    expect(answers.slice(0, 3).map((a) => a.body)).toEqual(Array(3).fill({ code: 'EMAIL_SENT' }));
    expect(answers[3]?.status).toBe(429);
    expect(answers[3]?.body.code).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('users administration', () => {
  test('a PROJECT_ADMIN lists only its project’s users, of the roles it manages', async () => {
    const { demo } = inject('portal');
    const { body } = await call(users.listUsers, { token: projectAdmin, query: { limit: 100 } });
    expect(body.results.length).toBeGreaterThan(0);
    const roles = new Set(body.results.map((u) => u.profile.user_role));
    expect(roles.has('SUPER_ADMIN')).toBe(false);
    expect(roles.has('PROJECT_ADMIN')).toBe(false);
    // Searched by address, so users that parallel tests add to the project cannot push it off the page.
    const mine = async (search: string) =>
      (await call(users.listUsers, { token: projectAdmin, query: { search } })).body.results.map((u) => u.email);
    expect(await mine('usuariogrupo@demo.cl')).toEqual(['usuariogrupo@demo.cl']);
    expect(await mine('superadmin@demo.cl')).toEqual([]);
    expect(await mine('proyecto@demo.cl')).toEqual([]);
    const foreign = await call(users.listUsers, { token: projectAdmin, query: { project: demo.projects.pacifico } });
    expect(foreign.status).toBe(404);
    const superAdminUser = demo.users['superadmin@demo.cl'] as string;
    expect((await call(users.getUser, { token: projectAdmin, params: { uuid: superAdminUser } })).status).toBe(404);
    const byRole = await call(users.listUsers, { token: superAdmin, query: { user_role: 'GROUP_ADMIN', limit: 100 } });
    expect(byRole.body.results.map((u) => u.email)).toContain('grupo@demo.cl');
    expect(byRole.body.results.filter((u) => u.profile.user_role !== 'GROUP_ADMIN')).toEqual([]);
    // A group's users are its admins and users, and the users of its societies.
    const inGroup = await call(users.listUsers, { token: superAdmin, query: { group: demo.groups.norte, limit: 100 } });
    expect(inGroup.body.results.map((u) => u.email).sort()).toEqual(
      expect.arrayContaining(['grupo@demo.cl', 'sociedad@demo.cl', 'usuariogrupo@demo.cl']),
    );
    expect(inGroup.body.results.map((u) => u.email)).not.toContain('proyecto@demo.cl');
    // A society's users are exactly the members its record lists (read back, not assumed: other files may add some).
    const inSociety = await call(users.listUsers, { token: superAdmin, query: { society: demo.societies.minera } });
    const minera = await call(societies.getSociety, { token: superAdmin, params: { uuid: demo.societies.minera } });
    expect(inSociety.body.results.map((u) => u.email)).toContain('sociedad@demo.cl');
    expect(inSociety.body.results.map((u) => u.uuid).sort()).toEqual([...minera.body.user].sort());
  });

  test('only SUPER_ADMIN changes a role (403 "Acción no permitida"); changes are partial; disabling blocks sign-in', async () => {
    const { uuid, email } = await createTestUser('USER_GROUP', [inject('portal').demo.projects.andes]);
    const refused = await call(users.patchUser, {
      token: projectAdmin,
      params: { uuid },
      body: { user_role: 'GROUP_ADMIN' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'ACTION_NOT_ALLOWED' });
    const edited = await call(users.patchUser, {
      token: projectAdmin,
      params: { uuid },
      body: { position: 'Contadora' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.profile.position).toBe('Contadora');
    expect(edited.body.first_name).toBe('Prueba');
    const badName = await call(users.patchUser, { token: projectAdmin, params: { uuid }, body: { first_name: 'A1' } });
    expect(badName.body.errors).toEqual({ first_name: ['ERROR_LENGTH', 'FORMAT_ERROR'] });
    const promoted = await call(users.patchUser, {
      token: superAdmin,
      params: { uuid },
      body: { user_role: 'GROUP_ADMIN' },
    });
    expect(promoted.body.profile.user_role).toBe('GROUP_ADMIN');

    expect(
      (await call(users.patchUser, { token: superAdmin, params: { uuid }, body: { enable: false } })).body.enable,
    ).toBe(false);
    const blocked = await call(postToken, { body: { email, password: DEMO_PASSWORD } });
    expect(blocked.status).toBe(401);
  });

  test('a RUT typed with dots and a phone with spaces are stored canonical; the user is found by the dotted RUT', async () => {
    const { uuid } = await createTestUser('USER_GROUP', [inject('portal').demo.projects.andes]);
    const body = String(30_000_000 + Math.floor(Math.random() * 40_000_000));
    const rut = `${body}-${rutCheckDigit(body)}`;
    const dotted = `${body.slice(0, 2)}.${body.slice(2, 5)}.${body.slice(5)}-${rutCheckDigit(body).toLowerCase()}`;
    const edited = await call(users.patchUser, {
      token: projectAdmin,
      params: { uuid },
      body: { rut_user: dotted, phone_number: '+56 9 8765 4321' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.profile.rut_user).toBe(rut);
    expect(edited.body.profile.phone_number).toBe('+56987654321');
    const found = await call(users.listUsers, { token: projectAdmin, query: { search: dotted, limit: 100 } });
    expect(found.body.results.map((u) => u.uuid)).toEqual([uuid]);
  });

  test('each successful sign-in is noted as the user’s last sign-in, null before the first; refusals are not', async () => {
    const { uuid, email } = await createTestUser('USER_GROUP', [inject('portal').demo.projects.andes]);
    const listed = async () => {
      const found = await call(users.listUsers, { token: projectAdmin, query: { search: email, limit: 100 } });
      expect(found.status).toBe(200);
      expect(found.body.results.map((u) => u.uuid)).toEqual([uuid]);
      return found.body.results[0] as (typeof found.body.results)[number];
    };
    const before = await listed();
    expect(before.last_login).toBeNull();
    // A wrong password is not a sign-in.
    expect((await call(postToken, { body: { email, password: 'Mala.Clave9' } })).status).toBe(401);
    expect((await listed()).last_login).toBeNull();

    const start = Date.now();
    await signIn(email);
    const first = await listed();
    expect(first.last_login).not.toBeNull();
    const firstAt = Date.parse(first.last_login as string);
    expect(firstAt).toBeGreaterThanOrEqual(start - 1000);
    expect(firstAt).toBeLessThanOrEqual(Date.now() + 1000);
    // Signing in is not an edit: the version and the list's 'updated' order stay.
    expect(first.version).toBe(before.version);
    expect(first.updated).toBe(before.updated);

    await new Promise((resolve) => setTimeout(resolve, 20));
    await signIn(email);
    const second = await listed();
    expect(Date.parse(second.last_login as string)).toBeGreaterThan(firstAt);
    const detail = await call(users.getUser, { token: projectAdmin, params: { uuid } });
    expect(detail.body.last_login).toBe(second.last_login);
  });

  test('deleting a project admin answers 409 USER_IS_ADMIN; a plain user is deleted everywhere', async () => {
    const { demo } = inject('portal');
    const admin = await call(users.deleteUser, {
      token: superAdmin,
      params: { uuid: demo.users['proyecto@demo.cl'] as string },
    });
    expect(admin.status).toBe(409);
    expect(admin.body).toEqual({ code: 'USER_IS_ADMIN' });

    const email = newEmail('invitado');
    await call(registration.generateInvitation, {
      token: superAdmin,
      body: { user_role: 'USER_SOCIETY', email, society: [demo.societies.austral] },
    });
    const token = await mailedInvitationToken(email);
    await call(registration.registerInvitation, { body: registration_body(token) });
    const { body: list } = await call(users.searchUsers, { token: superAdmin, query: { search: email } });
    const uuid = list.results[0]?.uuid as string;
    expect(
      (await call(societies.getSociety, { token: superAdmin, params: { uuid: demo.societies.austral } })).body.user,
    ).toContain(uuid);
    expect((await call(users.deleteUser, { token: superAdmin, params: { uuid } })).status).toBe(200);
    expect((await call(users.getUser, { token: superAdmin, params: { uuid } })).status).toBe(404);
    expect(
      (await call(societies.getSociety, { token: superAdmin, params: { uuid: demo.societies.austral } })).body.user,
    ).not.toContain(uuid);
    expect((await call(postToken, { body: { email, password: NEW_PASSWORD } })).status).toBe(401);
  });

  test('a signed-in user changes its password (PASSWORD_EXISTS when unchanged) and its avatar', async () => {
    const { email } = await createTestUser('USER_SOCIETY');
    const { access: first } = await signIn(email);
    const same = await call(users.updatePassword, {
      token: first,
      body: { current_password: DEMO_PASSWORD, password: DEMO_PASSWORD },
    });
    expect(same.body).toEqual({ code: 'PASSWORD_EXISTS' });
    const changed = await call(users.updatePassword, {
      token: first,
      body: { current_password: DEMO_PASSWORD, password: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    // The change ended every session (test/integration/sessions.test.ts); the new password signs in.
    const access = (await signIn(email, NEW_PASSWORD)).access;

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)]), 'avatar.png');
    const response = await fetch(`${inject('portal').apiUrl}/api/v1/users/user-profile/`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${access}` },
      body: form,
    });
    expect(response.status).toBe(200);
    const info = await call(getUserInfo, { token: access });
    expect(info.body.profile.image).toMatch(/^http/);
  });
});

describe('CSV import', () => {
  test('good rows become invitations; bad rows are reported and create nothing', async () => {
    const good = [newEmail('invitado'), newEmail('invitado')];
    // Bad rows with well-formed, unused addresses: had they slipped through, they would be findable below.
    const badRut = newEmail('invitado');
    const badGroup = newEmail('invitado');
    const badRole = newEmail('invitado');
    const badFormat = `no-es-correo-${randomUUID().slice(0, 8)}`;
    const csv = [
      'email,first_name,last_name,rut_user,user_role,project,group,society',
      `${good[0]},Pedro,Soto,,USER_GROUP,Contadores Andes,Grupo Norte,`,
      `${good[1]},Lucía,Rojas,12345678-5,USER_SOCIETY,,,${'76123456-0'}`,
      `${badFormat},Juan,Pérez,,USER_GROUP,Contadores Andes,Grupo Norte,`,
      `${badRut},Juan,Pérez,11111111-2,USER_GROUP,Contadores Andes,Grupo Norte,`,
      `${badGroup},Juan,Pérez,,USER_GROUP,Contadores Andes,Grupo Inexistente,`,
      `${badRole},Juan,Pérez,,SUPER_ADMIN,,,`,
      'grupo@demo.cl,Gabriela,Grupo,,USER_GROUP,Contadores Andes,Grupo Norte,',
    ].join('\n');
    const form = new FormData();
    form.append('file_csv', new Blob([csv], { type: 'text/csv' }), 'usuarios.csv');
    const response = await fetch(`${inject('portal').apiUrl}/api/v1/register/load-register/csv/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${projectAdmin}` },
      body: form,
    });
    const report = await response.json();
    expect(response.status).toBe(200);
    expect(report.created).toBe(2);
    expect(report.failed).toBe(4);
    expect(report.already_invited).toBe(1);
    expect(report.rows.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, 'CREATED'],
      [3, 'CREATED'],
      [4, 'FAILED'],
      [5, 'FAILED'],
      [6, 'FAILED'],
      [7, 'FAILED'],
      [8, 'ALREADY_INVITED'],
    ]);
    expect(report.rows[2].errors).toEqual({ email: ['FORMAT_ERROR'] });
    expect(report.rows[3].errors).toEqual({ rut_user: ['FORMAT_ERROR'] });
    expect(report.rows[4].errors).toEqual({ group: ['FORMAT_NOT_ALLOWED'] });
    expect(report.rows[5].errors).toEqual({ non_field_errors: ['ACTION_NOT_ALLOWED'] });
    expect(report.rows[6].errors).toEqual({ non_field_errors: ['USER_ALREADY_INVITED'] });
    for (const email of good) {
      await waitForMail(email, 'Invitación');
      const pending = await call(registration.listInvitations, { token: superAdmin, query: { search: email } });
      expect(pending.body.results.map((i) => i.email)).toEqual([email]);
    }
    // The bad rows left nothing behind: no invitation, no user, no mail.
    for (const email of [badRut, badGroup, badRole, badFormat]) {
      const invitations = await call(registration.listInvitations, { token: superAdmin, query: { search: email } });
      expect(invitations.status).toBe(200);
      expect(invitations.body.count, email).toBe(0);
      const found = await call(users.searchUsers, { token: superAdmin, query: { search: email } });
      expect(found.status).toBe(200);
      expect(found.body.count, email).toBe(0);
      expect(await allMailTo(email), email).toEqual([]);
    }
    // The registered address kept its one account and got no new invitation.
    const grupo = await call(users.searchUsers, { token: superAdmin, query: { search: 'grupo@demo.cl' } });
    expect(grupo.body.results.filter((u) => u.email === 'grupo@demo.cl')).toHaveLength(1);
    const grupoInvitations = await call(registration.listInvitations, {
      token: superAdmin,
      query: { search: 'grupo@demo.cl' },
    });
    expect(grupoInvitations.body.results.filter((i) => i.email === 'grupo@demo.cl')).toEqual([]);
  });

  test('what a row knows travels with the invitation, the link names the firm, and a re-import says who was already invited', async () => {
    const email = newEmail('invitado');
    const csv = [
      'email,first_name,last_name,rut_user,phone_number,user_role,project,group,society',
      `${email},Lucía,Rojas Peña,12.345.678-5,+56 9 5555 4444,USER_GROUP,Contadores Andes,Grupo Norte,`,
    ].join('\n');
    const upload = async () => {
      const form = new FormData();
      form.append('file_csv', new Blob([csv], { type: 'text/csv' }), 'usuarios.csv');
      const response = await fetch(`${inject('portal').apiUrl}/api/v1/register/load-register/csv/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${projectAdmin}` },
        body: form,
      });
      expect(response.status).toBe(200);
      return response.json();
    };
    expect(await upload()).toMatchObject({ created: 1, failed: 0, already_invited: 0 });
    const token = await mailedInvitationToken(email);
    const check = await call(registration.verifyInvitation, { query: { token } });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({
      email,
      user_role: 'USER_GROUP',
      first_name: 'Lucía',
      last_name: 'Rojas Peña',
      rut_user: '12345678-5',
      phone_number: '+56955554444',
      project: { project_name: 'Contadores Andes', primary_color: '#005A9F', secondary_color: '#F2A900' },
    });
    expect(check.body.project?.logo).toMatch(/^http/);

    const again = await upload();
    expect(again).toMatchObject({ created: 0, failed: 0, already_invited: 1 });
    expect(again.rows).toEqual([
      { row: 2, email, status: 'ALREADY_INVITED', errors: { non_field_errors: ['USER_ALREADY_INVITED'] } },
    ]);
  });
});
