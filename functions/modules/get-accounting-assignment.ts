import { getAccountingAssignment as contract } from '../../shared/contracts/accounting-assignments';
import { httpHandler } from '../lib/http/http-handler';
import { getAccountingAssignment } from './accounting-assignments';

/** GET api/v1/modules/accounting/report/{uuid}/. */
export const handler = httpHandler(contract, ({ caller, params }) => getAccountingAssignment(caller, params.uuid));
