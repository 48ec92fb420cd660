import { PICKER_LIMIT, personLabel, type SelectionOption } from '@/components/admin';
import { useProjectAdminsAvailable } from './list-project-admins-available';

/** PROJECT_ADMIN users free to administer the project (its own admins too when editing), as picker options. */
export function useProjectAdminOptions(project: string | undefined) {
  const { data, isFetching } = useProjectAdminsAvailable({ limit: PICKER_LIMIT, ...(project && { project }) });
  const options: SelectionOption[] = (data?.results ?? []).map((person) => ({
    value: person.uuid,
    label: personLabel(person),
  }));
  return { options, loading: isFetching };
}
