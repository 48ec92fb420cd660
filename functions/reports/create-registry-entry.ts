import { createRegistryEntry as contract } from '../../shared/contracts/dashboard-registry';
import { httpHandler } from '../lib/http/http-handler';
import { createRegistry } from './registry';

/** POST api/v1/modules/reports/registry/ (SUPER_ADMIN): register a dashboard and bind it to projects. */
export const handler = httpHandler(contract, ({ caller, body }) => createRegistry(caller, body));
