import { verifyInvitation } from '../../shared/contracts/registration';
import { httpHandler } from '../lib/http/http-handler';
import { verifyInvitationToken } from './accounts';

/** GET api/v1/register/invitation/?token=: is this invitation link alive? (400 INVALID_TOKEN → /expiredToken) */
export const handler = httpHandler(verifyInvitation, ({ query }) => verifyInvitationToken(query.token));
