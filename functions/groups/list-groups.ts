import { listGroups } from '../../shared/contracts/groups';
import { httpHandler } from '../lib/http/http-handler';
import { pageGroups } from './group-lists';

/** GET api/v1/groups/group/: groups in scope, by project, searched, 'Ultima edicion' first unless ordered. */
export const handler = httpHandler(listGroups, ({ caller, query }) => pageGroups(caller, query), {
  // Reads only: the caller's memberships check joins the page's own reads (batch-get-extras.ts).
  readOnlyList: true,
});
