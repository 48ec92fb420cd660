import { generateInvitation } from '../../shared/contracts/registration';
import { httpHandler } from '../lib/http/http-handler';
import { createInvitation } from './invitations';

/** POST api/v1/register/generate-invitation/: invite an e-mail with a role and its targets (mail via SES). */
export const handler = httpHandler(generateInvitation, ({ caller, body }) => createInvitation(caller, body));
