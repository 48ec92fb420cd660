import { searchUsers } from '../../shared/contracts/users';
import { httpHandler } from '../lib/http/http-handler';
import { pageUsers } from './user-lists';

/** GET api/v1/users/search/: users in scope whose name or e-mail contains the text. */
export const handler = httpHandler(searchUsers, ({ caller, query }) => pageUsers(caller, query));
