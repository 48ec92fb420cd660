import { listGroupUsersAvailable } from '../../shared/contracts/groups';
import { pickPeople } from '../lib/data/people-pickers';
import { httpHandler } from '../lib/http/http-handler';
import { assignablePartitions } from '../lib/scope';

/** GET api/v1/groups/user-available/: USER_GROUP users of the project, for a group's user list. */
export const handler = httpHandler(listGroupUsersAvailable, ({ caller, query }) =>
  pickPeople(assignablePartitions(caller, query.project), 'USER_GROUP', query),
);
