import { randomUUID } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { postToken } from '../../shared/contracts/auth';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import * as registration from '../../shared/contracts/registration';
import * as societies from '../../shared/contracts/societies';
import * as users from '../../shared/contracts/users';
import { call, DEMO_PASSWORD, signIn } from '../helpers/api';
import { createTestUser, tableAccess, testUserRecord } from '../helpers/db';
import { unique } from '../helpers/fresh';
import { allMailTo, type CapturedMail, waitForMail } from '../helpers/mail';
import { newSociety } from '../helpers/societies';

/**
 * Finding 1 and "no lost writes": the caller's scope bounds every write, e-mail changes are confirmed, list
 * changes never overwrite each other, large memberships delete. Each test builds a project and groups of its own.
 */
let superAdmin: string;
let projectAdmin: string;

beforeAll(async () => {
  [superAdmin, projectAdmin] = await Promise.all([
    signIn('superadmin@demo.cl').then((t) => t.access),
    signIn('proyecto@demo.cl').then((t) => t.access),
  ]);
});

async function newProject() {
  const { status, body } = await call(projects.createProject, {
    token: superAdmin,
    body: {
      project_name: `Tenencia ${unique()}`,
      client_name: 'Cliente SpA',
      associated_service_description: 'Contabilidad',
      service_description: 'Portal',
    },
  });
  expect(status).toBe(201);
  return body.uuid;
}

async function newGroup(project: string, extra: { admin?: string[]; user?: string[] } = {}) {
  const { status, body } = await call(groups.createGroup, {
    token: superAdmin,
    body: { group_name: `Grupo ${unique()}`, group_description: 'Prueba', project, ...extra },
  });
  expect(status).toBe(201);
  return body.uuid;
}

/** The stored user record, read straight from the table (lists, version, e-mail as the login knows them). */
async function storedUser(uuid: string) {
  const { users: data } = await tableAccess();
  const user = await data.getUser(uuid);
  if (!user) throw new Error(`No user ${uuid}`);
  return user;
}

async function societyUsers(uuid: string) {
  return (await call(societies.getSociety, { token: superAdmin, params: { uuid } })).body.user;
}

/**
 * A project with two sibling groups: the GROUP_ADMIN administers the first; a victim belongs only to a society of the
 * sibling; a shared user belongs to a society of each; a member belongs only to the admin's society.
 */
async function siblingGroups() {
  const project = await newProject();
  const admin = await createTestUser('GROUP_ADMIN', [project]);
  const own = await newGroup(project, { admin: [admin.uuid] });
  const sibling = await newGroup(project);
  const [victim, shared, member] = await Promise.all([
    createTestUser('USER_SOCIETY', [project]),
    createTestUser('USER_SOCIETY', [project]),
    createTestUser('USER_SOCIETY', [project]),
  ]);
  const ownSociety = (await newSociety(superAdmin, own, { user: [shared.uuid, member.uuid] })).uuid;
  const siblingSociety = (await newSociety(superAdmin, sibling, { user: [victim.uuid, shared.uuid] })).uuid;
  const token = (await signIn(admin.email)).access;
  return { project, own, sibling, ownSociety, siblingSociety, victim, shared, member, token };
}

/** The audit items of an entity, oldest first. */
async function auditOf(uuid: string) {
  const { dynamo, tableName } = await tableAccess();
  const { Items = [] } = await dynamo.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `AUDIT#${uuid}` },
    }),
  );
  return Items as Array<{ action: string; actor_uuid: string; changes: Record<string, unknown[]> }>;
}

const confirmLink = (mail: CapturedMail) => {
  const match = /\/email_confirm\/([A-Za-z0-9_-]+)/.exec(mail.body.text ?? '');
  if (!match) throw new Error(`No /email_confirm/ link in "${mail.subject}"`);
  return match[1] as string;
};

