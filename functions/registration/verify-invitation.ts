import { verifyInvitation } from '../../shared/contracts/registration';
import { countHit } from '../lib/data/throttle';
import { clientIp } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { verifyInvitationToken } from './accounts';

/** GET api/v1/register/invitation/?token=: is this invitation link alive? (400 INVALID_TOKEN → /expiredToken) */
export const handler = httpHandler(verifyInvitation, async ({ query, event }) => {
  await countHit('IP_LINK_CHECK', clientIp(event));
  return verifyInvitationToken(query.token);
});
