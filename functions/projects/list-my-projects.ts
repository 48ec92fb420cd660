import { listMyProjects } from '../../shared/contracts/projects';
import { pageEntries, rowsWithinBudget } from '../lib/data/list-index';
import { projectEntriesByUuid, readProjectEntries } from '../lib/data/projects';
import { httpHandler } from '../lib/http/http-handler';
import { seesEverything } from '../lib/scope';

/**
 * GET api/v1/projects/user/project/: the caller's projects (every project for SUPER_ADMIN, from the listing), by name,
 * and the project pickers and filters: searched by name or client as the person types, paged, or asked by
 * uuid (`uuids=`, the ones already selected on an edit form). Another tenant's project is never among them.
 */
export const handler = httpHandler(listMyProjects, async ({ caller, query }) => {
  const entries = seesEverything(caller)
    ? await readProjectEntries()
    : await projectEntriesByUuid(caller.user.project_uuids);
  const wanted = query.uuids && new Set(query.uuids);
  const { count, page } = pageEntries(entries, {
    ...query,
    filter: (e) => !wanted || wanted.has(e.id),
    text: (v) => v.s,
    ordering: { key: (v) => v.k, descending: false },
  });
  return {
    count,
    results: await rowsWithinBudget(page, (slice) =>
      slice.map((e) => ({ uuid: e.id, project_name: e.value.n, enable: e.value.e })),
    ),
  };
});
