import { getReportDashboard as contract } from '../../shared/contracts/reports';
import { httpHandler } from '../lib/http/http-handler';
import { dashboardData } from './dashboard-data';
import { reportNotFound, visibleReport } from './report-access';

/** GET api/v1/modules/reports/dashboard/{id}/: a built-in dashboard's data for the caller's verified selection. */
export const handler = httpHandler(contract, async ({ caller, params, query }) => {
  const { report, selection } = await visibleReport(caller, params.id, query);
  if (report.tool_type !== 'BUILT_IN') throw reportNotFound();
  return dashboardData(report, selection);
});
