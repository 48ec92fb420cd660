import { ticketAttachmentLink } from '../../shared/contracts/external';
import { httpHandler } from '../lib/http/http-handler';
import { ticketAttachment } from './tickets';

/** GET api/v1/external/zoho/desk/ticket/{uuid}/attachment/?file=: a one-minute link to one of the ticket's files. */
export const handler = httpHandler(ticketAttachmentLink, ({ caller, params, query }) =>
  ticketAttachment(caller, params.uuid, query),
);
