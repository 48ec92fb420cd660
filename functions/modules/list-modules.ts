import { listModules as contract } from '../../shared/contracts/modules';
import { httpHandler } from '../lib/http/http-handler';
import { listModules } from './modules';

/** GET api/v1/modules/module/administration/?module_type=REPORT|ACCOUNTING. */
export const handler = httpHandler(contract, ({ query }) => listModules(query.module_type));
