import { createRequest } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { createRequests } from './requests';

/** POST api/v1/requests/: one request per society of the target (404 outside the caller's scope); a retry makes none twice. */
export const handler = httpHandler(createRequest, ({ caller, body }) => createRequests(caller, body));
