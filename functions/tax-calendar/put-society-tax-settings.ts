import { putSocietyTaxSettings } from '../../shared/contracts/tax-calendar';
import { httpHandler } from '../lib/http/http-handler';
import { putSettings } from './calendar';

/** PUT api/v1/tax-calendar/society/{uuid}/settings/: what applies to a society (admins in scope). */
export const handler = httpHandler(putSocietyTaxSettings, ({ caller, params, body }) =>
  putSettings(caller, params.uuid, body),
);
