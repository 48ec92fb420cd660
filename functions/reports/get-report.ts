import { getReport as contract } from '../../shared/contracts/reports';
import { powerBiSettings, quickSightSettings } from '../lib/embedding/config';
import { embedFor } from '../lib/embedding/embed';
import { httpHandler } from '../lib/http/http-handler';
import { spendCallerQuota } from '../lib/usage-quotas';
import { visibleReport } from './report-access';

/**
 * GET api/v1/modules/reports/get-report/{id}/: one report the caller may see, with a fresh embedding computed from
 * its verified scope (the selection query only picks among the caller's own memberships).
 */
export const handler = httpHandler(contract, async ({ caller, params, query }) => {
  const { report, selection } = await visibleReport(caller, params.id, query);
  // An embed URL is a billed QuickSight session or a Power BI token: it spends the HEAVY quota, when the
  // report's tool is configured (else nothing is generated).
  const embeds =
    report.tool_type === 'QUICKSIGHT'
      ? quickSightSettings()
      : report.tool_type === 'POWER_BI'
        ? powerBiSettings()
        : null;
  if (embeds) await spendCallerQuota(caller, 'HEAVY');
  return {
    uuid: report.uuid,
    report_name: report.report_name,
    menu_name: report.menu_name,
    description: report.description,
    tool_type: report.tool_type,
    embed: await embedFor(caller, report, selection),
  };
});
