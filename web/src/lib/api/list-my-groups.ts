import { listMyGroups } from '@shared/contracts/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type MyGroupsQuery = QueryInputOf<typeof listMyGroups>;

/** GET api/v1/groups/user/group/: the caller's groups, of one project when given. */
export const fetchMyGroups = (query: MyGroupsQuery, signal?: AbortSignal) => api(listMyGroups, { query, signal });

export const myGroupsQueryOptions = (query: MyGroupsQuery) =>
  queryOptions({ queryKey: [listMyGroups.id, query], queryFn: ({ signal }) => fetchMyGroups(query, signal) });

/** `enabled` false (a picker before its parent is chosen) loads nothing. */
export const useMyGroups = (query: MyGroupsQuery, enabled = true) =>
  useQuery({ ...myGroupsQueryOptions(query), enabled });
