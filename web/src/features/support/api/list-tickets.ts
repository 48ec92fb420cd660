import { listSupportTickets } from '@shared/contracts/external';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type TicketsQuery = QueryInputOf<typeof listSupportTickets>;

/** GET api/v1/external/zoho/desk/ticket/: a page of the tickets in the caller's scope. */
export const fetchTickets = (query: TicketsQuery, signal?: AbortSignal) => api(listSupportTickets, { query, signal });

export const useTickets = (query: TicketsQuery) =>
  useQuery({
    queryKey: [listSupportTickets.id, query],
    queryFn: ({ signal }) => fetchTickets(query, signal),
    placeholderData: keepPreviousData,
  });
