import { searchAccountingAssignments as contract } from '../../shared/contracts/accounting-assignments';
import { httpHandler } from '../lib/http/http-handler';
import { pageAccountingAssignments } from './accounting-assignments';

/** GET api/v1/modules/accounting/search/: the assignments in scope matching the search. */
export const handler = httpHandler(contract, ({ caller, query }) => pageAccountingAssignments(caller, query));
