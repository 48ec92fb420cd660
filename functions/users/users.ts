import { AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { z } from 'zod';
import type { USER_ORDERINGS, userPatchSchema } from '../../shared/contracts/users';
import { INVITABLE_ROLES as INVITABLE } from '../../shared/roles';
import { deleteIdentity, setPassword } from '../lib/auth/identities';
import { CredentialsRefused, signIn } from '../lib/auth/sessions';
import { cognito } from '../lib/aws/cognito';
import { config } from '../lib/config';
import { auditWrite, diff, editAction, sentFields } from '../lib/data/audit';
import { type GroupRecord, getGroup } from '../lib/data/groups';
import { getItems, type IndexEntry, listPage, type Ordering, readIndex } from '../lib/data/list-index';
import { type ProjectRecord, projectAdminKey } from '../lib/data/projects';
import { getSociety, type SocietyRecord } from '../lib/data/societies';
import { keys, nowIso } from '../lib/data/table';
import { type TxWrite, transactWrite } from '../lib/data/transact';
import {
  getUser,
  linkItem,
  type MembershipTarget,
  removeMembershipWrites,
  type UserRecord,
  userItem,
} from '../lib/data/users';
import { appendMember, deleteKey, putNew, putVersioned } from '../lib/data/writes';
import { ApiError, conflict, fieldErrors, forbidden, notFound } from '../lib/errors';
import { assetUrl, deleteAsset, storeImage } from '../lib/files';
import type { UploadedFile } from '../lib/http/multipart';
import type { Caller } from '../lib/http/types';
import { groupInScope, projectInScope, seesEverything, societyInScope } from '../lib/scope';

/**
 * The rules of users (admin-area §2 to §8): an admin sees and changes only users of the roles it may invite, inside
 * its scope; SUPER_ADMIN alone changes a role; a user who administers a project or group cannot be deleted; disabling
 * blocks sign-in and live tokens (the authorizer reads enable on every request).
 */
type PatchInput = z.output<typeof userPatchSchema>;

/** Whether the caller may see and manage this user. */
async function userInScope(caller: Caller, user: UserRecord): Promise<boolean> {
  if (seesEverything(caller)) return true;
  if (!INVITABLE[caller.role].includes(user.user_role)) return false;
  if (user.project_uuids.some((p) => projectInScope(caller, p))) return true;
  if (caller.role !== 'GROUP_ADMIN') return false;
  if (user.group_uuids.some((g) => caller.user.group_uuids.includes(g))) return true;
  const societies = await getItems<SocietyRecord>(user.society_uuids.map((s) => keys.society(s)));
  return societies.some((s) => societyInScope(caller, s));
}

export async function requireUser(caller: Caller, uuid: string): Promise<UserRecord> {
  const user = await getUser(uuid);
  if (!user || !(await userInScope(caller, user))) throw notFound();
  return user;
}

/** A user as the API shows it (admin-area §3), with the names of its projects, groups and societies. */
export async function userViews(users: UserRecord[]) {
  const unique = (list: string[]) => [...new Set(list)];
  const [projects, groups, societies] = await Promise.all([
    getItems<ProjectRecord>(unique(users.flatMap((u) => u.project_uuids)).map((p) => keys.project(p))),
    getItems<GroupRecord>(unique(users.flatMap((u) => u.group_uuids)).map((g) => keys.group(g))),
    getItems<SocietyRecord>(unique(users.flatMap((u) => u.society_uuids)).map((s) => keys.society(s))),
  ]);
  const name = <T extends { uuid: string }>(items: T[], field: keyof T & string) =>
    new Map(items.map((i) => [i.uuid, { uuid: i.uuid, [field]: String(i[field]) }]));
  const projectNames = name(projects, 'project_name');
  const groupNames = name(groups, 'group_name');
  const societyNames = name(societies, 'society_business_name');
  const pick = (map: Map<string, { uuid: string }>, uuids: string[]) => uuids.flatMap((u) => map.get(u) ?? []);
  return Promise.all(
    users.map(async (u) => ({
      uuid: u.uuid,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      enable: u.enable,
      is_active: u.enable,
      created: u.created,
      updated: u.updated ?? u.created,
      version: u.version,
      profile: {
        user_role: u.user_role,
        rut_user: u.rut_user,
        phone_number: u.phone_number,
        user_description: u.user_description,
        position: u.position,
        user_magnus: u.user_magnus,
        user_documentation: u.user_documentation,
        image: await assetUrl(u.image),
      },
      project: pick(projectNames, u.project_uuids),
      group: pick(groupNames, u.group_uuids),
      society: pick(societyNames, u.society_uuids),
    })),
  );
}

export type UserView = Awaited<ReturnType<typeof userViews>>[number];

export async function userView(user: UserRecord): Promise<UserView> {
  return (await userViews([user]))[0] as UserView;
}

const ORDERINGS: Record<(typeof USER_ORDERINGS)[number], Ordering> = {
  '-updated': { field: 'updated', descending: true },
  first_name: { field: 'name_sort', descending: false },
  '-first_name': { field: 'name_sort', descending: true },
  last_name: { field: 'last_name_sort', descending: false },
  '-last_name': { field: 'last_name_sort', descending: true },
  email: { field: 'email', descending: false },
  '-email': { field: 'email', descending: true },
  is_active: { field: 'enable', descending: true },
  '-is_active': { field: 'enable', descending: false },
};

export const userOrdering = (ordering: (typeof USER_ORDERINGS)[number] | undefined) =>
  ORDERINGS[ordering ?? '-updated'];

/**
 * Listing entries of the users a caller may list: of one society, group or project (404 outside scope), or of its
 * whole scope; one entry per user, of the roles it manages.
 */
export async function userEntriesInScope(
  caller: Caller,
  filter: { project?: string; group?: string; society?: string; user_role?: string },
): Promise<IndexEntry[]> {
  let entries: IndexEntry[];
  if (filter.society) {
    const society = await getSociety(filter.society);
    if (!society || !societyInScope(caller, society)) throw notFound();
    entries = await readIndex('gsi3', `SOCIETY#${society.uuid}#USERS`);
  } else if (filter.group) {
    const group = await getGroup(filter.group);
    if (!group || !groupInScope(caller, group)) throw notFound();
    entries = await readIndex('gsi2', `GROUP#${group.uuid}#USERS`);
  } else if (filter.project) {
    if (!projectInScope(caller, filter.project)) throw notFound();
    entries = await readIndex('gsi1', `PROJECT#${filter.project}#USERS`);
  } else if (seesEverything(caller)) {
    entries = await readIndex('gsi3', 'USERS');
  } else if (caller.role === 'PROJECT_ADMIN') {
    entries = (await Promise.all(caller.user.project_uuids.map((p) => readIndex('gsi1', `PROJECT#${p}#USERS`)))).flat();
  } else {
    entries = (await Promise.all(caller.user.group_uuids.map((g) => readIndex('gsi2', `GROUP#${g}#USERS`)))).flat();
  }
  const allowed = seesEverything(caller) ? undefined : INVITABLE[caller.role];
  const seen = new Set<string>();
  return entries.filter((e) => {
    if (seen.has(e.uuid)) return false;
    seen.add(e.uuid);
    const role = e.user_role as UserRecord['user_role'];
    return (!filter.user_role || role === filter.user_role) && (!allowed || allowed.includes(role));
  });
}

/** The membership targets of a user form's lists, each checked against the caller's scope. */
async function targetsOf(caller: Caller, field: 'project' | 'group' | 'society', uuids: string[]) {
  const bad = () => fieldErrors({ [field]: ['FORMAT_NOT_ALLOWED'] });
  if (field === 'project') {
    if (!uuids.every((p) => projectInScope(caller, p))) throw bad();
    return uuids.map((uuid): MembershipTarget => ({ field: 'project_uuids', uuid, project_uuid: uuid }));
  }
  if (field === 'group') {
    const groups = await Promise.all(uuids.map(getGroup));
    if (!groups.every((g): g is GroupRecord => Boolean(g && groupInScope(caller, g)))) throw bad();
    return groups.map((g): MembershipTarget => ({ field: 'group_uuids', uuid: g.uuid, project_uuid: g.project_uuid }));
  }
  const societies = await Promise.all(uuids.map(getSociety));
  if (!societies.every((s): s is SocietyRecord => Boolean(s && societyInScope(caller, s)))) throw bad();
  return societies.map(
    (s): MembershipTarget => ({
      field: 'society_uuids',
      uuid: s.uuid,
      project_uuid: s.project_uuid,
      group_uuid: s.group_uuid,
    }),
  );
}

/** The entity member list a membership belongs to, by the user's role (group admins vs group users...). */
function memberList(role: UserRecord['user_role'], target: MembershipTarget) {
  if (target.field === 'group_uuids')
    return { key: keys.group(target.uuid), field: role === 'GROUP_ADMIN' ? 'admin' : 'user' };
  if (target.field === 'society_uuids') return { key: keys.society(target.uuid), field: 'user' };
  return role === 'PROJECT_ADMIN' ? { key: keys.project(target.uuid), field: 'admin' } : undefined;
}

/** Removes a user from an entity's member list, checking the position read (a concurrent change fails cleanly). */
async function leaveWrites(user: UserRecord, target: MembershipTarget): Promise<TxWrite[]> {
  const list = memberList(user.user_role, target);
  if (!list) return [];
  const entity = await getItems<Record<string, unknown>>([list.key]);
  const members = (entity[0]?.[list.field] as string[] | undefined) ?? [];
  const index = members.indexOf(user.uuid);
  const writes: TxWrite[] =
    index < 0
      ? []
      : [
          {
            write: {
              Update: {
                TableName: config.tableName,
                Key: list.key,
                UpdateExpression: `REMOVE #field[${index}] SET version = version + :one`,
                ConditionExpression: `#field[${index}] = :id`,
                ExpressionAttributeNames: { '#field': list.field },
                ExpressionAttributeValues: { ':id': user.uuid, ':one': 1 },
              },
            },
            onConditionFail: () => conflict('DATA_CONFLICT'),
          },
        ];
  if (user.user_role === 'PROJECT_ADMIN' && target.field === 'project_uuids')
    writes.push(deleteKey(projectAdminKey(user.uuid)));
  return writes;
}

function joinWrites(user: UserRecord, target: MembershipTarget): TxWrite[] {
  const list = memberList(user.user_role, target);
  if (!list) return [];
  const writes = [appendMember(list.key, list.field, user.uuid)];
  if (user.user_role === 'PROJECT_ADMIN' && target.field === 'project_uuids') {
    writes.push(putNew({ ...projectAdminKey(user.uuid), owner_uuid: target.uuid }, () => conflict('ADMIN_ERROR')));
  }
  return writes;
}

const FIELD_OF = { project: 'project_uuids', group: 'group_uuids', society: 'society_uuids' } as const;

export async function patchUser(caller: Caller, uuid: string, input: PatchInput) {
  const before = await requireUser(caller, uuid);
  if (input.user_role !== undefined && input.user_role !== before.user_role && caller.role !== 'SUPER_ADMIN') {
    throw forbidden();
  }
  if (input.version !== undefined && input.version !== before.version) throw conflict('DATA_CONFLICT');
  const { version: _v, project, group, society, ...fields } = input;
  const after: UserRecord = {
    ...before,
    ...(sentFields(fields) as Partial<UserRecord>),
    updated: nowIso(),
    version: before.version + 1,
  };
  const writes: TxWrite[] = [];
  const joined: MembershipTarget[] = [];
  for (const [name, uuids] of Object.entries({ project, group, society }) as Array<
    [keyof typeof FIELD_OF, string[] | undefined]
  >) {
    if (!uuids) continue;
    const field = FIELD_OF[name];
    const targets = await targetsOf(caller, name, uuids);
    const added = targets.filter((t) => !before[field].includes(t.uuid));
    const removed = before[field].filter((u) => !uuids.includes(u));
    after[field] = targets.map((t) => t.uuid);
    joined.push(...added);
    for (const target of added) writes.push(...joinWrites(after, target));
    for (const removedUuid of removed) {
      const target: MembershipTarget = { field, uuid: removedUuid, project_uuid: '' };
      // The user's own lists are rewritten whole below; of the removal writes only the link's delete is needed.
      writes.push(...(await leaveWrites(before, target)), ...removeMembershipWrites([before], target).slice(1));
    }
  }
  const { updated: _u, version: _ver, ...comparable } = after;
  const changes = diff(before as unknown as Record<string, unknown>, comparable);
  writes.unshift(putVersioned(userItem(after), before.version));
  if (before.email !== after.email) {
    writes.push(
      deleteKey(keys.unique('EMAIL', before.email)),
      putNew({ ...keys.unique('EMAIL', after.email), owner_uuid: uuid }, () => fieldErrors({ email: ['SAME_DATA'] })),
    );
  }
  // Links carry the user's list attributes: every link of the user is rewritten with the new ones.
  const kept = (await existingTargets(after)).filter((t) => !joined.some((j) => j.uuid === t.uuid));
  writes.push(
    ...[...kept, ...joined].map((t) => ({ write: { Put: { TableName: config.tableName, Item: linkItem(after, t) } } })),
  );
  writes.push(auditWrite(config.tableName, caller, editAction(changes), { type: 'USER', uuid }, changes));
  await transactWrite(writes);
  if (before.email !== after.email) {
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: config.userPoolId,
        Username: uuid,
        UserAttributes: [{ Name: 'email', Value: after.email }],
      }),
    );
  }
  return userView(after);
}

