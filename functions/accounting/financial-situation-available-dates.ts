import { financialSituationAvailableDates } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { societyForViewer } from './society-access';
import { availableDates } from './statement-service';

/** GET api/v1/accounting/financial-situation/available-dates/: the periods with ledger data, latest first. */
export const handler = httpHandler(financialSituationAvailableDates, async ({ caller, query }) =>
  availableDates(await societyForViewer(caller, query, 'financial-situation'), undefined),
);
