import { createRequestSchedule } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { createSchedule } from './templates';

/** POST api/v1/requests/schedules/: a recurring template applied to a target in the caller's scope. */
export const handler = httpHandler(createRequestSchedule, ({ caller, body }) => createSchedule(caller, body));
