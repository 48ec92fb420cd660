import { listGroupUsersAvailable } from '@shared/contracts/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type GroupUsersQuery = QueryInputOf<typeof listGroupUsersAvailable>;

/** GET api/v1/groups/user-available/: USER_GROUP users of a project for the group form. */
export const fetchGroupUsersAvailable = (query: GroupUsersQuery, signal?: AbortSignal) =>
  api(listGroupUsersAvailable, { query, signal });

export const groupUsersAvailableQueryOptions = (query: GroupUsersQuery) =>
  queryOptions({
    queryKey: [listGroupUsersAvailable.id, query],
    queryFn: ({ signal }) => fetchGroupUsersAvailable(query, signal),
  });

/** `enabled` false (a picker before its parent is chosen) loads nothing. */
export const useGroupUsersAvailable = (query: GroupUsersQuery, enabled = true) =>
  useQuery({ ...groupUsersAvailableQueryOptions(query), enabled });
