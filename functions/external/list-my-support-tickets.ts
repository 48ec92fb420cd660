import { listMySupportTickets } from '../../shared/contracts/external';
import { httpHandler } from '../lib/http/http-handler';
import { pageMyTickets } from './tickets';

/** GET api/v1/external/zoho/desk/ticket/mine/: the caller's own tickets ('Mis tickets'), latest activity first. */
export const handler = httpHandler(listMySupportTickets, ({ caller, query }) => pageMyTickets(caller, query));
