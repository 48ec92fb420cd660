import { checkSocietyRut } from '../../shared/contracts/societies';
import { httpHandler } from '../lib/http/http-handler';
import { rutAvailable } from './societies';

/**
 * GET api/v1/societies/rut-available/?rut=&group=: is this RUT free in the firm? The wizard asks when leaving step 1,
 * so a taken RUT is said beside its field; the create still refuses it (409 RUT_TAKEN) should it be taken
 * meanwhile. Only the caller's projects are asked: another firm's client answers as a RUT nobody has.
 */
export const handler = httpHandler(checkSocietyRut, ({ caller, query }) =>
  rutAvailable(caller, query.rut, query.group),
);
