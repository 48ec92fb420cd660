import { confirmEmailChange as contract } from '../../shared/contracts/users';
import { httpHandler } from '../lib/http/http-handler';
import { confirmEmailChange } from './email-change';

/** POST api/v1/users/email/confirm/ (public): the link of an e-mail change makes the new address the login. */
export const handler = httpHandler(contract, ({ body }) => confirmEmailChange(body.token));
