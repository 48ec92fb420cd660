import { listRegistryChoices as contract } from '../../shared/contracts/dashboard-registry';
import { httpHandler } from '../lib/http/http-handler';
import { registryChoices } from './registry';

/** GET api/v1/modules/reports/registry-choices/: the registered dashboards a report of the caller's projects may pick. */
export const handler = httpHandler(contract, ({ caller, query }) => registryChoices(caller, query));
