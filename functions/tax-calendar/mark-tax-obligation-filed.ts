import { markTaxObligationFiled } from '../../shared/contracts/tax-calendar';
import { httpHandler } from '../lib/http/http-handler';
import { markFiled } from './filings';

/** POST api/v1/tax-calendar/society/{uuid}/filings/ (multipart): an obligation filed, with its form. */
export const handler = httpHandler(markTaxObligationFiled, ({ caller, params, body, files }) =>
  markFiled(caller, params.uuid, body, files),
);
