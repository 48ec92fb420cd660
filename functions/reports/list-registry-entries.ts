import { listRegistryEntries as contract } from '../../shared/contracts/dashboard-registry';
import { httpHandler } from '../lib/http/http-handler';
import { listRegistry } from './registry';

/** GET api/v1/modules/reports/registry/ (SUPER_ADMIN): every registered dashboard and its projects. */
export const handler = httpHandler(contract, () => listRegistry());
