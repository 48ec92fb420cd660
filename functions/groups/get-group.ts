import { getGroup } from '../../shared/contracts/groups';
import { httpHandler } from '../lib/http/http-handler';
import { getGroupDetail } from './groups';

/** GET api/v1/groups/group/{uuid}/: the group with its societies and people (404 outside scope). */
export const handler = httpHandler(getGroup, ({ caller, params }) => getGroupDetail(caller, params.uuid));
