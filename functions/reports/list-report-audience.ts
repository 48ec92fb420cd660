import { listReportAudience as contract } from '../../shared/contracts/reports';
import { httpHandler } from '../lib/http/http-handler';
import { pageAudience } from './report-audience';

/** GET api/v1/modules/reportUsuario/report-usuario/users/: whom a report reaches, with their cant_see. */
export const handler = httpHandler(contract, ({ caller, query }) => pageAudience(caller, query));
