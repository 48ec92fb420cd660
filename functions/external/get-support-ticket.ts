import { getSupportTicket } from '../../shared/contracts/external';
import { httpHandler } from '../lib/http/http-handler';
import { readTicket } from './tickets';

/** GET api/v1/external/zoho/desk/ticket/{uuid}/: a ticket and its messages, to its sender or an admin in scope. */
export const handler = httpHandler(getSupportTicket, ({ caller, params }) => readTicket(caller, params.uuid));
