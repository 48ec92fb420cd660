import { getGroup } from '@shared/contracts/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/groups/group/{uuid}/: one group, for its detail and edit pages. */
export const fetchGroup = (uuid: string, signal?: AbortSignal) => api(getGroup, { params: { uuid }, signal });

export const groupQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: [getGroup.id, uuid], queryFn: ({ signal }) => fetchGroup(uuid, signal) });

export const useGroup = (uuid: string) => useQuery(groupQueryOptions(uuid));
