import { patchSupportTicket } from '@shared/contracts/external';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH api/v1/external/zoho/desk/ticket/{uuid}/: close or reopen; the list reloads (lib/query-client.ts). */
export const patchTicket = (uuid: string, status: 'OPEN' | 'CLOSED') =>
  api(patchSupportTicket, { params: { uuid }, body: { status } });

export const useUpdateTicket = () =>
  useMutation({
    mutationFn: ({ uuid, status }: { uuid: string; status: 'OPEN' | 'CLOSED' }) => patchTicket(uuid, status),
  });
