import { getReportAdmin as contract } from '../../shared/contracts/reports';
import { httpHandler } from '../lib/http/http-handler';
import { getReportAdmin } from './reports';

/** GET api/v1/modules/reports/report/{uuid}/: one report for its form and detail. */
export const handler = httpHandler(contract, ({ caller, params }) => getReportAdmin(caller, params.uuid));
