import { listRequests as contract } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { listRequests } from './requests';

/**
 * GET api/v1/requests/: a page of the board (admins) or of the client's own requests: one Query per partition read
 * (one for an admin's filter), whatever the number of societies or requests.
 */
export const handler = httpHandler(contract, ({ caller, query }) => listRequests(caller, query), {
  readOnlyList: true,
});
