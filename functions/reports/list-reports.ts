import { listReports as contract } from '../../shared/contracts/reports';
import { httpHandler } from '../lib/http/http-handler';
import { pageReports } from './reports';

/** GET api/v1/modules/reports/report/: a page of the reports in scope (portal §7). */
export const handler = httpHandler(contract, ({ caller, query }) => pageReports(caller, query));
