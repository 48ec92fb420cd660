import { listGroupUsersAvailable } from '@shared/contracts/groups';
import { type PickerSource, pickerQuery } from '@/components/admin/picker-logic';
import { peoplePage } from '@/components/admin/picker-people';
import { api, type QueryInputOf } from '@/lib/api-client';

export type GroupUsersQuery = QueryInputOf<typeof listGroupUsersAvailable>;

/** GET api/v1/groups/user-available/: USER_GROUP users of a project for the group form. */
export const fetchGroupUsersAvailable = (query: GroupUsersQuery, signal?: AbortSignal) =>
  api(listGroupUsersAvailable, { query, signal });

/**
 * The group form's user picker: USER_GROUP users of `project` (with `group` when editing), searched and paged
 * on the server, the selected ones named by `uuids=`. Nothing loads until a project is chosen.
 */
export const groupUsersPickerSource = (project: string, group: string | undefined): PickerSource => {
  const filter = { project, ...(group && { group }) };
  return {
    key: [listGroupUsersAvailable.id, filter],
    enabled: project !== '',
    fetchPage: async (request, signal) =>
      peoplePage(await fetchGroupUsersAvailable({ ...filter, ...pickerQuery(request) }, signal)),
  };
};
