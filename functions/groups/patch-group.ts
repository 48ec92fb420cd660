import { patchGroup as contract } from '../../shared/contracts/groups';
import { httpHandler } from '../lib/http/http-handler';
import { patchGroup } from './groups';

/** PATCH api/v1/groups/group/{uuid}/: only the fields sent; {enable} toggles. */
export const handler = httpHandler(contract, ({ caller, params, body }) => patchGroup(caller, params.uuid, body));
