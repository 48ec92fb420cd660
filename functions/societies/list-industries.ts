import { listIndustries as contract } from '../../shared/contracts/societies';
import { httpHandler } from '../lib/http/http-handler';
import { industryView, listIndustries } from './industries';

/** GET api/v1/societies/industry-type/: industries in creation order. */
export const handler = httpHandler(contract, async () => (await listIndustries()).map(industryView));