/** The membership targets a user record holds now, with the parents its links need. */
async function existingTargets(user: UserRecord): Promise<MembershipTarget[]> {
  const [groups, societies] = await Promise.all([
    getItems<GroupRecord>(user.group_uuids.map((g) => keys.group(g))),
    getItems<SocietyRecord>(user.society_uuids.map((s) => keys.society(s))),
  ]);
  return [
    ...user.project_uuids.map((uuid): MembershipTarget => ({ field: 'project_uuids', uuid, project_uuid: uuid })),
    ...groups.map((g): MembershipTarget => ({ field: 'group_uuids', uuid: g.uuid, project_uuid: g.project_uuid })),
    ...societies.map(
      (s): MembershipTarget => ({
        field: 'society_uuids',
        uuid: s.uuid,
        project_uuid: s.project_uuid,
        group_uuid: s.group_uuid,
      }),
    ),
  ];
}

/** Whether the user administers a project or a group (then it cannot be deleted: 409 USER_IS_ADMIN). */
function administers(user: UserRecord): boolean {
  return (
    (user.user_role === 'PROJECT_ADMIN' && user.project_uuids.length > 0) ||
    (user.user_role === 'GROUP_ADMIN' && user.group_uuids.length > 0)
  );
}

export async function deleteUser(caller: Caller, uuid: string) {
  const user = await requireUser(caller, uuid);
  if (uuid === caller.user.uuid) throw forbidden();
  if (administers(user)) throw conflict('USER_IS_ADMIN');
  const targets = await existingTargets(user);
  const writes: TxWrite[] = [
    {
      write: {
        Delete: {
          TableName: config.tableName,
          Key: keys.user(uuid),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': user.version },
        },
      },
      onConditionFail: () => conflict('DATA_CONFLICT'),
    },
    deleteKey(keys.unique('EMAIL', user.email)),
    auditWrite(config.tableName, caller, 'DELETE', { type: 'USER', uuid }, diff({ ...user }, {})),
  ];
  for (const target of targets) {
    writes.push(...(await leaveWrites(user, target)), ...removeMembershipWrites([user], target).slice(1));
  }
  await transactWrite(writes);
  await deleteIdentity(uuid);
  await deleteAsset(user.image);
  return { detail: 'ok' };
}

