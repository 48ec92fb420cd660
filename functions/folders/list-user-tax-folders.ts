import { listUserTaxFolders } from '../../shared/contracts/folders';
import { httpHandler } from '../lib/http/http-handler';
import { taxLevel } from './levels';

/** GET api/v1/folders-tax/user/list: the tax panel of a society the user sees. */
export const handler = httpHandler(listUserTaxFolders, ({ caller, query }) => taxLevel(caller, query, false), {
  readOnlyList: true,
});
