import { listRequestSchedules } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { listSchedules } from './templates';

/** GET api/v1/requests/schedules/?project=: the project's schedules the caller reaches. */
export const handler = httpHandler(listRequestSchedules, ({ caller, query }) => listSchedules(caller, query.project));
