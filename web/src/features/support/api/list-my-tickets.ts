import { listMySupportTickets } from '@shared/contracts/external';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type MyTicketsQuery = QueryInputOf<typeof listMySupportTickets>;

/** GET api/v1/external/zoho/desk/ticket/mine/: a page of the caller's own tickets. */
export const fetchMyTickets = (query: MyTicketsQuery, signal?: AbortSignal) =>
  api(listMySupportTickets, { query, signal });

export const useMyTickets = (query: MyTicketsQuery) =>
  useQuery({
    queryKey: [listMySupportTickets.id, query],
    queryFn: ({ signal }) => fetchMyTickets(query, signal),
    placeholderData: keepPreviousData,
  });
