import { resetPassword as contract } from '../../shared/contracts/registration';
import { httpHandler } from '../lib/http/http-handler';
import { resetPassword } from './accounts';

/** PATCH api/v1/users/password/reset/: set a new password with a password link. */
export const handler = httpHandler(contract, ({ body }) => resetPassword(body.token, body.password));
