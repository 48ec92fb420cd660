import { listProjects } from '@shared/contracts/projects';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type ProjectsQuery = QueryInputOf<typeof listProjects>;

/** GET api/v1/projects/project/: a page of projects. */
export const fetchProjects = (query: ProjectsQuery, signal?: AbortSignal) => api(listProjects, { query, signal });

export const projectsQueryOptions = (query: ProjectsQuery) =>
  queryOptions({ queryKey: [listProjects.id, query], queryFn: ({ signal }) => fetchProjects(query, signal) });

/** `enabled` false (a picker before its parent is chosen) loads nothing. The previous page stays while the next loads. */
export const useProjects = (query: ProjectsQuery, enabled = true) =>
  useQuery({ ...projectsQueryOptions(query), enabled, placeholderData: keepPreviousData });
