import { postSupportTicket } from '../../shared/contracts/external';
import { httpHandler } from '../lib/http/http-handler';
import { createTicket } from './tickets';

/**
 * POST api/v1/external/zoho/desk/ticket/: a support ticket with its number, stored and mailed to the project's contact
 * e-mail. Each user may open a few per hour (429 TOO_MANY_ATTEMPTS after, with the wait), counted once its attachments
 * are checked and before anything is stored or sent; a body the contract refuses never reaches the count.
 */
export const handler = httpHandler(postSupportTicket, ({ caller, body }) => createTicket(caller, body));
