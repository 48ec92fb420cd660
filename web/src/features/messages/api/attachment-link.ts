import { messageAttachmentLink } from '@shared/contracts/messages';
import { api } from '@/lib/api-client';

/**
 * GET api/v1/messages/attachment/{uuid}/: a one-minute link to a message's file, asked for at the click and opened at
 * once (the access token stays in the header, never in a URL the browser keeps).
 */
export async function downloadAttachment(uuid: string) {
  const { link } = await api(messageAttachmentLink, { params: { uuid }, query: { type: 'attachment' } });
  window.location.assign(link);
}
