import { patchRegistryEntry as contract } from '../../shared/contracts/dashboard-registry';
import { httpHandler } from '../lib/http/http-handler';
import { patchRegistry } from './registry';

/** PATCH api/v1/modules/reports/registry/{uuid}/ (SUPER_ADMIN): rename an entry or change its projects. */
export const handler = httpHandler(contract, ({ caller, params, body }) => patchRegistry(caller, params.uuid, body));
