import { createModule as contract } from '../../shared/contracts/modules';
import { httpHandler } from '../lib/http/http-handler';
import { createModule } from './modules';

/** POST api/v1/modules/module/administration/ (SUPER_ADMIN). */
export const handler = httpHandler(contract, ({ caller, body }) => createModule(caller, body));
