import { listProjectAdminsAvailable } from '@shared/contracts/projects';
import { PICKER_LIMIT, personLabel, type SelectionOption, useLoader } from '@/components/admin';
import { api } from '@/lib/api-client';

/** PROJECT_ADMIN users free to administer the project (its own admins too when editing), as picker options. */
export function useProjectAdminOptions(project: string | undefined) {
  const query = { limit: PICKER_LIMIT, ...(project && { project }) };
  const { data, loading } = useLoader(JSON.stringify(query), (signal) =>
    api(listProjectAdminsAvailable, { query, signal }),
  );
  const options: SelectionOption[] = (data?.results ?? []).map((person) => ({
    value: person.uuid,
    label: personLabel(person),
  }));
  return { options, loading };
}
