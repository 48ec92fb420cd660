import { deleteGroup as contract } from '../../shared/contracts/groups';
import { httpHandler } from '../lib/http/http-handler';
import { deleteGroup } from './groups';

/** DELETE api/v1/groups/group/{uuid}/: refused (409 GROUP_NOT_EMPTY) while it holds societies. */
export const handler = httpHandler(contract, ({ caller, params }) => deleteGroup(caller, params.uuid));
