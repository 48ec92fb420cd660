import { listProjectAdminsAvailable } from '../../shared/contracts/projects';
import { pickPeople } from '../lib/data/people-pickers';
import { httpHandler } from '../lib/http/http-handler';
import { assignablePartitions } from '../lib/scope';

/**
 * GET api/v1/projects/admin-available/: enabled PROJECT_ADMIN users free to administer a project (one project at
 * most each); with ?project= that project's own admins are offered too, for its edit form.
 */
export const handler = httpHandler(listProjectAdminsAvailable, ({ caller, query }) =>
  pickPeople(
    assignablePartitions(caller, query.project),
    'PROJECT_ADMIN',
    query,
    (v) => v.p.length === 0 || (query.project !== undefined && v.p.includes(query.project)),
  ),
);
