import { PICKER_LIMIT, personLabel, type SelectionOption } from '@/components/admin';
import { useMyProjects as useMyProjectsQuery } from '@/lib/api/list-my-projects';
import { useGroupAdminsAvailable } from './list-group-admins-available';
import { useGroupUsersAvailable } from './list-group-users-available';

const toOptions = (people: ReadonlyArray<{ uuid: string; first_name: string; last_name: string; email: string }>) =>
  people.map((person): SelectionOption => ({ value: person.uuid, label: personLabel(person) }));

/** GROUP_ADMIN and USER_GROUP users of the project, for the group's admin and user lists (none until a project). */
export function useGroupPeople(project: string, group: string | undefined) {
  const query = { limit: PICKER_LIMIT, project, ...(group && { group }) };
  const admins = useGroupAdminsAvailable(query, project !== '');
  const users = useGroupUsersAvailable(query, project !== '');
  return {
    admins: { options: toOptions(admins.data?.results ?? []), loading: admins.isFetching },
    users: { options: toOptions(users.data?.results ?? []), loading: users.isFetching },
  };
}

/** The caller's projects (every project for SUPER_ADMIN), for project selectors and filters. */
export function useMyProjects(enabled = true) {
  const { data, isFetching } = useMyProjectsQuery(enabled);
  return { projects: data ?? [], loading: isFetching };
}
