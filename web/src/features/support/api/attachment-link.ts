import { ticketAttachmentLink } from '@shared/contracts/external';
import { api } from '@/lib/api-client';

/** GET api/v1/external/zoho/desk/attachment/{file}/: a one-minute link, asked for at the click. */
export const fetchAttachmentLink = (file: string) =>
  api(ticketAttachmentLink, { params: { file }, query: { type: 'attachment' } });
