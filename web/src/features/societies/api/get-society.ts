import { getSociety } from '@shared/contracts/societies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/societies/society/{uuid}/: one society, for its detail and edit pages. */
export const fetchSociety = (uuid: string, signal?: AbortSignal) => api(getSociety, { params: { uuid }, signal });

export const societyQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: [getSociety.id, uuid], queryFn: ({ signal }) => fetchSociety(uuid, signal) });

export const useSociety = (uuid: string) => useQuery(societyQueryOptions(uuid));
