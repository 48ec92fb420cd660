import { financialSituationPdf } from '../../shared/contracts/accounting';
import { statementPdf } from '../lib/accounting/export-pdf';
import { httpHandler } from '../lib/http/http-handler';
import { financialSituationTable } from './export-service';
import { societyForExport } from './society-access';
import { financialSituationReport } from './statement-service';

/** GET api/v1/accounting/financial-situation/pdf/: the statement the screen shows, as a file to download. */
export const handler = httpHandler(financialSituationPdf, async ({ caller, query }) => {
  const society = await societyForExport(caller, query, 'financial-situation');
  return statementPdf(society, financialSituationReport(society, query), financialSituationTable);
});
