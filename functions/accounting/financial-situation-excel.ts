import { financialSituationExcel } from '../../shared/contracts/accounting';
import { excelFile } from '../lib/accounting/export-excel';
import { httpHandler } from '../lib/http/http-handler';
import { financialSituationTable } from './export-service';
import { societyForExport } from './society-access';
import { financialSituationReport } from './statement-service';

/** GET api/v1/accounting/financial-situation/excel/: the statement the screen shows, as a file to download. */
export const handler = httpHandler(financialSituationExcel, async ({ caller, query }) =>
  excelFile(
    financialSituationTable(
      await financialSituationReport(await societyForExport(caller, query, 'financial-situation'), query),
    ),
  ),
);
