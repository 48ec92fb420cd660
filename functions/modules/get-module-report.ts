import { getModuleReport as contract } from '../../shared/contracts/modules';
import { userItems } from '../lib/assignments/user-lists';
import { httpHandler } from '../lib/http/http-handler';

/** GET api/v1/modules/module/get-module-report/: the caller's reports for its selection, by module. */
export const handler = httpHandler(contract, ({ caller, query }) =>
  userItems(caller, 'REPORT', 'REPORT', query, (e) => ({
    uuid: e.id,
    menu_name: e.value.n,
    report_name: e.value.x.r ?? e.value.n,
    tool_type: e.value.x.t ?? '',
  })),
);
