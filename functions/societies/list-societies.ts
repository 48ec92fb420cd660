import { listSocieties } from '../../shared/contracts/societies';
import { httpHandler } from '../lib/http/http-handler';
import { pageSocieties } from './society-lists';

/** GET api/v1/societies/society/: societies in scope by project and group, searched by name, RUT or code. */
export const handler = httpHandler(listSocieties, ({ caller, query }) => pageSocieties(caller, query), {
  // Reads only: the caller's memberships check joins the page's own reads (batch-get-extras.ts).
  readOnlyList: true,
});
