import { updatePassword } from '../../shared/contracts/users';
import { httpHandler } from '../lib/http/http-handler';
import { changePassword } from './users';

/** PATCH api/v1/users/password/update/: the caller's new password (400 PASSWORD_EXISTS when unchanged). */
export const handler = httpHandler(updatePassword, ({ caller, body }) => changePassword(caller, body.password));
