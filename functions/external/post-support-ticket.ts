import { postSupportTicket } from '../../shared/contracts/external';
import { httpHandler } from '../lib/http/http-handler';
import { createTicket } from './tickets';

/** POST api/v1/external/zoho/desk/ticket/: a support ticket, stored and mailed to the project's contact e-mail. */
export const handler = httpHandler(postSupportTicket, ({ caller, body }) => createTicket(caller, body));
