import { listAccountingAssignments as contract } from '../../shared/contracts/accounting-assignments';
import { httpHandler } from '../lib/http/http-handler';
import { pageAccountingAssignments } from './accounting-assignments';

/** GET api/v1/modules/accounting/report/: a page of the assignments in scope. */
export const handler = httpHandler(contract, ({ caller, query }) => pageAccountingAssignments(caller, query));
