import { listMyGroups } from '../../shared/contracts/groups';
import { groupEntriesByUuid } from '../lib/data/groups';
import { pageEntries, rowsWithinBudget } from '../lib/data/list-index';
import { httpHandler } from '../lib/http/http-handler';
import { groupEntriesInScope } from './group-lists';

/**
 * GET api/v1/groups/user/group/: the groups the caller works with (all for SUPER_ADMIN, its project's for
 * PROJECT_ADMIN, its own for everyone else; the selector of /home), by name, and the group pickers and filters:
 * searched by name as the person types, paged, or asked by uuid (`uuids=`, the ones already selected).
 * Admins' lists come from the listing entries; a project outside the caller's scope answers 404.
 */
export const handler = httpHandler(listMyGroups, async ({ caller, query }) => {
  const admin = caller.role === 'SUPER_ADMIN' || caller.role === 'PROJECT_ADMIN';
  const entries = admin
    ? await groupEntriesInScope(caller, query.project)
    : await groupEntriesByUuid(caller.user.group_uuids);
  const wanted = query.uuids && new Set(query.uuids);
  const { count, page } = pageEntries(entries, {
    ...query,
    filter: (e) => (!query.project || e.value.p === query.project) && (!wanted || wanted.has(e.id)),
    text: (v) => v.s,
    ordering: { key: (v) => v.s, descending: false },
  });
  return {
    count,
    results: await rowsWithinBudget(page, (slice) =>
      slice.map((e) => ({ uuid: e.id, group_name: e.value.n, project: e.value.p, enable: e.value.e })),
    ),
  };
});
