import { listUserFolders } from '../../shared/contracts/folders';
import { httpHandler } from '../lib/http/http-handler';
import { userLevel } from './levels';

/** GET api/v1/folders/user/list: one level of the user document browser. */
export const handler = httpHandler(listUserFolders, ({ caller, query }) => userLevel(caller, query), {
  readOnlyList: true,
});
