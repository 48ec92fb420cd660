import { getSocietyTaxCalendar } from '../../shared/contracts/tax-calendar';
import { httpHandler } from '../lib/http/http-handler';
import { societyCalendar } from './calendar';

/** GET api/v1/tax-calendar/society/{uuid}/?year=: a society's obligations of a year and their state. */
export const handler = httpHandler(getSocietyTaxCalendar, ({ caller, params, query }) =>
  societyCalendar(caller, params.uuid, query.year),
);
