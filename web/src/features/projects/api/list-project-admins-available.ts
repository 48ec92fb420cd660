import { listProjectAdminsAvailable } from '@shared/contracts/projects';
import { type PickerSource, pickerQuery } from '@/components/admin/picker-logic';
import { peoplePage } from '@/components/admin/picker-people';
import { api, type QueryInputOf } from '@/lib/api-client';

export type ProjectAdminsQuery = QueryInputOf<typeof listProjectAdminsAvailable>;

/** GET api/v1/projects/admin-available/: PROJECT_ADMIN users free to administer a project. */
export const fetchProjectAdminsAvailable = (query: ProjectAdminsQuery, signal?: AbortSignal) =>
  api(listProjectAdminsAvailable, { query, signal });

/**
 * The project form's admin picker: searched and paged on the server; with `project` (editing) its own
 * admins are available too, and named by `uuids=`.
 */
export const projectAdminsPickerSource = (project: string | undefined): PickerSource => {
  const filter = project ? { project } : {};
  return {
    key: [listProjectAdminsAvailable.id, filter],
    fetchPage: async (request, signal) =>
      peoplePage(await fetchProjectAdminsAvailable({ ...filter, ...pickerQuery(request) }, signal)),
  };
};
