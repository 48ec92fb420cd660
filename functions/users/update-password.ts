import { updatePassword } from '../../shared/contracts/users';
import { requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { changePassword } from './password';

/** PATCH api/v1/users/password/update/: the caller's new password, given the current one; ends every session. */
export const handler = httpHandler(updatePassword, ({ caller, body, event }) =>
  changePassword(caller, body, requestOrigin(event)),
);