describe('finding 1: a GROUP_ADMIN cannot take over a user of a sibling group', () => {
  test('the takeover chain, step by step, is refused and changes nothing', async () => {
    const t = await siblingGroups();
    const attacker = `atacante-${unique()}@prueba.cl`;

    // 1. The picker offers the admin's own people only, not the sibling group's.
    const offered = await call(societies.listSocietyUsersAvailable, { token: t.token, query: { limit: 100 } });
    expect(offered.status).toBe(200);
    const offeredIds = offered.body.results.map((u) => u.uuid);
    expect(offeredIds).toEqual(expect.arrayContaining([t.member.uuid, t.shared.uuid]));
    expect(offeredIds).not.toContain(t.victim.uuid);
    const searched = await call(societies.listSocietyUsersAvailable, {
      token: t.token,
      query: { search: t.victim.email, project: t.project },
    });
    expect(searched.body).toEqual({ count: 0, results: [] });

    // 2. Attaching the victim to the admin's society: 400 on the field, the society unchanged.
    const before = await societyUsers(t.ownSociety);
    const attach = await call(societies.patchSociety, {
      token: t.token,
      params: { uuid: t.ownSociety },
      body: { user: [...before, t.victim.uuid] },
    });
    expect(attach.status).toBe(400);
    expect(attach.body.errors).toEqual({ user: ['FORMAT_NOT_ALLOWED'] });
    expect(await societyUsers(t.ownSociety)).toEqual(before);
    expect((await storedUser(t.victim.uuid)).society_uuids).toEqual([t.siblingSociety]);

    // 3. The victim itself is out of reach: 404 on edit, e-mail and delete.
    for (const body of [{ society: [t.ownSociety] }, { email: attacker }]) {
      const patched = await call(users.patchUser, { token: t.token, params: { uuid: t.victim.uuid }, body });
      expect(patched.status).toBe(404);
    }
    expect((await call(users.deleteUser, { token: t.token, params: { uuid: t.victim.uuid } })).status).toBe(404);

    // 4. A user shared with the sibling group: the sibling membership survives any list the admin sends.
    const narrowed = await call(users.patchUser, {
      token: t.token,
      params: { uuid: t.shared.uuid },
      body: { society: [t.ownSociety] },
    });
    expect(narrowed.status).toBe(200);
    expect((await storedUser(t.shared.uuid)).society_uuids.sort()).toEqual([t.ownSociety, t.siblingSociety].sort());
    expect(await societyUsers(t.siblingSociety)).toContain(t.shared.uuid);

    // 5. ...and its login e-mail cannot be changed by this admin: 403, nothing written, no mail to the attacker.
    const sharedBefore = await storedUser(t.shared.uuid);
    const readdress = await call(users.patchUser, {
      token: t.token,
      params: { uuid: t.shared.uuid },
      body: { email: attacker },
    });
    expect(readdress.status).toBe(403);
    expect(readdress.body).toEqual({ code: 'ACTION_NOT_ALLOWED' });
    expect(await storedUser(t.shared.uuid)).toEqual(sharedBefore);

    // 6. The reset request for the attacker's address finds no account: no link is mailed to it.
    // (Every address gets the same answer; what matters is that none is mailed.)
    const reset = await call(registration.requestPasswordReset, { body: { email: attacker } });
    expect(reset.body).toEqual({ code: 'EMAIL_SENT' });
    expect(await allMailTo(attacker)).toEqual([]);
    expect((await call(postToken, { body: { email: t.shared.email, password: DEMO_PASSWORD } })).status).toBe(200);
  });

  test('disabling or deleting a user who also belongs outside answers 403 ACTION_NOT_ALLOWED and changes nothing', async () => {
    const t = await siblingGroups();
    const before = await storedUser(t.shared.uuid);
    const disable = await call(users.patchUser, {
      token: t.token,
      params: { uuid: t.shared.uuid },
      body: { enable: false },
    });
    expect(disable.status).toBe(403);
    expect(disable.body).toEqual({ code: 'ACTION_NOT_ALLOWED' });
    const remove = await call(users.deleteUser, { token: t.token, params: { uuid: t.shared.uuid } });
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual({ code: 'ACTION_NOT_ALLOWED' });
    expect(await storedUser(t.shared.uuid)).toEqual(before);
    expect(await societyUsers(t.siblingSociety)).toContain(t.shared.uuid);

    // A user wholly inside the admin's scope is disabled (its sessions end) and deleted as before.
    const disabled = await call(users.patchUser, {
      token: t.token,
      params: { uuid: t.member.uuid },
      body: { enable: false },
    });
    expect(disabled.status).toBe(200);
    const stored = await storedUser(t.member.uuid);
    expect(stored.enable).toBe(false);
    expect(stored.sessions_valid_after).toBeGreaterThan(0);
    expect((await call(users.deleteUser, { token: t.token, params: { uuid: t.member.uuid } })).status).toBe(200);
    expect(await societyUsers(t.ownSociety)).not.toContain(t.member.uuid);
  });

  test('removing the own society leaves the sibling membership, list and link untouched', async () => {
    const t = await siblingGroups();
    const removed = await call(users.patchUser, {
      token: t.token,
      params: { uuid: t.shared.uuid },
      body: { society: [] },
    });
    expect(removed.status).toBe(200);
    expect((await storedUser(t.shared.uuid)).society_uuids).toEqual([t.siblingSociety]);
    expect(await societyUsers(t.ownSociety)).not.toContain(t.shared.uuid);
    expect(await societyUsers(t.siblingSociety)).toContain(t.shared.uuid);
    const listed = await call(users.listUsers, { token: superAdmin, query: { society: t.siblingSociety } });
    expect(listed.body.results.map((u) => u.uuid)).toContain(t.shared.uuid);
    // Sending a sibling society it does not hold is refused: a GROUP_ADMIN adds only inside its groups.
    const grab = await call(users.patchUser, {
      token: t.token,
      params: { uuid: t.member.uuid },
      body: { society: [t.ownSociety, t.siblingSociety] },
    });
    expect(grab.status).toBe(400);
    expect((await storedUser(t.member.uuid)).society_uuids).toEqual([t.ownSociety]);
  });
});

