import { statusResultsDetail } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { societyForViewer } from './society-access';
import { statementDetail } from './statement-service';

/** GET api/v1/accounting/status-results/detail/: one account's lines to the period, and their total (drill-down). */
export const handler = httpHandler(statusResultsDetail, async ({ caller, query }) =>
  statementDetail(await societyForViewer(caller, query, 'status-results'), query),
);
