import { searchUsers } from '@shared/contracts/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type UsersSearchQuery = QueryInputOf<typeof searchUsers>;

/** GET api/v1/users/search/: a page of users matching a search. */
export const fetchUsersSearch = (query: UsersSearchQuery, signal?: AbortSignal) => api(searchUsers, { query, signal });

export const usersSearchQueryOptions = (query: UsersSearchQuery) =>
  queryOptions({ queryKey: [searchUsers.id, query], queryFn: ({ signal }) => fetchUsersSearch(query, signal) });

/** `enabled` false (a picker before its parent is chosen) loads nothing. The previous page stays while the next loads. */
export const useUsersSearch = (query: UsersSearchQuery, enabled = true) =>
  useQuery({ ...usersSearchQueryOptions(query), enabled, placeholderData: keepPreviousData });