describe('a PROJECT_ADMIN stays inside its project', () => {
  test('cannot pick or attach another project’s user; a user also of another project keeps that membership', async () => {
    const { demo } = inject('portal');
    const andes = demo.projects.andes;
    const foreign = await createTestUser('USER_SOCIETY', [demo.projects.pacifico]);
    const group = await newGroup(andes);
    const society = (await newSociety(superAdmin, group)).uuid;

    const picker = await call(societies.listSocietyUsersAvailable, {
      token: projectAdmin,
      query: { search: foreign.email },
    });
    expect(picker.body).toEqual({ count: 0, results: [] });
    const otherProject = await call(societies.listSocietyUsersAvailable, {
      token: projectAdmin,
      query: { project: demo.projects.pacifico },
    });
    expect(otherProject.body.count).toBe(0);
    const attach = await call(societies.patchSociety, {
      token: projectAdmin,
      params: { uuid: society },
      body: { user: [foreign.uuid] },
    });
    expect(attach.status).toBe(400);
    expect(await societyUsers(society)).toEqual([]);

    // A user of both projects: its other project is out of this admin's hands.
    const otherP = await newProject();
    const both = await createTestUser('USER_GROUP', [andes, otherP]);
    const before = await storedUser(both.uuid);
    for (const body of [{ enable: false }, { email: `otro-${unique()}@prueba.cl` }]) {
      const refused = await call(users.patchUser, { token: projectAdmin, params: { uuid: both.uuid }, body });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: 'ACTION_NOT_ALLOWED' });
    }
    expect((await call(users.deleteUser, { token: projectAdmin, params: { uuid: both.uuid } })).status).toBe(403);
    expect(await storedUser(both.uuid)).toEqual(before);
    const left = await call(users.patchUser, {
      token: projectAdmin,
      params: { uuid: both.uuid },
      body: { project: [] },
    });
    expect(left.status).toBe(200);
    expect((await storedUser(both.uuid)).project_uuids).toEqual([otherP]);
  });
});

