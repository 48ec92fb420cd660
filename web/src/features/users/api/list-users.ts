import { listUsers } from '@shared/contracts/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type UsersQuery = QueryInputOf<typeof listUsers>;

/** GET api/v1/users/user/: a page of users (without a search). */
export const fetchUsers = (query: UsersQuery, signal?: AbortSignal) => api(listUsers, { query, signal });

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({ queryKey: [listUsers.id, query], queryFn: ({ signal }) => fetchUsers(query, signal) });

/** `enabled` false (a picker before its parent is chosen) loads nothing. The previous page stays while the next loads. */
export const useUsers = (query: UsersQuery, enabled = true) =>
  useQuery({ ...usersQueryOptions(query), enabled, placeholderData: keepPreviousData });
