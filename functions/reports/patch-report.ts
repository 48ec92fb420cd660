import { patchReport as contract } from '../../shared/contracts/reports';
import { httpHandler } from '../lib/http/http-handler';
import { patchReport } from './reports';

/** PATCH api/v1/modules/reports/report/{uuid}/: only the fields sent; {enable} toggles it. */
export const handler = httpHandler(contract, ({ caller, params, body, files }) =>
  patchReport(caller, params.uuid, body, files),
);
