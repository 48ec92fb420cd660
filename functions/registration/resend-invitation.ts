import { resendInvitation as contract } from '../../shared/contracts/registration';
import { httpHandler } from '../lib/http/http-handler';
import { resendInvitation } from './invitations';

/** PUT api/v1/register/invitations/{id}/: a new link by mail; the old one stops working. */
export const handler = httpHandler(contract, ({ caller, params }) => resendInvitation(caller, params.id));
