import { cashflowPdf } from '../../shared/contracts/accounting';
import { statementPdf } from '../lib/accounting/export-pdf';
import { httpHandler } from '../lib/http/http-handler';
import { cashFlowTable } from './export-service';
import { societyForExport } from './society-access';
import { cashFlowReport } from './statement-service';

/** GET api/v1/accounting/cashflow/pdf/: the statement the screen shows, as a file to download. */
export const handler = httpHandler(cashflowPdf, async ({ caller, query }) => {
  const society = await societyForExport(caller, query, 'cashflow');
  return statementPdf(society, cashFlowReport(society, query), cashFlowTable);
});
