import { getItems } from '../lib/data/list-index';
import { projectAdminKey } from '../lib/data/projects';
import { keys } from '../lib/data/table';
import type { TxWrite } from '../lib/data/tx-write';
import type { MembershipTarget, UserRecord } from '../lib/data/user-record';
import { appendMember, deleteKey, putNew, removeMemberAt } from '../lib/data/writes';
import { conflict } from '../lib/errors';

/**
 * The entity side of a user's memberships: a user joins or leaves a group's admin or user list, a society's user
 * list or a project's admin list (by its role), in the same transaction as its own lists.
 */
function memberList(role: UserRecord['user_role'], target: MembershipTarget) {
  if (target.field === 'group_uuids')
    return { key: keys.group(target.uuid), field: role === 'GROUP_ADMIN' ? 'admin' : 'user' };
  if (target.field === 'society_uuids') return { key: keys.society(target.uuid), field: 'user' };
  return role === 'PROJECT_ADMIN' ? { key: keys.project(target.uuid), field: 'admin' } : undefined;
}

/** Removes a user from an entity's member list, checking the position read (a concurrent change fails cleanly). */
export async function leaveWrites(user: UserRecord, target: Pick<MembershipTarget, 'field' | 'uuid'>) {
  const list = memberList(user.user_role, { ...target, project_uuid: '' });
  if (!list) return [];
  const entity = await getItems<Record<string, unknown>>([list.key]);
  const members = (entity[0]?.[list.field] as string[] | undefined) ?? [];
  const index = members.indexOf(user.uuid);
  const writes: TxWrite[] = index < 0 ? [] : [removeMemberAt(list.key, list.field, index, user.uuid)];
  if (user.user_role === 'PROJECT_ADMIN' && target.field === 'project_uuids')
    writes.push(deleteKey(projectAdminKey(user.uuid)));
  return writes;
}

export function joinWrites(user: UserRecord, target: MembershipTarget): TxWrite[] {
  const list = memberList(user.user_role, target);
  if (!list) return [];
  const writes = [appendMember(list.key, list.field, user.uuid)];
  if (user.user_role === 'PROJECT_ADMIN' && target.field === 'project_uuids') {
    writes.push(putNew({ ...projectAdminKey(user.uuid), owner_uuid: target.uuid }, () => conflict('ADMIN_ERROR')));
  }
  return writes;
}
