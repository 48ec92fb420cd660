import { deleteAccountingAssignment as contract } from '../../shared/contracts/accounting-assignments';
import { httpHandler } from '../lib/http/http-handler';
import { deleteAccountingAssignment } from './accounting-assignments';

/** DELETE api/v1/modules/accounting/report/{uuid}/. */
export const handler = httpHandler(contract, ({ caller, params }) => deleteAccountingAssignment(caller, params.uuid));
