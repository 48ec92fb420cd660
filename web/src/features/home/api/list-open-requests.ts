import { listRequests } from '@shared/contracts/requests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/requests/?state=OPEN: the caller's open requests, soonest due first (one page), for the home. */
export const useOpenRequests = (limit: number, enabled = true) =>
  useQuery({
    queryKey: [listRequests.id, 'home', limit],
    enabled,
    queryFn: ({ signal }) => api(listRequests, { query: { state: 'OPEN', limit } as never, signal }),
  });
