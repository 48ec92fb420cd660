import { listSocietyAdminsAvailable } from '../../shared/contracts/societies';
import { pickPeople } from '../lib/data/people-pickers';
import { httpHandler } from '../lib/http/http-handler';
import { assignablePartitions } from '../lib/scope';

/** GET api/v1/societies/society/admin-available/: GROUP_ADMIN users of the project. */
export const handler = httpHandler(listSocietyAdminsAvailable, ({ caller, query }) =>
  pickPeople(assignablePartitions(caller, query.project), 'GROUP_ADMIN', query),
);
