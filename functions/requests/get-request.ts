import { getRequest } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { requestView, requireRequest } from './requests';

/** GET api/v1/requests/request/{uuid}/: a request with its items, files and history (one GetItem; 404 outside reach). */
export const handler = httpHandler(getRequest, async ({ caller, params }) =>
  requestView(await requireRequest(caller, params.uuid)),
);
