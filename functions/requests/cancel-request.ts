import { cancelRequest as contract } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { cancelRequest } from './requests';

/** POST api/v1/requests/request/{uuid}/cancel/: an open request cancelled (409 REQUEST_CLOSED otherwise). */
export const handler = httpHandler(contract, ({ caller, params }) => cancelRequest(caller, params.uuid));
