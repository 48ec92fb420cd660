import { getIndicators } from '@shared/contracts/indicators';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET api/v1/indicators/: the currency indicators the scheduled job stored. This replaces the spec's
 * browser call to a public indicators API: the browser never calls a third party.
 */
export const fetchIndicators = (signal?: AbortSignal) => api(getIndicators, { signal });

export const indicatorsQueryOptions = () =>
  queryOptions({
    queryKey: [getIndicators.id],
    queryFn: ({ signal }) => fetchIndicators(signal),
    // The job runs once a day: no need to ask again while the page stays open.
    staleTime: 30 * 60_000,
  });

export const useIndicators = () => useQuery(indicatorsQueryOptions());
