import { listGroups } from '@shared/contracts/groups';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type GroupsQuery = QueryInputOf<typeof listGroups>;

/** GET api/v1/groups/group/: a page of groups. */
export const fetchGroups = (query: GroupsQuery, signal?: AbortSignal) => api(listGroups, { query, signal });

export const groupsQueryOptions = (query: GroupsQuery) =>
  queryOptions({ queryKey: [listGroups.id, query], queryFn: ({ signal }) => fetchGroups(query, signal) });

/** `enabled` false (a picker before its parent is chosen) loads nothing. The previous page stays while the next loads. */
export const useGroups = (query: GroupsQuery, enabled = true) =>
  useQuery({ ...groupsQueryOptions(query), enabled, placeholderData: keepPreviousData });
