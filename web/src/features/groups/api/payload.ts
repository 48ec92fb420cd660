import type { BodyInputOf, ResponseOf } from '@shared/contracts/define';
import type { createGroup, getGroup, patchGroup } from '@shared/contracts/groups';

export type GroupDetail = ResponseOf<typeof getGroup>;

/** The values of the group form (admin-area §3, §5). */
export interface GroupValues {
  group_name: string;
  group_description: string;
  project: string;
  admin: string[];
  user: string[];
}

export const EMPTY_GROUP: GroupValues = { group_name: '', group_description: '', project: '', admin: [], user: [] };

export function valuesFromGroup(group: GroupDetail): GroupValues {
  return {
    group_name: group.group_name,
    group_description: group.group_description,
    project: group.project.uuid,
    admin: [...group.admin],
    user: [...group.user],
  };
}

/** POST body: the admin and user lists are omitted when empty (admin-area §5). */
export function createGroupBody(values: GroupValues): BodyInputOf<typeof createGroup> {
  return {
    group_name: values.group_name.trim(),
    group_description: values.group_description.trim(),
    project: values.project,
    ...(values.admin.length > 0 && { admin: values.admin }),
    ...(values.user.length > 0 && { user: values.user }),
  };
}

/**
 * PATCH body with the version loaded. The lists are omitted when empty, except when the group had members there:
 * then an empty list is sent, which is the only way to take the last one out.
 */
export function patchGroupBody(
  values: GroupValues,
  saved: GroupValues,
  version: number,
): BodyInputOf<typeof patchGroup> {
  const list = (key: 'admin' | 'user') =>
    values[key].length > 0 || saved[key].length > 0 ? { [key]: values[key] } : {};
  return {
    group_name: values.group_name.trim(),
    group_description: values.group_description.trim(),
    ...list('admin'),
    ...list('user'),
    version,
  };
}
