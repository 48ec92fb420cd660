import { listSocietiesForUsers } from '@shared/contracts/societies';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
