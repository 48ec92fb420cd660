import type { QueryOf, ResponseOf } from '@shared/contracts/define';
import { listRequests } from '@shared/contracts/requests';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type RequestSummary = ResponseOf<typeof listRequests>['results'][number];
/** The board's filters (the cursor and the page size are the hook's). */
export type RequestFilters = Partial<Omit<QueryOf<typeof listRequests>, 'cursor' | 'limit'>>;

/**
 * GET api/v1/requests/: the board (admins) or the caller's own requests (clients) of one view, soonest due first, a
 * page at a time ('Cargar más' follows `next`; a page may come short while more remain).
 */
export const useRequests = (filters: RequestFilters, limit = 25, enabled = true) =>
  useInfiniteQuery({
    queryKey: [listRequests.id, filters, limit],
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(listRequests, {
        query: { ...filters, limit, ...(pageParam && { cursor: pageParam }) } as never,
        signal,
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
