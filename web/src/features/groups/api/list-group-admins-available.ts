import { listGroupAdminsAvailable } from '@shared/contracts/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type GroupAdminsQuery = QueryInputOf<typeof listGroupAdminsAvailable>;

/** GET api/v1/groups/admin-available/: GROUP_ADMIN users of a project for the group form. */
export const fetchGroupAdminsAvailable = (query: GroupAdminsQuery, signal?: AbortSignal) =>
  api(listGroupAdminsAvailable, { query, signal });

export const groupAdminsAvailableQueryOptions = (query: GroupAdminsQuery) =>
  queryOptions({
    queryKey: [listGroupAdminsAvailable.id, query],
    queryFn: ({ signal }) => fetchGroupAdminsAvailable(query, signal),
  });

/** `enabled` false (a picker before its parent is chosen) loads nothing. */
export const useGroupAdminsAvailable = (query: GroupAdminsQuery, enabled = true) =>
  useQuery({ ...groupAdminsAvailableQueryOptions(query), enabled });
