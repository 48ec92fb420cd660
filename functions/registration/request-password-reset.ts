import { requestPasswordReset as contract } from '../../shared/contracts/registration';
import { httpHandler } from '../lib/http/http-handler';
import { requestPasswordReset } from './accounts';

/** POST api/v1/users/password/reset/: mail a password link (throttled per address). */
export const handler = httpHandler(contract, ({ body }) => requestPasswordReset(body.email));
