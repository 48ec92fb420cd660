import { cashflowDetail } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { cashFlowDetail } from './cashflow-detail-service';
import { societyForViewer } from './society-access';

/** GET api/v1/accounting/cashflow/detail/: the voucher lines behind one cash-flow line in one month, and their total. */
export const handler = httpHandler(cashflowDetail, async ({ caller, query }) =>
  cashFlowDetail(await societyForViewer(caller, query, 'cashflow'), query),
);
