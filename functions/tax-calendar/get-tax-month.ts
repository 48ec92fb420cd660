import { getTaxMonth } from '../../shared/contracts/tax-calendar';
import { httpHandler } from '../lib/http/http-handler';
import { monthDeadlines } from './calendar';

/** GET api/v1/tax-calendar/month/?month=: the month's deadlines for the home. */
export const handler = httpHandler(getTaxMonth, ({ query }) => monthDeadlines(query.month));
