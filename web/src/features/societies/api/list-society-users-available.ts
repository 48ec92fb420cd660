import { listSocietyUsersAvailable } from '@shared/contracts/societies';
import { type PickerSource, pickerQuery } from '@/components/admin/picker-logic';
import { peoplePage } from '@/components/admin/picker-people';
import { api, type QueryInputOf } from '@/lib/api-client';

export type SocietyUsersQuery = QueryInputOf<typeof listSocietyUsersAvailable>;

/** GET api/v1/societies/user-available/: USER_SOCIETY users that may join a society of a group. */
export const fetchSocietyUsersAvailable = (query: SocietyUsersQuery, signal?: AbortSignal) =>
  api(listSocietyUsersAvailable, { query, signal });

/**
 * The society form's user picker: USER_SOCIETY users of `group`, searched and paged on the server, the
 * selected ones named by `uuids=`. Nothing loads until a group is chosen.
 */
export const societyUsersPickerSource = (project: string, group: string): PickerSource => {
  const filter = { group, ...(project && { project }) };
  return {
    key: [listSocietyUsersAvailable.id, filter],
    enabled: group !== '',
    fetchPage: async (request, signal) =>
      peoplePage(await fetchSocietyUsersAvailable({ ...filter, ...pickerQuery(request) }, signal)),
  };
};
