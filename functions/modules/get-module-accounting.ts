import { ACCOUNTING_TYPE_NUMBER, type ACCOUNTING_TYPES } from '../../shared/contracts/accounting-assignments';
import { getModuleAccounting as contract } from '../../shared/contracts/modules';
import { userItems } from '../lib/assignments/user-lists';
import { httpHandler } from '../lib/http/http-handler';

/** GET api/v1/modules/module/get-module-accounting/: the caller's statements for its selection, by module. */
export const handler = httpHandler(contract, ({ caller, query }) =>
  userItems(caller, 'ACCOUNTING', 'ACCOUNTING', query, (e) => {
    const type = (e.value.x.a ?? 'BALANCE_8_COLUMNS') as (typeof ACCOUNTING_TYPES)[number];
    return { uuid: e.id, menu_name: e.value.n, accounting_type: type, type: ACCOUNTING_TYPE_NUMBER[type] };
  }),
);
