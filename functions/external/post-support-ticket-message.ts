import { postSupportTicketMessage } from '../../shared/contracts/external';
import { httpHandler } from '../lib/http/http-handler';
import { postMessage } from './tickets';

/**
 * POST api/v1/external/zoho/desk/ticket/{uuid}/message/: a message on a ticket the caller may read, with its uploaded
 * attachments, mailed to the other side; each user may write a few dozen an hour (429 after).
 */
export const handler = httpHandler(postSupportTicketMessage, ({ caller, params, body }) =>
  postMessage(caller, params.uuid, body),
);
