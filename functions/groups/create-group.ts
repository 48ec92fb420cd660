import { createGroup as contract } from '../../shared/contracts/groups';
import { httpHandler } from '../lib/http/http-handler';
import { createGroup } from './groups';

/** POST api/v1/groups/group/: a group in a project of the caller. */
export const handler = httpHandler(contract, ({ caller, body }) => createGroup(caller, body));