describe('e-mail changes are confirmed by the new address', () => {
  test('link to the new address, notice to the old; the login moves only when the link is used', async () => {
    const project = await newProject();
    const group = await newGroup(project);
    const user = await createTestUser('USER_GROUP', [project]);
    await call(groups.patchGroup, { token: superAdmin, params: { uuid: group }, body: { user: [user.uuid] } });
    const next = `nuevo-${unique()}@prueba.cl`;

    const requested = await call(users.patchUser, {
      token: superAdmin,
      params: { uuid: user.uuid },
      body: { email: next, position: 'Contadora' },
    });
    expect(requested.status).toBe(200);
    expect(requested.body.email).toBe(user.email);
    expect(requested.body.pending_email).toBe(next);
    expect(requested.body.profile.position).toBe('Contadora');

    const link = confirmLink(await waitForMail(next, 'Confirma tu nuevo correo'));
    const notice = await waitForMail(user.email, 'Solicitud de cambio de correo');
    expect(notice.body.text).not.toContain('/email_confirm/');
    // Until confirmed: the old address is the login and the one a password link goes to.
    expect((await call(postToken, { body: { email: user.email, password: DEMO_PASSWORD } })).status).toBe(200);
    expect((await call(postToken, { body: { email: next, password: DEMO_PASSWORD } })).status).toBe(401);
    // Every address gets the same answer; no password link goes to the new one.
    expect((await call(registration.requestPasswordReset, { body: { email: next } })).body).toEqual({
      code: 'EMAIL_SENT',
    });
    expect((await allMailTo(next)).filter((mail) => mail.subject.startsWith('Recuperación'))).toEqual([]);

    const bad = await call(users.confirmEmailChange, { body: { token: `${link.slice(0, -4)}AAAA` } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'INVALID_TOKEN' });
    const confirmed = await call(users.confirmEmailChange, { body: { token: link } });
    expect(confirmed.status).toBe(200);
    expect((await call(users.confirmEmailChange, { body: { token: link } })).body).toEqual({ code: 'INVALID_TOKEN' });

    expect((await call(postToken, { body: { email: next, password: DEMO_PASSWORD } })).status).toBe(200);
    expect((await call(postToken, { body: { email: user.email, password: DEMO_PASSWORD } })).status).toBe(401);
    const stored = await storedUser(user.uuid);
    expect(stored).toMatchObject({ email: next, pending_email: null, group_uuids: [group] });
    // The lists show the new address (links rewritten), and the audit has both steps.
    const inGroup = await call(users.listUsers, { token: superAdmin, query: { group, search: next } });
    expect(inGroup.body.results.map((u) => u.uuid)).toEqual([user.uuid]);
    const changes = (await auditOf(user.uuid)).map((i) => i.changes);
    expect(changes.some((c) => c.pending_email?.[1] === next)).toBe(true);
    expect(changes.some((c) => c.email?.[0] === user.email && c.email?.[1] === next)).toBe(true);
  });

  test('a newer request voids the older link; an address in use is refused', async () => {
    const project = await newProject();
    const user = await createTestUser('USER_GROUP', [project]);
    const other = await createTestUser('USER_GROUP', [project]);
    const taken = await call(users.patchUser, {
      token: superAdmin,
      params: { uuid: user.uuid },
      body: { email: other.email },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ email: ['SAME_DATA'] });

    const first = `primero-${unique()}@prueba.cl`;
    const second = `segundo-${unique()}@prueba.cl`;
    await call(users.patchUser, { token: superAdmin, params: { uuid: user.uuid }, body: { email: first } });
    const firstLink = confirmLink(await waitForMail(first, 'Confirma tu nuevo correo'));
    await call(users.patchUser, { token: superAdmin, params: { uuid: user.uuid }, body: { email: second } });
    const secondLink = confirmLink(await waitForMail(second, 'Confirma tu nuevo correo'));
    expect((await call(users.confirmEmailChange, { body: { token: firstLink } })).body).toEqual({
      code: 'INVALID_TOKEN',
    });
    expect((await storedUser(user.uuid)).email).toBe(user.email);
    expect((await call(users.confirmEmailChange, { body: { token: secondLink } })).status).toBe(200);
    expect((await storedUser(user.uuid)).email).toBe(second);
  });
});

