import { deleteIndustry as contract } from '../../shared/contracts/societies';
import { httpHandler } from '../lib/http/http-handler';
import { deleteIndustry } from './industries';

/** DELETE api/v1/societies/industry-type/{uuid}/: not the first (403), not while used (409 INDUSTRY_IN_USE). */
export const handler = httpHandler(contract, ({ caller, params }) => deleteIndustry(caller, params.uuid));
