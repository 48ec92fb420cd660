import { balance8columnsPdf } from '../../shared/contracts/accounting';
import { statementPdf } from '../lib/accounting/export-pdf';
import { httpHandler } from '../lib/http/http-handler';
import { balanceTable } from './export-service';
import { societyForExport } from './society-access';
import { balanceReport } from './statement-service';

/** GET api/v1/accounting/balance8columns/pdf/: the statement the screen shows, as a file to download. */
export const handler = httpHandler(balance8columnsPdf, async ({ caller, query }) => {
  const society = await societyForExport(caller, query, 'balance8columns');
  return statementPdf(society, balanceReport(society, query), balanceTable);
});
