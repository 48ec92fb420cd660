import { patchIndustry as contract } from '../../shared/contracts/societies';
import { httpHandler } from '../lib/http/http-handler';
import { renameIndustry } from './industries';

/** PATCH api/v1/societies/industry-type/{uuid}/: rename (not the first industry: 403). */
export const handler = httpHandler(contract, ({ caller, params, body }) =>
  renameIndustry(caller, params.uuid, body.industry),
);
