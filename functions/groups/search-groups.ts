import { searchGroups } from '../../shared/contracts/groups';
import type { GroupRecord } from '../lib/data/groups';
import { listPage } from '../lib/data/list-index';
import { keys } from '../lib/data/table';
import { httpHandler } from '../lib/http/http-handler';
import { groupEntriesInScope, groupOrdering, groupViews } from './groups';

/** GET api/v1/groups/search/: groups in scope whose name contains the text. */
export const handler = httpHandler(searchGroups, async ({ caller, query }) => {
  const entries = await groupEntriesInScope(caller, query.project);
  const { count, items } = await listPage<GroupRecord>(
    entries,
    { ...query, ordering: groupOrdering(query.ordering) },
    keys.group,
  );
  return { count, results: await groupViews(items) };
});
