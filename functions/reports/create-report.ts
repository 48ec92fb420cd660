import { createReport as contract } from '../../shared/contracts/reports';
import { httpHandler } from '../lib/http/http-handler';
import { createReport } from './reports';

/** POST api/v1/modules/reports/report/: a report (multipart with its image). */
export const handler = httpHandler(contract, ({ caller, body, files }) => createReport(caller, body, files));
