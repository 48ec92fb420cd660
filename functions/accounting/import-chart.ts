import { importAccountingChart } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { importChartFile } from './import-service';

/** POST api/v1/accounting/chart/import/: replace a society's chart from a plan_cuentas file; per-row report. */
export const handler = httpHandler(importAccountingChart, ({ caller, body, files }) =>
  importChartFile(
    caller,
    body.society,
    files.find((f) => f.field === 'file'),
  ),
);
