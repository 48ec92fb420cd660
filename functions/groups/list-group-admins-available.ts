import { listGroupAdminsAvailable } from '../../shared/contracts/groups';
import { pickPeople } from '../lib/data/people-pickers';
import { httpHandler } from '../lib/http/http-handler';
import { assignablePartitions } from '../lib/scope';

/** GET api/v1/groups/admin-available/: GROUP_ADMIN users of the project, for a group's admin list. */
export const handler = httpHandler(listGroupAdminsAvailable, ({ caller, query }) =>
  pickPeople(assignablePartitions(caller, query.project), 'GROUP_ADMIN', query),
);
