import { listSupportTickets } from '../../shared/contracts/external';
import { httpHandler } from '../lib/http/http-handler';
import { pageTickets } from './tickets';

/** GET api/v1/external/zoho/desk/ticket/: the tickets in scope, newest first, open or closed. */
export const handler = httpHandler(listSupportTickets, ({ caller, query }) => pageTickets(caller, query));
