import { getTaxRules } from '../../shared/contracts/tax-calendar';
import { httpHandler } from '../lib/http/http-handler';
import { getRules } from './calendar';

/** GET api/v1/tax-calendar/rules/?year=: a year's rules and holidays (SUPER_ADMIN). */
export const handler = httpHandler(getTaxRules, ({ query }) => getRules(query.year));
