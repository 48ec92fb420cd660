import { cashflowAvailableDates } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { societyForViewer } from './society-access';
import { availableDates } from './statement-service';

/** GET api/v1/accounting/cashflow/available-dates/: the periods with ledger data, latest first. */
export const handler = httpHandler(cashflowAvailableDates, async ({ caller, query }) =>
  availableDates(await societyForViewer(caller, query, 'cashflow'), undefined),
);
