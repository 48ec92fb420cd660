import { listInvitations } from '../../shared/contracts/registration';
import { httpHandler } from '../lib/http/http-handler';
import { pageInvitations } from './invitation-views';

/** GET api/v1/register/invitations/: pending invitations in scope, newest first. */
export const handler = httpHandler(listInvitations, ({ caller, query }) => pageInvitations(caller, query), {
  // Reads only: the caller's memberships check joins the page's own reads (batch-get-extras.ts).
  readOnlyList: true,
});
