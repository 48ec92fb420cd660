import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import { DEFAULT_COLOR } from '../../shared/contracts/fields';
import type { groupCreateSchema, groupPatchSchema } from '../../shared/contracts/groups';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import { auditWrite, diff, editAction, sentFields } from '../lib/data/audit';
import { detachMembers } from '../lib/data/detach';
import { type GroupRecord, getGroup, groupItem, groupListingWrites, groupNameKey } from '../lib/data/groups';
import { getItems } from '../lib/data/list-index';
import { readSocietyEntries, societiesOfGroup } from '../lib/data/societies';
import { keys, nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import type { TxWrite } from '../lib/data/tx-write';
import {
  addMembershipWrites,
  personOfEntry,
  readUserEntries,
  removeMembershipWrites,
  usersOfGroup,
} from '../lib/data/user-listing';
import type { UserRecord } from '../lib/data/user-record';
import { loadMembers } from '../lib/data/users';
import { bumpCounter, deleteKey, deleteWhen, putNew, putVersioned } from '../lib/data/writes';
import { conflict, fieldErrors, notFound } from '../lib/errors';
import { groupInScope, projectInScope } from '../lib/scope';
import { reachedBy } from '../lib/user-reach';

import { type GroupView, groupViews } from './group-lists';

/**
 * The rules of society groups (admin-area §2 to §6): a name unique within its project, admins (GROUP_ADMIN) and users
 * (USER_GROUP) of that project, counters on the project, scope, versions, audit.
 */
type CreateInput = z.output<typeof groupCreateSchema>;
type PatchInput = z.output<typeof groupPatchSchema>;

const groupTarget = (group: GroupRecord) => ({
  field: 'group_uuids' as const,
  uuid: group.uuid,
  project_uuid: group.project_uuid,
});
const sameName = () => fieldErrors({ group_name: ['SAME_DATA'] });

export async function requireGroup(caller: Caller, uuid: string): Promise<GroupRecord> {
  const group = await getGroup(uuid);
  if (!group || !groupInScope(caller, group)) throw notFound();
  return group;
}

async function oneView(group: GroupRecord): Promise<GroupView> {
  return (await groupViews([group]))[0] as GroupView;
}

export async function createGroup(caller: Caller, input: CreateInput) {
  // The same answer for a project that does not exist and one outside the caller's scope: nothing leaks.
  if (!projectInScope(caller, input.project)) throw fieldErrors({ project: ['FORMAT_NOT_ALLOWED'] });
  const [admins, users] = await Promise.all([
    loadMembers('admin', input.admin ?? [], {
      role: 'GROUP_ADMIN',
      projectUuid: input.project,
      reaches: reachedBy(caller),
    }),
    loadMembers('user', input.user ?? [], {
      role: 'USER_GROUP',
      projectUuid: input.project,
      reaches: reachedBy(caller),
    }),
  ]);
  const now = nowIso();
  const group: GroupRecord = {
    uuid: randomUUID(),
    group_name: input.group_name,
    group_description: input.group_description,
    project_uuid: input.project,
    admin: admins.map((a) => a.uuid),
    user: users.map((u) => u.uuid),
    primary_color: input.primary_color ?? DEFAULT_COLOR,
    enable: input.enable ?? true,
    created: now,
    updated: now,
    version: 1,
    society_quantity: 0,
  };
  await transactWrite([
    putNew(groupItem(group)),
    ...groupListingWrites(undefined, group),
    putNew({ ...groupNameKey(group.project_uuid, group.group_name), owner_uuid: group.uuid }, sameName),
    {
      ...bumpCounter(keys.project(group.project_uuid), 'groups', 1),
      onConditionFail: () => fieldErrors({ project: ['FORMAT_NOT_ALLOWED'] }),
    },
    ...(await addMembershipWrites([...admins, ...users], groupTarget(group))),
    auditWrite(config.tableName, caller, 'CREATE', { type: 'GROUP', uuid: group.uuid }, diff({}, { ...group })),
  ]);
  return oneView(group);
}

export async function patchGroup(caller: Caller, uuid: string, input: PatchInput) {
  const before = await requireGroup(caller, uuid);
  if (input.version !== undefined && input.version !== before.version) throw conflict('DATA_CONFLICT');
  // A group stays in its project: moving it would carry its societies and their documents along.
  if (input.project !== undefined && input.project !== before.project_uuid) {
    throw fieldErrors({ project: ['FORMAT_NOT_ALLOWED'] });
  }
  const { version: _v, project: _p, admin, user, ...fields } = input;
  const [admins, users] = await Promise.all([
    admin
      ? loadMembers('admin', admin, {
          role: 'GROUP_ADMIN',
          projectUuid: before.project_uuid,
          reaches: reachedBy(caller),
          kept: before.admin,
        })
      : undefined,
    user
      ? loadMembers('user', user, {
          role: 'USER_GROUP',
          projectUuid: before.project_uuid,
          reaches: reachedBy(caller),
          kept: before.user,
        })
      : undefined,
  ]);
  const after: GroupRecord = {
    ...before,
    ...(sentFields(fields) as Partial<GroupRecord>),
    ...(admins && { admin: admins.map((a) => a.uuid) }),
    ...(users && { user: users.map((u) => u.uuid) }),
    updated: nowIso(),
    version: before.version + 1,
  };
  const { updated: _u, version: _ver, ...comparable } = after;
  const changes = diff(before as unknown as Record<string, unknown>, comparable);
  const writes: TxWrite[] = [putVersioned(groupItem(after), before.version), ...groupListingWrites(before, after)];
  const oldName = groupNameKey(before.project_uuid, before.group_name);
  const newName = groupNameKey(after.project_uuid, after.group_name);
  if (oldName.pk !== newName.pk) {
    writes.push(deleteKey(oldName), putNew({ ...newName, owner_uuid: uuid }, sameName));
  }
  const members = (g: GroupRecord) => [...g.admin, ...g.user];
  const added = members(after).filter((m) => !members(before).includes(m));
  const removed = members(before).filter((m) => !members(after).includes(m));
  const removedUsers = await getItems<UserRecord>(removed.map((r) => keys.user(r)));
  writes.push(
    ...(await addMembershipWrites(
      [...(admins ?? []), ...(users ?? [])].filter((u) => added.includes(u.uuid)),
      groupTarget(after),
    )),
    ...removeMembershipWrites(removedUsers, groupTarget(after)),
    auditWrite(config.tableName, caller, editAction(changes), { type: 'GROUP', uuid }, changes),
  );
  await transactWrite(writes);
  return oneView(after);
}

/**
 * Refused while the group holds societies (409 GROUP_NOT_EMPTY); its members lose the membership. Members are detached
 * first, in batches (detachMembers), then the emptied group goes in one transaction: any number of members works.
 */
export async function deleteGroup(caller: Caller, uuid: string) {
  const group = await requireGroup(caller, uuid);
  const lastVersion = await detachMembers({
    key: keys.group(uuid),
    lists: ['admin', 'user'],
    target: groupTarget(group),
    guard: { expression: 'society_quantity = :zero', values: { ':zero': 0 } },
    refusal: (g) => (g.society_quantity === 0 ? undefined : conflict('GROUP_NOT_EMPTY')),
  });
  await transactWrite([
    deleteWhen(
      keys.group(uuid),
      {
        expression: 'society_quantity = :zero AND version = :version',
        values: { ':zero': 0, ':version': lastVersion },
      },
      () => conflict('GROUP_NOT_EMPTY'),
    ),
    ...groupListingWrites(group, undefined),
    deleteKey(groupNameKey(group.project_uuid, group.group_name)),
    bumpCounter(keys.project(group.project_uuid), 'groups', -1),
    // The audit keeps the group as it was before its members were detached.
    auditWrite(config.tableName, caller, 'DELETE', { type: 'GROUP', uuid }, diff({ ...group }, {})),
  ]);
  return { detail: 'ok' };
}

/**
 * One group with its societies and people, from its listing directories (one call beside the group's Get): admins
 * and users of the group, and the users of its societies (USER_SOCIETY entries of the group's users directory).
 */
export async function getGroupDetail(caller: Caller, uuid: string) {
  const group = await requireGroup(caller, uuid);
  const [{ entries: societies }, { entries: people }, view] = await Promise.all([
    readSocietyEntries([societiesOfGroup(uuid)]),
    readUserEntries([usersOfGroup(uuid)]),
    oneView(group),
  ]);
  const byName = (a: { value: { s?: string; a?: string } }, b: { value: { s?: string; a?: string } }) =>
    (a.value.s ?? a.value.a ?? '').localeCompare(b.value.s ?? b.value.a ?? '');
  const withRole = (ids: string[]) => people.filter((p) => ids.includes(p.id)).map(personOfEntry);
  return {
    ...view,
    societies: societies
      .sort(byName)
      .map((e) => ({ uuid: e.id, society_business_name: e.value.n, society_rut: e.value.r })),
    admin_list: withRole(group.admin),
    user_group: withRole(group.user),
    user_society: people.filter((p) => p.value.r === 'USER_SOCIETY').map(personOfEntry),
  };
}
