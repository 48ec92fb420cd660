import { patchModule as contract } from '../../shared/contracts/modules';
import { httpHandler } from '../lib/http/http-handler';
import { renameModule } from './modules';

/** PATCH api/v1/modules/module/administration/{uuid}/: rename (SUPER_ADMIN). */
export const handler = httpHandler(contract, ({ caller, params, body }) =>
  renameModule(caller, params.uuid, body.module_name),
);
