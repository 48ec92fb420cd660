import { searchInvitations } from '../../shared/contracts/registration';
import { httpHandler } from '../lib/http/http-handler';
import { pageInvitations } from './invitation-views';

/** GET api/v1/register/invitations-search/: pending invitations in scope whose e-mail contains the text. */
export const handler = httpHandler(searchInvitations, ({ caller, query }) => pageInvitations(caller, query));
