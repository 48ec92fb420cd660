import { ticketAttachmentLink } from '../../shared/contracts/external';
import { httpHandler } from '../lib/http/http-handler';
import { ticketAttachment } from './tickets';

/** GET api/v1/external/zoho/desk/attachment/{file}/: a one-minute link to a file of a ticket the caller may read. */
export const handler = httpHandler(ticketAttachmentLink, ({ caller, params, query }) =>
  ticketAttachment(caller, params.file, query.type),
);
