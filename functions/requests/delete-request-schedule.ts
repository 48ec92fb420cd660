import { deleteRequestSchedule } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { deleteSchedule } from './templates';

/** DELETE api/v1/requests/schedule/{uuid}/: stops a schedule (requests already made stay). */
export const handler = httpHandler(deleteRequestSchedule, ({ caller, params }) => deleteSchedule(caller, params.uuid));
