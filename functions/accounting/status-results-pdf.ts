import { statusResultsPdf } from '../../shared/contracts/accounting';
import { statementPdf } from '../lib/accounting/export-pdf';
import { httpHandler } from '../lib/http/http-handler';
import { statusResultsTable } from './export-service';
import { societyForExport } from './society-access';
import { statusResultsReport } from './statement-service';

/** GET api/v1/accounting/status-results/pdf/: the statement the screen shows, as a file to download. */
export const handler = httpHandler(statusResultsPdf, async ({ caller, query }) => {
  const society = await societyForExport(caller, query, 'status-results');
  return statementPdf(society, statusResultsReport(society, query), statusResultsTable);
});