describe('no lost writes', () => {
  test('a group edit and a user edit at once: each answers 200 or 409 DATA_CONFLICT, and what answered 200 is kept', async () => {
    const project = await newProject();
    const group = await newGroup(project);
    const outcomes: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      const user = await createTestUser('USER_GROUP', [project]);
      const current = (await call(groups.getGroup, { token: superAdmin, params: { uuid: group } })).body.user;
      const position = `Cargo ${round}`;
      const [groupEdit, userEdit] = await Promise.all([
        call(groups.patchGroup, {
          token: superAdmin,
          params: { uuid: group },
          body: { user: [...current, user.uuid] },
        }),
        call(users.patchUser, { token: superAdmin, params: { uuid: user.uuid }, body: { position } }),
      ]);
      outcomes.push(`${groupEdit.status}/${userEdit.status}`);
      expect([200, 409]).toContain(groupEdit.status);
      expect([200, 409]).toContain(userEdit.status);
      expect(groupEdit.status === 200 || userEdit.status === 200).toBe(true);
      for (const answer of [groupEdit, userEdit])
        if (answer.status === 409) expect(answer.body.code).toBe('DATA_CONFLICT');
      const stored = await storedUser(user.uuid);
      const groupNow = (await call(groups.getGroup, { token: superAdmin, params: { uuid: group } })).body;
      // Both sides of the membership agree, and each write that answered 200 is there.
      expect(stored.group_uuids.includes(group)).toBe(groupNow.user.includes(user.uuid));
      expect(groupNow.user.includes(user.uuid)).toBe(groupEdit.status === 200);
      expect(stored.position).toBe(userEdit.status === 200 ? position : null);
    }
    console.info(`group edit / user edit outcomes: ${outcomes.join(', ')}`);
  });
});

describe('a join rewrites every entry of its user', () => {
  test('the entries written before a join name the new membership; a join built from a stale read answers 409', async () => {
    await tableAccess();
    const { readUserEntries, usersOfGroup, usersOfProject, addMembershipWrites } = await import(
      '../../functions/lib/data/user-listing'
    );
    const { transactWrite } = await import('../../functions/lib/data/transact');
    const project = await newProject();
    const [first, second] = [await newGroup(project), await newGroup(project)];
    const user = await createTestUser('USER_SOCIETY', [project]);
    const society = (await newSociety(superAdmin, first, { user: [user.uuid] })).uuid;
    const entryOf = async (directory: Parameters<typeof readUserEntries>[0][number]) =>
      (await readUserEntries([directory])).entries.find((e) => e.id === user.uuid)?.value;
    // The project's entry was written with the user, before the society existed: the join rewrote it.
    expect(await entryOf(usersOfProject(project))).toMatchObject({ p: [project], g: [], s: [society] });
    const other = (await newSociety(superAdmin, second, { user: [user.uuid] })).uuid;
    for (const directory of [usersOfProject(project), usersOfGroup(first), usersOfGroup(second)]) {
      expect(await entryOf(directory)).toMatchObject({ s: [society, other] });
    }

    // A join read before an edit of the user would list the old names everywhere: it is refused whole.
    const stale = await storedUser(user.uuid);
    const edited = await call(users.patchUser, {
      token: superAdmin,
      params: { uuid: user.uuid },
      body: { first_name: 'Editada' },
    });
    expect(edited.status).toBe(200);
    const third = await newGroup(project);
    await expect(
      transactWrite(await addMembershipWrites([stale], { field: 'group_uuids', uuid: third, project_uuid: project })),
    ).rejects.toMatchObject({ status: 409, code: 'DATA_CONFLICT' });
    expect((await storedUser(user.uuid)).group_uuids).toEqual([]);
    expect(await entryOf(usersOfProject(project))).toMatchObject({ f: 'Editada', g: [], s: [society, other] });
    expect(await entryOf(usersOfGroup(third))).toBeUndefined();
  });
});

