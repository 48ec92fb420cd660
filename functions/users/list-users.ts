import { listUsers } from '../../shared/contracts/users';
import { httpHandler } from '../lib/http/http-handler';
import { pageUsers } from './user-lists';

/** GET api/v1/users/user/: users in scope by project, group, society and role, searched and ordered. */
export const handler = httpHandler(listUsers, ({ caller, query }) => pageUsers(caller, query), {
  // Reads only: the caller's memberships check joins the page's own reads (batch-get-extras.ts).
  readOnlyList: true,
});
