import type { ResponseOf } from '@shared/contracts/define';
import { getSupportTicket } from '@shared/contracts/external';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type TicketDetail = ResponseOf<typeof getSupportTicket>;

/** GET api/v1/external/zoho/desk/ticket/{uuid}/: a ticket and its messages. */
export const fetchTicket = (uuid: string, signal?: AbortSignal) => api(getSupportTicket, { params: { uuid }, signal });

export const useTicket = (uuid: string) =>
  useQuery({ queryKey: [getSupportTicket.id, uuid], queryFn: ({ signal }) => fetchTicket(uuid, signal) });
