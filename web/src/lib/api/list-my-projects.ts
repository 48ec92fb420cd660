import { listMyProjects } from '@shared/contracts/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PickerSource, pickerQuery } from '@/components/admin/picker-logic';
import { api, type QueryInputOf } from '@/lib/api-client';

export type MyProjectsQuery = QueryInputOf<typeof listMyProjects>;

/**
 * GET api/v1/projects/user/project/: the caller's projects (every project for SUPER_ADMIN), by name; a page of a
 * search, or the named uuids, when asked.
 */
export const fetchMyProjects = (query: MyProjectsQuery = {}, signal?: AbortSignal) =>
  api(listMyProjects, { query, signal });

export const myProjectsQueryOptions = (query: MyProjectsQuery = {}) =>
  queryOptions({ queryKey: [listMyProjects.id, query], queryFn: ({ signal }) => fetchMyProjects(query, signal) });

/** Every project of the caller (the rows within the API's budget); `enabled` false loads nothing. */
export const useMyProjects = (enabled = true) =>
  useQuery({ ...myProjectsQueryOptions(), enabled, select: (page) => page.results });

/**
 * The project pickers and filters ("Pickers find anything"): searched and paged on the server, the selected
 * ones named by `uuids=`, so any of 50,000 projects can be chosen.
 */
export const myProjectsPickerSource = (enabled = true): PickerSource => ({
  key: [listMyProjects.id, 'picker'],
  enabled,
  fetchPage: async (request, signal) => {
    const page = await fetchMyProjects(pickerQuery(request), signal);
    return { count: page.count, results: page.results.map((p) => ({ value: p.uuid, label: p.project_name })) };
  },
});

/** The caller's project when it has exactly one (preselected on create); one request of at most two rows. */
export const useOnlyProject = (enabled = true) =>
  useQuery({
    ...myProjectsQueryOptions({ limit: 2 }),
    enabled,
    select: (page) => (page.count === 1 ? page.results[0]?.uuid : undefined),
  });