/** The caller's own avatar: an image, replaced only once the new one is saved. */
export async function changeAvatar(caller: Caller, files: UploadedFile[]) {
  const file = files.find((f) => f.field === 'image');
  if (!file) throw fieldErrors({ image: ['REQUIRED'] });
  const key = await storeImage(`avatars/${caller.user.uuid}`, file);
  const after = { ...caller.user, image: key, updated: nowIso(), version: caller.user.version + 1 };
  try {
    await transactWrite([putVersioned(userItem(after), caller.user.version)]);
  } catch (error) {
    await deleteAsset(key);
    throw error;
  }
  await deleteAsset(caller.user.image);
  return { image: await assetUrl(key) };
}

/** A new password for the caller; the current one is refused (PASSWORD_EXISTS), found by trying it. */
export async function changePassword(caller: Caller, password: string) {
  const same = await signIn(caller.user.uuid, password).then(
    () => true,
    (error) => {
      if (error instanceof CredentialsRefused) return false;
      throw error;
    },
  );
  if (same) throw new ApiError(400, 'PASSWORD_EXISTS');
  await setPassword(caller.user.uuid, password);
  return { detail: 'ok' };
}

/** A page of the users list (and of its search twin). */
export async function pageUsers(
  caller: Caller,
  query: Parameters<typeof userEntriesInScope>[1] & {
    ordering?: (typeof USER_ORDERINGS)[number];
    search?: string;
    offset: number;
    limit: number;
  },
) {
  const { count, items } = await listPage<UserRecord>(
    await userEntriesInScope(caller, query),
    { ...query, ordering: userOrdering(query.ordering) },
    keys.user,
  );
  return { count, results: await userViews(items) };
}
