import { listProjectAdminsAvailable } from '@shared/contracts/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type ProjectAdminsQuery = QueryInputOf<typeof listProjectAdminsAvailable>;

/** GET api/v1/projects/admin-available/: PROJECT_ADMIN users free to administer a project. */
export const fetchProjectAdminsAvailable = (query: ProjectAdminsQuery, signal?: AbortSignal) =>
  api(listProjectAdminsAvailable, { query, signal });

export const projectAdminsAvailableQueryOptions = (query: ProjectAdminsQuery) =>
  queryOptions({
    queryKey: [listProjectAdminsAvailable.id, query],
    queryFn: ({ signal }) => fetchProjectAdminsAvailable(query, signal),
  });

/** `enabled` false (a picker before its parent is chosen) loads nothing. */
export const useProjectAdminsAvailable = (query: ProjectAdminsQuery, enabled = true) =>
  useQuery({ ...projectAdminsAvailableQueryOptions(query), enabled });
