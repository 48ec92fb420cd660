import { deleteReport as contract } from '../../shared/contracts/reports';
import { httpHandler } from '../lib/http/http-handler';
import { deleteReport } from './reports';

/** DELETE api/v1/modules/reports/report/{uuid}/. */
export const handler = httpHandler(contract, ({ caller, params }) => deleteReport(caller, params.uuid));
