import { getUser } from '@shared/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/users/user/{uuid}/: one user, for its detail and edit pages. */
export const fetchUser = (uuid: string, signal?: AbortSignal) => api(getUser, { params: { uuid }, signal });

export const userQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: [getUser.id, uuid], queryFn: ({ signal }) => fetchUser(uuid, signal) });

export const useUser = (uuid: string) => useQuery(userQueryOptions(uuid));
