import { deleteModule as contract } from '../../shared/contracts/modules';
import { httpHandler } from '../lib/http/http-handler';
import { deleteModule } from './modules';

/** DELETE api/v1/modules/module/administration/{uuid}/ (409 MODULE_IN_USE while used). */
export const handler = httpHandler(contract, ({ caller, params }) => deleteModule(caller, params.uuid));