describe('large memberships', () => {
  test('a group of 200 members is deleted, then its project with 200 plain members; nothing is left behind', async () => {
    const { dynamo, tableName, keys, users: data } = await tableAccess();
    const { readUserEntries, usersOfGroup, usersOfProject } = await import('../../functions/lib/data/user-listing');
    const project = await newProject();
    const group = await newGroup(project);
    const members: string[] = [];
    // Members are written straight through the data layer (an API edit adds a few at a time).
    for (let start = 0; start < 200; start += 25) {
      await Promise.all(
        Array.from({ length: 25 }, async () => {
          const uuid = randomUUID();
          members.push(uuid);
          await data.putNewUser(
            testUserRecord({
              uuid,
              email: `masivo-${uuid.slice(0, 12)}@prueba.cl`,
              first_name: 'Socio',
              last_name: 'Masivo',
              user_role: 'USER_GROUP',
            }),
            [
              { field: 'project_uuids', uuid: project, project_uuid: project },
              { field: 'group_uuids', uuid: group, project_uuid: project },
            ],
          );
        }),
      );
    }
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.group(group),
        UpdateExpression: 'SET #user = :members',
        ExpressionAttributeNames: { '#user': 'user' },
        ExpressionAttributeValues: { ':members': members },
      }),
    );
    expect((await call(groups.getGroup, { token: superAdmin, params: { uuid: group } })).body.user_quantity).toBe(200);

    // One edit cannot move 200 members in one transaction: a clear 400, nothing changed.
    const tooMany = await call(groups.patchGroup, { token: superAdmin, params: { uuid: group }, body: { user: [] } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ code: 'TOO_MANY_CHANGES' });
    expect((await call(groups.getGroup, { token: superAdmin, params: { uuid: group } })).body.user_quantity).toBe(200);

    const deleted = await call(groups.deleteGroup, { token: superAdmin, params: { uuid: group } });
    expect(deleted.status).toBe(200);
    expect((await call(groups.getGroup, { token: superAdmin, params: { uuid: group } })).status).toBe(404);
    expect((await readUserEntries([usersOfGroup(group)])).entries).toEqual([]);
    const afterGroup = await Promise.all(members.map((m) => storedUser(m)));
    expect(afterGroup.filter((u) => u.group_uuids.length > 0)).toEqual([]);
    expect(afterGroup.filter((u) => u.project_uuids[0] !== project)).toEqual([]);
    expect((await call(projects.getProject, { token: superAdmin, params: { uuid: project } })).body.groups).toBe(0);

    const projectDeleted = await call(projects.deleteProject, { token: superAdmin, params: { uuid: project } });
    expect(projectDeleted.status).toBe(200);
    expect((await readUserEntries([usersOfProject(project)])).entries).toEqual([]);
    const afterProject = await Promise.all(members.map((m) => storedUser(m)));
    expect(afterProject.filter((u) => u.project_uuids.length > 0)).toEqual([]);
  }, 120_000);
});

describe('invitations under races', () => {
  test('a resend racing a withdrawal leaves no ghost invitation; a resend is audited', async () => {
    const { demo } = inject('portal');
    const { dynamo, tableName, lib } = await tableAccess();
    const stored = async (uuid: string) =>
      (
        await dynamo.send(
          new lib.GetCommand({ TableName: tableName, Key: { pk: `INVITATION#${uuid}`, sk: 'INVITATION' } }),
        )
      ).Item;
    for (let round = 0; round < 4; round += 1) {
      const invited = await call(registration.generateInvitation, {
        token: superAdmin,
        body: { user_role: 'USER_SOCIETY', email: `carrera-${unique()}@prueba.cl`, society: [demo.societies.austral] },
      });
      expect(invited.status).toBe(201);
      const uuid = invited.body.uuid;
      const [resent, withdrawn] = await Promise.all([
        call(registration.resendInvitation, { token: superAdmin, params: { id: uuid } }),
        call(registration.deleteInvitation, { token: superAdmin, params: { id: uuid } }),
      ]);
      expect([200, 404, 409]).toContain(resent.status);
      expect([200, 404, 409]).toContain(withdrawn.status);
      if (withdrawn.status === 200) expect(await stored(uuid)).toBeUndefined();
      else expect(await stored(uuid)).toMatchObject({ uuid, email: invited.body.email });
      if (resent.status === 200) {
        expect((await auditOf(uuid)).some((i) => i.changes.resent !== undefined)).toBe(true);
      }
    }
  });
});

describe('audit of self-service changes', () => {
  test('an avatar change is audited with the caller as actor', async () => {
    const user = await createTestUser('USER_SOCIETY');
    const { access } = await signIn(user.email);
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
    const items = await auditOf(user.uuid);
    const image = (await storedUser(user.uuid)).image;
    expect(image).toBeTruthy();
    expect(items.filter((i) => i.changes.image)).toEqual([
      expect.objectContaining({ action: 'UPDATE', actor_uuid: user.uuid, changes: { image: [null, image] } }),
    ]);
  });
});
