import { createIndustry as contract } from '../../shared/contracts/societies';
import { httpHandler } from '../lib/http/http-handler';
import { createIndustry } from './industries';

/** POST api/v1/societies/industry-type/: a new industry (SAME_DATA when the name exists). */
export const handler = httpHandler(contract, ({ caller, body }) => createIndustry(caller, body.industry));
