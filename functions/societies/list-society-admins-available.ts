import { listSocietyAdminsAvailable } from '../../shared/contracts/societies';
import { pickPeople } from '../lib/data/people-pickers';
import { httpHandler } from '../lib/http/http-handler';

/** GET api/v1/societies/society/admin-available/: GROUP_ADMIN users of the project. */
export const handler = httpHandler(listSocietyAdminsAvailable, ({ caller, query }) =>
  pickPeople(caller, 'GROUP_ADMIN', query),
);
