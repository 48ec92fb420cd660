import { listGroupAdminsAvailable } from '@shared/contracts/groups';
import { type PickerSource, pickerQuery } from '@/components/admin/picker-logic';
import { peoplePage } from '@/components/admin/picker-people';
import { api, type QueryInputOf } from '@/lib/api-client';

export type GroupAdminsQuery = QueryInputOf<typeof listGroupAdminsAvailable>;

/** GET api/v1/groups/admin-available/: GROUP_ADMIN users of a project for the group form. */
export const fetchGroupAdminsAvailable = (query: GroupAdminsQuery, signal?: AbortSignal) =>
  api(listGroupAdminsAvailable, { query, signal });

/**
 * The group form's admin picker: GROUP_ADMIN users of `project` (with `group` when editing), searched and paged
 * on the server, the selected ones named by `uuids=`. Nothing loads until a project is chosen.
 */
export const groupAdminsPickerSource = (project: string, group: string | undefined): PickerSource => {
  const filter = { project, ...(group && { group }) };
  return {
    key: [listGroupAdminsAvailable.id, filter],
    enabled: project !== '',
    fetchPage: async (request, signal) =>
      peoplePage(await fetchGroupAdminsAvailable({ ...filter, ...pickerQuery(request) }, signal)),
  };
};
