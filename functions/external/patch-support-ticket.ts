import { patchSupportTicket } from '../../shared/contracts/external';
import { httpHandler } from '../lib/http/http-handler';
import { setTicketStatus } from './tickets';

/** PATCH api/v1/external/zoho/desk/ticket/{uuid}/: close (or reopen) a ticket in scope (admins only). */
export const handler = httpHandler(patchSupportTicket, ({ caller, params, body }) =>
  setTicketStatus(caller, params.uuid, body.status),
);
