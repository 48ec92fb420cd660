import { listTaxFolders } from '../../shared/contracts/folders';
import { httpHandler } from '../lib/http/http-handler';
import { taxLevel } from './levels';

/** GET api/v1/folders-tax/list: a society's tax forms, a form's years, a year's documents (admin). */
export const handler = httpHandler(listTaxFolders, ({ caller, query }) => taxLevel(caller, query, true), {
  readOnlyList: true,
});
