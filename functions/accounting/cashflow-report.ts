import { cashflowReport } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { societyForViewer } from './society-access';
import { cashFlowReport } from './statement-service';

/** GET api/v1/accounting/cashflow/report/: the year's cash flow by line and month (direct method). */
export const handler = httpHandler(cashflowReport, async ({ caller, query }) =>
  cashFlowReport(await societyForViewer(caller, query, 'cashflow'), query),
);
