import { putTaxRules } from '../../shared/contracts/tax-calendar';
import { httpHandler } from '../lib/http/http-handler';
import { putRules } from './calendar';

/** PUT api/v1/tax-calendar/rules/: saves a year's rules and holidays whole (SUPER_ADMIN). */
export const handler = httpHandler(putTaxRules, ({ caller, body }) => putRules(caller, body));
