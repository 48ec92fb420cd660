import { resetPassword as contract } from '../../shared/contracts/registration';
import { countHit } from '../lib/data/throttle';
import { clientIp, requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { resetPassword } from './accounts';

/** PATCH api/v1/users/password/reset/: set a new password with a password link (link uses throttled per address). */
export const handler = httpHandler(contract, async ({ body, event }) => {
  await countHit('IP_LINK_CHECK', clientIp(event));
  return resetPassword(body.token, body.password, requestOrigin(event));
});
