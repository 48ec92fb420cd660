import { listSocietyUsersAvailable } from '../../shared/contracts/societies';
import { pickPeople } from '../lib/data/people-pickers';
import { httpHandler } from '../lib/http/http-handler';

/** GET api/v1/societies/user-available/: USER_SOCIETY users of the project, for a society's user list. */
export const handler = httpHandler(listSocietyUsersAvailable, ({ caller, query }) =>
  pickPeople(caller, 'USER_SOCIETY', query),
);
