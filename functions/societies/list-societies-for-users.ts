import { listSocietiesForUsers } from '../../shared/contracts/societies';
import { rutSearchNeedle } from '../../shared/rut';
import { pageEntries, rowsWithinBudget } from '../lib/data/list-index';
import { httpHandler } from '../lib/http/http-handler';
import { societyEntriesInScope, societyRef } from './society-lists';

/**
 * GET api/v1/societies/user/list/: the society picker of the invite and user forms: societies in scope, by project,
 * group or society, searched by name, RUT or code as the person types, or asked by uuid (`uuids=`, the ones already
 * selected on an edit form). Served from the listing entries alone.
 */
export const handler = httpHandler(listSocietiesForUsers, async ({ caller, query }) => {
  const wanted = query.uuids && new Set(query.uuids);
  const { count, page } = pageEntries(await societyEntriesInScope(caller, query), {
    ...query,
    search: rutSearchNeedle(query.search),
    filter: (e) => (!query.society || e.id === query.society) && (!wanted || wanted.has(e.id)),
    text: (v) => v.s,
    ordering: { key: (v) => v.s, descending: false },
  });
  return { count, results: await rowsWithinBudget(page, (slice) => slice.map(societyRef)) };
});
