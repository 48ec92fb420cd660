import { useQuery } from '@tanstack/react-query';
import { PICKER_LIMIT, type SelectionOption } from '@/components/admin';
import { myGroupsQueryOptions } from '@/lib/api/list-my-groups';
import { myProjectsQueryOptions } from '@/lib/api/list-my-projects';
import { societiesForUsersQueryOptions } from '@/lib/api/list-societies-for-users';

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

export function useSocietyOptions(filter: { project?: string; group?: string }, enabled: boolean) {
  const query = {
    limit: PICKER_LIMIT,
    ...(filter.project && { project: filter.project }),
    ...(filter.group && { group: filter.group }),
  };
  const { data, isFetching } = useQuery({
    ...societiesForUsersQueryOptions(query),
    enabled,
    select: (page): SelectionOption[] =>
      page.results.map((s) => ({
        value: s.uuid,
        label: s.society_rut ? `${s.society_business_name} (${s.society_rut})` : s.society_business_name,
      })),
  });
  return { data, loading: isFetching };
}
