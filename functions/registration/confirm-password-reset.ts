import { confirmPasswordReset } from '../../shared/contracts/registration';
import { countHit } from '../lib/data/throttle';
import { clientIp } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { confirmPasswordToken } from './accounts';

/** GET api/v1/users/password/reset/?token=: is this password link alive? (throttled per address) */
export const handler = httpHandler(confirmPasswordReset, async ({ query, event }) => {
  await countHit('IP_LINK_CHECK', clientIp(event));
  return confirmPasswordToken(query.token);
});
