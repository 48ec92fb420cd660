import { postSupportTicket } from '../../shared/contracts/external';
import { countHit } from '../lib/data/throttle';
import { httpHandler } from '../lib/http/http-handler';
import { createTicket } from './tickets';

/**
 * POST api/v1/external/zoho/desk/ticket/: a support ticket, stored and mailed to the project's contact e-mail. Each
 * user may open a few per hour (429 TOO_MANY_ATTEMPTS after, with the wait), counted before anything is stored or sent;
 * a body the contract refuses never reaches the count.
 */
export const handler = httpHandler(postSupportTicket, async ({ caller, body }) => {
  await countHit('USER_TICKET', caller.user.uuid);
  return createTicket(caller, body);
});
