import { getSociety } from '../../shared/contracts/societies';
import { httpHandler } from '../lib/http/http-handler';
import { getSocietyDetail } from './societies';

/** GET api/v1/societies/society/{uuid}/: the society with its users (404 outside scope). */
export const handler = httpHandler(getSociety, ({ caller, params }) => getSocietyDetail(caller, params.uuid));
