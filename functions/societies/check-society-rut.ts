import { checkSocietyRut } from '../../shared/contracts/societies';
import { societyOfRut } from '../lib/data/societies';
import { httpHandler } from '../lib/http/http-handler';

/**
 * GET api/v1/societies/rut-available/?rut=: is this RUT free? The wizard asks when leaving step 1 (issue 14), so a
 * taken RUT is said beside its field; the create still refuses it (409 RUT_TAKEN) should it be taken meanwhile.
 */
export const handler = httpHandler(checkSocietyRut, async ({ query }) => ({
  available: !(await societyOfRut(query.rut)),
}));
