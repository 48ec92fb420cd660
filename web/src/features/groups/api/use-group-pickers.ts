import { listGroupAdminsAvailable, listGroupUsersAvailable } from '@shared/contracts/groups';
import { listMyProjects } from '@shared/contracts/projects';
import { PICKER_LIMIT, personLabel, type SelectionOption, useLoader } from '@/components/admin';
import { api } from '@/lib/api-client';

const toOptions = (people: ReadonlyArray<{ uuid: string; first_name: string; last_name: string; email: string }>) =>
  people.map((person): SelectionOption => ({ value: person.uuid, label: personLabel(person) }));

/** GROUP_ADMIN and USER_GROUP users of the project, for the group's admin and user lists (none until a project). */
export function useGroupPeople(project: string, group: string | undefined) {
  const query = project ? { limit: PICKER_LIMIT, project, ...(group && { group }) } : null;
  const key = query ? JSON.stringify(query) : null;
  const admins = useLoader(key, (signal) => api(listGroupAdminsAvailable, { query: query ?? {}, signal }));
  const users = useLoader(key, (signal) => api(listGroupUsersAvailable, { query: query ?? {}, signal }));
  return {
    admins: { options: toOptions(admins.data?.results ?? []), loading: admins.loading },
    users: { options: toOptions(users.data?.results ?? []), loading: users.loading },
  };
}

/** The caller's projects (every project for SUPER_ADMIN), for project selectors and filters. */
export function useMyProjects(enabled = true) {
  const { data, loading } = useLoader(enabled ? 'projects' : null, (signal) => api(listMyProjects, { signal }));
  return { projects: data ?? [], loading };
}
