import { listReportReferences as contract } from '../../shared/contracts/reports';
import { httpHandler } from '../lib/http/http-handler';
import { listReferences } from './report-references';

/** GET api/v1/modules/reportUsuario/report-usuario/: the caller's references, or (admins) one report's. */
export const handler = httpHandler(contract, ({ caller, query }) => listReferences(caller, query.reporte));
