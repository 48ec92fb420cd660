import { createAccountingAssignment as contract } from '../../shared/contracts/accounting-assignments';
import { httpHandler } from '../lib/http/http-handler';
import { createAccountingAssignment } from './accounting-assignments';

/** POST api/v1/modules/accounting/report/ (multipart or JSON). */
export const handler = httpHandler(contract, ({ caller, body }) => createAccountingAssignment(caller, body));
