import { listSocietiesForUsers } from '../../shared/contracts/societies';
import { httpHandler } from '../lib/http/http-handler';
import { pageSocietyPicker } from './society-lists';

/**
 * GET api/v1/societies/user/list/: the society picker of the invite, user and request forms: societies in scope, by
 * project, group or society, by name, searched by name, RUT or code as the person types (or by the start of the name
 * or RUT with `match=prefix`), or asked by uuid (`uuids=`, the ones already selected on an edit form).
 */
export const handler = httpHandler(listSocietiesForUsers, ({ caller, query }) => pageSocietyPicker(caller, query), {
  // Reads only: the caller's memberships check joins the page's own reads (batch-get-extras.ts).
  readOnlyList: true,
});
