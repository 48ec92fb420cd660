import { getUser } from '../../shared/contracts/users';
import { httpHandler } from '../lib/http/http-handler';
import { userView } from './user-lists';
import { requireUser } from './users';

/** GET api/v1/users/user/{uuid}/: one user in scope (404 outside). */
export const handler = httpHandler(getUser, async ({ caller, params }) =>
  userView(caller, await requireUser(caller, params.uuid)),
);
