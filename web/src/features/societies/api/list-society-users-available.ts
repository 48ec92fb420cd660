import { listSocietyUsersAvailable } from '@shared/contracts/societies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type SocietyUsersQuery = QueryInputOf<typeof listSocietyUsersAvailable>;

/** GET api/v1/societies/user-available/: USER_SOCIETY users that may join a society of a group. */
export const fetchSocietyUsersAvailable = (query: SocietyUsersQuery, signal?: AbortSignal) =>
  api(listSocietyUsersAvailable, { query, signal });

export const societyUsersAvailableQueryOptions = (query: SocietyUsersQuery) =>
  queryOptions({
    queryKey: [listSocietyUsersAvailable.id, query],
    queryFn: ({ signal }) => fetchSocietyUsersAvailable(query, signal),
  });

/** `enabled` false (a picker before its parent is chosen) loads nothing. */
export const useSocietyUsersAvailable = (query: SocietyUsersQuery, enabled = true) =>
  useQuery({ ...societyUsersAvailableQueryOptions(query), enabled });
