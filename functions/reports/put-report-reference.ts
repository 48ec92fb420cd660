import { putReportReference as contract } from '../../shared/contracts/reports';
import { httpHandler } from '../lib/http/http-handler';
import { putReference } from './report-references';

/** POST api/v1/modules/reportUsuario/report-usuario/: whether one user may see one report. */
export const handler = httpHandler(contract, ({ caller, body }) => putReference(caller, body));
