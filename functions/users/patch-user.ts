import { patchUser as contract } from '../../shared/contracts/users';
import { httpHandler } from '../lib/http/http-handler';
import { patchUser } from './users';

/** PATCH api/v1/users/user/{uuid}/: only the fields sent; a role change is SUPER_ADMIN's (403 otherwise). */
export const handler = httpHandler(contract, ({ caller, params, body }) => patchUser(caller, params.uuid, body));
