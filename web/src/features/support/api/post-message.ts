import { postSupportTicketMessage } from '@shared/contracts/external';
import { useMutation } from '@tanstack/react-query';
import { uploadAttachments } from '@/components/ui/support-ticket/attachments';
import { api } from '@/lib/api-client';

/**
 * POST api/v1/external/zoho/desk/ticket/{uuid}/message/, its files uploaded first; the ticket and the lists reload
 * (lib/query-client.ts).
 */
export async function postMessage({ uuid, description, files }: { uuid: string; description: string; files: File[] }) {
  const attachments = await uploadAttachments(files);
  return api(postSupportTicketMessage, {
    params: { uuid },
    body: { description, ...(attachments.length > 0 && { attachments }) },
  });
}

export const usePostMessage = () => useMutation({ mutationFn: postMessage });
