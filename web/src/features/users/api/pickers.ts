import type { PickerSource } from '@/components/admin/picker-logic';
import { myGroupsPickerSource } from '@/lib/api/list-my-groups';
import { myProjectsPickerSource } from '@/lib/api/list-my-projects';
import { societiesForUsersPickerSource } from '@/lib/api/list-societies-for-users';

/**
 * Sources of the users screens' filters and pickers (admin-area §6, §7): the caller's
 * projects (every project for SUPER_ADMIN), groups (of a project when given) and societies (of a project and group
 * when given), in scope, each searched and paged on the server. `enabled` false loads nothing.
 */
export const projectPickerSource = (enabled: boolean): PickerSource => myProjectsPickerSource(enabled);

export const groupPickerSource = (project: string, enabled: boolean): PickerSource =>
  myGroupsPickerSource(project, enabled);

export const societyPickerSource = (filter: { project?: string; group?: string }, enabled: boolean) =>
  societiesForUsersPickerSource(filter, enabled);
