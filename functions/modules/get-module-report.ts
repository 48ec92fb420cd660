import { getModuleReport as contract } from '../../shared/contracts/modules';
import { CLIENT_ROLES } from '../../shared/roles';
import { userItems } from '../lib/assignments/user-lists';
import { toolConfigured } from '../lib/embedding/config';
import { httpHandler } from '../lib/http/http-handler';

/**
 * GET api/v1/modules/module/get-module-report/: the caller's reports for its selection, by module. A client is not
 * shown a QuickSight or Power BI report this deployment cannot embed (it would only open to 'not configured'); an
 * admin still sees it, and its viewer says why.
 */
export const handler = httpHandler(contract, async ({ caller, query }) => {
  const modules = await userItems(caller, 'REPORT', 'REPORT', query, (e) => ({
    uuid: e.id,
    menu_name: e.value.n,
    report_name: e.value.x.r ?? e.value.n,
    tool_type: e.value.x.t ?? '',
  }));
  if (!CLIENT_ROLES.includes(caller.role)) return modules;
  return modules
    .map((module) => ({ ...module, report_list: module.report_list.filter((r) => toolConfigured(r.tool_type)) }))
    .filter((module) => module.report_list.length > 0);
});
