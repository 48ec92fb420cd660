import { listMyProjects } from '@shared/contracts/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/projects/user/project/: the caller's projects (every project for SUPER_ADMIN), for selectors and filters. */
export const fetchMyProjects = (signal?: AbortSignal) => api(listMyProjects, { signal });

export const myProjectsQueryOptions = () =>
  queryOptions({ queryKey: [listMyProjects.id], queryFn: ({ signal }) => fetchMyProjects(signal) });

/** `enabled` false (a role that picks no project) loads nothing. */
export const useMyProjects = (enabled = true) => useQuery({ ...myProjectsQueryOptions(), enabled });
