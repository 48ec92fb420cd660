import { patchSociety as contract } from '../../shared/contracts/societies';
import { httpHandler } from '../lib/http/http-handler';
import { patchSociety } from './societies';

/** PATCH api/v1/societies/society/{uuid}/: only the fields sent; a new group moves it; ?tax_module= sets the flag. */
export const handler = httpHandler(contract, ({ caller, params, body, query }) =>
  patchSociety(caller, params.uuid, body, query.tax_module),
);
