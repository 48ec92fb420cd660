import { deleteUser as contract } from '../../shared/contracts/users';
import { httpHandler } from '../lib/http/http-handler';
import { deleteUser } from './users';

/** DELETE api/v1/users/user/{uuid}/: 409 USER_IS_ADMIN while it administers a project or group. */
export const handler = httpHandler(contract, ({ caller, params }) => deleteUser(caller, params.uuid));
