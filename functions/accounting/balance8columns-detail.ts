import { balance8columnsDetail } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { societyForViewer } from './society-access';
import { statementDetail } from './statement-service';

/** GET api/v1/accounting/balance8columns/detail/: one account's lines to the period, and their total (drill-down). */
export const handler = httpHandler(balance8columnsDetail, async ({ caller, query }) =>
  statementDetail(await societyForViewer(caller, query, 'balance8columns'), query),
);
