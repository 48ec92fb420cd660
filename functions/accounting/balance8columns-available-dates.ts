import { balance8columnsAvailableDates } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { societyForViewer } from './society-access';
import { availableDates } from './statement-service';

/** GET api/v1/accounting/balance8columns/available-dates/: the periods with ledger data, latest first. */
export const handler = httpHandler(balance8columnsAvailableDates, async ({ caller, query }) =>
  availableDates(await societyForViewer(caller, query, 'balance8columns'), query.rule),
);
