import { getProject } from '@shared/contracts/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/projects/project/{uuid}/: one project, for its detail and edit pages. */
export const fetchProject = (uuid: string, signal?: AbortSignal) => api(getProject, { params: { uuid }, signal });

export const projectQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: [getProject.id, uuid], queryFn: ({ signal }) => fetchProject(uuid, signal) });

export const useProject = (uuid: string) => useQuery(projectQueryOptions(uuid));
