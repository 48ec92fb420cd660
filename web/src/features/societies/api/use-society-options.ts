import { listMyGroups } from '@shared/contracts/groups';
import { listMyProjects } from '@shared/contracts/projects';
import { listIndustries, listSocietyUsersAvailable } from '@shared/contracts/societies';
import { PICKER_LIMIT, personLabel, type SelectionOption, useLoader } from '@/components/admin';
import { api } from '@/lib/api-client';

/** The caller's projects (all for SUPER_ADMIN); nothing when `enabled` is false. */
export function useMyProjects(enabled: boolean) {
  const { data, loading } = useLoader(enabled ? 'projects' : null, (signal) => api(listMyProjects, { signal }));
  return { projects: data ?? [], loading };
}

/** The caller's groups, of one project when given; nothing when `enabled` is false. */
export function useMyGroups(project: string, enabled = true) {
  const query = project ? { project } : {};
  const { data, loading } = useLoader(enabled ? JSON.stringify(query) : null, (signal) =>
    api(listMyGroups, { query, signal }),
  );
  return { groups: data ?? [], loading };
}

/** Industries in their order; the first is the default (admin-area §3). */
export function useIndustries() {
  const { data, loading, reload } = useLoader('industries', (signal) => api(listIndustries, { signal }));
  return { industries: data ?? [], loading, reload };
}

/** USER_SOCIETY users that may join a society of the group (none until a group is chosen). */
export function useSocietyUserOptions(project: string, group: string) {
  const query = group ? { limit: PICKER_LIMIT, group, ...(project && { project }) } : null;
  const { data, loading } = useLoader(query ? JSON.stringify(query) : null, (signal) =>
    api(listSocietyUsersAvailable, { query: query ?? {}, signal }),
  );
  const options: SelectionOption[] = (data?.results ?? []).map((person) => ({
    value: person.uuid,
    label: personLabel(person),
  }));
  return { options, loading };
}
