import { postSupportTicket } from '@shared/contracts/external';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { uploadAttachments } from './attachments';

/**
 * POST api/v1/external/zoho/desk/ticket/, its files uploaded first. Shared UI rather than a feature's api/:
 * the top bar's 'Ayuda' menu (shell) and the /support page (support) open the same modal, and features never import
 * each other.
 */
export async function postTicket({
  subject,
  description,
  files,
}: {
  subject: string;
  description: string;
  files: File[];
}) {
  const attachments = await uploadAttachments(files);
  return api(postSupportTicket, { body: { subject, description, ...(attachments.length > 0 && { attachments }) } });
}

export const usePostTicket = () => useMutation({ mutationFn: postTicket });
