import { listFolders } from '../../shared/contracts/folders';
import { httpHandler } from '../lib/http/http-handler';
import { adminLevel } from './levels';

/** GET api/v1/folders/list: one level of the admin document manager. */
export const handler = httpHandler(listFolders, ({ caller, query }) => adminLevel(caller, query), {
  readOnlyList: true,
});
