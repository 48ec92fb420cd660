import { listIndustries } from '@shared/contracts/societies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/societies/industry-type/: industries in their order; the first is the default (admin-area §3). */
export const fetchIndustries = (signal?: AbortSignal) => api(listIndustries, { signal });

export const industriesQueryOptions = () =>
  queryOptions({ queryKey: [listIndustries.id], queryFn: ({ signal }) => fetchIndustries(signal) });

export const useIndustries = () => useQuery(industriesQueryOptions());
