import { listSocietiesForUsers } from '@shared/contracts/societies';
import { formatRut } from '@shared/rut';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PickerSource, pickerQuery } from '@/components/admin/picker-logic';
import { api, type QueryInputOf } from '@/lib/api-client';

export type SocietiesForUsersQuery = QueryInputOf<typeof listSocietiesForUsers>;

/** GET api/v1/societies/user/list/: the caller's societies, of a project and group when given. */
export const fetchSocietiesForUsers = (query: SocietiesForUsersQuery, signal?: AbortSignal) =>
  api(listSocietiesForUsers, { query, signal });

export const societiesForUsersQueryOptions = (query: SocietiesForUsersQuery) =>
  queryOptions({
    queryKey: [listSocietiesForUsers.id, query],
    queryFn: ({ signal }) => fetchSocietiesForUsers(query, signal),
  });

/** `enabled` false (a picker before its parent is chosen) loads nothing. */
export const useSocietiesForUsers = (query: SocietiesForUsersQuery, enabled = true) =>
  useQuery({ ...societiesForUsersQueryOptions(query), enabled });

/** A society as a picker option: 'Razón social (RUT)'. */
/** A society as pickers name it: its name and its RUT written as people read it (76.123.456-7). */
export const societyLabel = (society: { society_business_name: string; society_rut: string | null }) =>
  society.society_rut
    ? `${society.society_business_name} (${formatRut(society.society_rut)})`
    : society.society_business_name;

/**
 * The society pickers and filters of the users screens: the caller's societies, of a project and group when
 * given, searched and paged on the server, the selected ones named by `uuids=`.
 */
export const societiesForUsersPickerSource = (
  filter: { project?: string; group?: string },
  enabled = true,
): PickerSource => {
  const query = { ...(filter.project && { project: filter.project }), ...(filter.group && { group: filter.group }) };
  return {
    key: [listSocietiesForUsers.id, 'picker', query],
    enabled,
    fetchPage: async (request, signal) => {
      const page = await fetchSocietiesForUsers({ ...query, ...pickerQuery(request) }, signal);
      return {
        count: page.count,
        results: page.results.map((society) => ({ value: society.uuid, label: societyLabel(society) })),
      };
    },
  };
};
