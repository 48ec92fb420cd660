import { listMyGroups } from '@shared/contracts/groups';
import { useQuery } from '@tanstack/react-query';
import { localPickerSource, type PickerSource, type SelectionOption } from '@/components/admin';
import { myGroupsQueryOptions } from '@/lib/api/list-my-groups';
import { myProjectsQueryOptions } from '@/lib/api/list-my-projects';
import { societiesForUsersPickerSource } from '@/lib/api/list-societies-for-users';

/**
 * Options of the users screens' filters and pickers (admin-area §6, §7): the caller's projects (every project for
 * SUPER_ADMIN), groups (of a project when given) and societies (of a project and group when given), in scope.
 * `enabled` false loads nothing. They share the cache of the same reads elsewhere (lib/api).
 */
export function useProjectOptions(enabled: boolean) {
  const { data, isFetching } = useQuery({
    ...myProjectsQueryOptions(),
    enabled,
    select: (projects): SelectionOption[] => projects.map((p) => ({ value: p.uuid, label: p.project_name })),
  });
  return { data, loading: isFetching };
}

export function useGroupOptions(project: string, enabled: boolean) {
  const { data, isFetching } = useQuery({
    ...myGroupsQueryOptions(project ? { project } : {}),
    enabled,
    select: (groups): SelectionOption[] => groups.map((g) => ({ value: g.uuid, label: g.group_name })),
  });
  return { data, loading: isFetching };
}

/**
 * The caller's groups as a picker source (the groups picker of the invitation and user forms): the endpoint answers
 * every group of the project at once, so the picker searches and pages them in memory, the same way it does on the
 * server for societies.
 */
export function useGroupPickerSource(project: string, enabled: boolean): PickerSource {
  const groups = useGroupOptions(project, enabled);
  return localPickerSource([listMyGroups.id, 'picker', project], groups.data, enabled);
}

/** The caller's societies (of a project and group when given), searched and paged on the server (issue 9). */
export const societyPickerSource = (filter: { project?: string; group?: string }, enabled: boolean) =>
  societiesForUsersPickerSource(filter, enabled);
