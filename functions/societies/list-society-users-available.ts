import { listSocietyUsersAvailable } from '../../shared/contracts/societies';
import { pickPeople } from '../lib/data/people-pickers';
import { httpHandler } from '../lib/http/http-handler';
import { assignablePartitions } from '../lib/scope';

/** GET api/v1/societies/user-available/: USER_SOCIETY users of the project, for a society's user list. */
export const handler = httpHandler(listSocietyUsersAvailable, ({ caller, query }) =>
  pickPeople(assignablePartitions(caller, query.project), 'USER_SOCIETY', query),
);
