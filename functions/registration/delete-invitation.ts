import { deleteInvitation as contract } from '../../shared/contracts/registration';
import { httpHandler } from '../lib/http/http-handler';
import { deleteInvitation } from './invitations';

/** DELETE api/v1/register/invitations/{id}/: withdraw a pending invitation. */
export const handler = httpHandler(contract, ({ caller, params }) => deleteInvitation(caller, params.id));
