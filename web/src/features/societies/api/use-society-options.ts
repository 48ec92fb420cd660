import { PICKER_LIMIT, personLabel, type SelectionOption } from '@/components/admin';
import { useMyGroups as useMyGroupsQuery } from '@/lib/api/list-my-groups';
import { useMyProjects as useMyProjectsQuery } from '@/lib/api/list-my-projects';
import { useIndustries as useIndustriesQuery } from './list-industries';
import { useSocietyUsersAvailable } from './list-society-users-available';

/** The caller's projects (all for SUPER_ADMIN); nothing when `enabled` is false. */
export function useMyProjects(enabled: boolean) {
  const { data, isFetching } = useMyProjectsQuery(enabled);
  return { projects: data ?? [], loading: isFetching };
}

/** The caller's groups, of one project when given; nothing when `enabled` is false. */
export function useMyGroups(project: string, enabled = true) {
  const { data, isFetching } = useMyGroupsQuery(project ? { project } : {}, enabled);
  return { groups: data ?? [], loading: isFetching };
}

/** Industries in their order; the first is the default (admin-area §3). */
export function useIndustries() {
  const { data, isFetching, refetch } = useIndustriesQuery();
  return { industries: data ?? [], loading: isFetching, reload: () => void refetch() };
}

/** USER_SOCIETY users that may join a society of the group (none until a group is chosen). */
export function useSocietyUserOptions(project: string, group: string) {
  const query = { limit: PICKER_LIMIT, group, ...(project && { project }) };
  const { data, isFetching } = useSocietyUsersAvailable(query, group !== '');
  const options: SelectionOption[] = (data?.results ?? []).map((person) => ({
    value: person.uuid,
    label: personLabel(person),
  }));
  return { options, loading: isFetching };
}
