import { deleteRegistryEntry as contract } from '../../shared/contracts/dashboard-registry';
import { httpHandler } from '../lib/http/http-handler';
import { deleteRegistry } from './registry';

/** DELETE api/v1/modules/reports/registry/{uuid}/ (SUPER_ADMIN). */
export const handler = httpHandler(contract, ({ caller, params }) => deleteRegistry(caller, params.uuid));
