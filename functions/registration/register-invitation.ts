import { registerInvitation } from '../../shared/contracts/registration';
import { httpHandler } from '../lib/http/http-handler';
import { registerFromInvitation } from './accounts';

/** POST api/v1/register/invitation/: create the invited account; the link is consumed. */
export const handler = httpHandler(registerInvitation, ({ body }) => registerFromInvitation(body));
