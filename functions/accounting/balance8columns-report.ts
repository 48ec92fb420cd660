import { balance8columnsReport } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { societyForViewer } from './society-access';
import { balanceReport } from './statement-service';

/** GET api/v1/accounting/balance8columns/report/: the 8-column balance of a society, year to the month. */
export const handler = httpHandler(balance8columnsReport, async ({ caller, query }) =>
  balanceReport(await societyForViewer(caller, query, 'balance8columns'), query),
);
