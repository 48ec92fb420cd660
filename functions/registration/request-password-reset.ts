import { requestPasswordReset as contract } from '../../shared/contracts/registration';
import { countHit } from '../lib/data/throttle';
import { clientIp } from '../lib/http/client-ip';
import { evenAnswer } from '../lib/http/even-answer';
import { httpHandler } from '../lib/http/http-handler';
import { requestPasswordReset } from './accounts';

/**
 * POST api/v1/users/password/reset/: mail a password link (throttled per address and per client address). Registered
 * or not, the address gets the same answer at the same time (evenAnswer).
 */
export const handler = httpHandler(contract, async ({ body, event }) => {
  await countHit('IP_PASSWORD_RESET', clientIp(event));
  return evenAnswer(() => requestPasswordReset(body.email));
});
