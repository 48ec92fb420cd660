import { statusResultsReport } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { societyForViewer } from './society-access';
import { statusResultsReport as build } from './statement-service';

/** GET api/v1/accounting/status-results/report/: results by group with subtotals, optionally compared. */
export const handler = httpHandler(statusResultsReport, async ({ caller, query }) =>
  build(await societyForViewer(caller, query, 'status-results'), query),
);
