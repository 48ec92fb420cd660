import { balance8columnsExcel } from '../../shared/contracts/accounting';
import { excelFile } from '../lib/accounting/export-excel';
import { httpHandler } from '../lib/http/http-handler';
import { balanceTable } from './export-service';
import { societyForExport } from './society-access';
import { balanceReport } from './statement-service';

/** GET api/v1/accounting/balance8columns/excel/: the statement the screen shows, as a file to download. */
export const handler = httpHandler(balance8columnsExcel, async ({ caller, query }) =>
  excelFile(balanceTable(await balanceReport(await societyForExport(caller, query, 'balance8columns'), query))),
);
