import { statusResultsExcel } from '../../shared/contracts/accounting';
import { excelFile } from '../lib/accounting/export-excel';
import { httpHandler } from '../lib/http/http-handler';
import { statusResultsTable } from './export-service';
import { societyForExport } from './society-access';
import { statusResultsReport } from './statement-service';

/** GET api/v1/accounting/status-results/excel/: the statement the screen shows, as a file to download. */
export const handler = httpHandler(statusResultsExcel, async ({ caller, query }) =>
  excelFile(
    statusResultsTable(await statusResultsReport(await societyForExport(caller, query, 'status-results'), query)),
  ),
);
