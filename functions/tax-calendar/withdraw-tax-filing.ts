import { withdrawTaxFiling } from '../../shared/contracts/tax-calendar';
import { httpHandler } from '../lib/http/http-handler';
import { withdrawFiling } from './filings';

/** POST api/v1/tax-calendar/society/{uuid}/filings/withdraw/: an obligation marked filed by mistake, undone. */
export const handler = httpHandler(withdrawTaxFiling, ({ caller, params, body }) =>
  withdrawFiling(caller, params.uuid, body),
);
