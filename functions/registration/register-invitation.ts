import { registerInvitation } from '../../shared/contracts/registration';
import { countHit } from '../lib/data/throttle';
import { clientIp, requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { registerFromInvitation } from './accounts';

/** POST api/v1/register/invitation/: create the invited account; the link is consumed (throttled per address). */
export const handler = httpHandler(registerInvitation, async ({ body, event }) => {
  await countHit('IP_REGISTRATION', clientIp(event));
  return registerFromInvitation(body, requestOrigin(event));
});
