import { listMyGroups } from '@shared/contracts/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PickerSource, pickerQuery } from '@/components/admin/picker-logic';
import { api, type QueryInputOf } from '@/lib/api-client';

export type MyGroupsQuery = QueryInputOf<typeof listMyGroups>;

/** GET api/v1/groups/user/group/: the caller's groups, of one project when given; a page of a search when asked. */
export const fetchMyGroups = (query: MyGroupsQuery, signal?: AbortSignal) => api(listMyGroups, { query, signal });

export const myGroupsQueryOptions = (query: MyGroupsQuery) =>
  queryOptions({ queryKey: [listMyGroups.id, query], queryFn: ({ signal }) => fetchMyGroups(query, signal) });

/** Every group of the caller (of a project when given); `enabled` false (a parent not chosen yet) loads nothing. */
export const useMyGroups = (query: MyGroupsQuery, enabled = true) =>
  useQuery({ ...myGroupsQueryOptions(query), enabled, select: (page) => page.results });

/**
 * The group pickers and filters ("Pickers find anything"): the caller's groups, of a project when given,
 * searched and paged on the server, the selected ones named by `uuids=`.
 */
export const myGroupsPickerSource = (project: string, enabled = true): PickerSource => ({
  key: [listMyGroups.id, 'picker', project],
  enabled,
  fetchPage: async (request, signal) => {
    const page = await fetchMyGroups({ ...(project && { project }), ...pickerQuery(request) }, signal);
    return { count: page.count, results: page.results.map((g) => ({ value: g.uuid, label: g.group_name })) };
  },
});
