import { patchAccountingAssignment as contract } from '../../shared/contracts/accounting-assignments';
import { httpHandler } from '../lib/http/http-handler';
import { patchAccountingAssignment } from './accounting-assignments';

/** PATCH api/v1/modules/accounting/report/{uuid}/ (form data): only the fields sent; {enable} toggles it. */
export const handler = httpHandler(contract, ({ caller, params, body }) =>
  patchAccountingAssignment(caller, params.uuid, body),
);
