import { listMyGroups } from '../../shared/contracts/groups';
import { type GroupRecord, groupEntry } from '../lib/data/groups';
import { getItems } from '../lib/data/list-index';
import { keys } from '../lib/data/table';
import { httpHandler } from '../lib/http/http-handler';
import { groupEntriesInScope } from './group-lists';

/**
 * GET api/v1/groups/user/group/: the groups the caller works with: all for SUPER_ADMIN, its project's for
 * PROJECT_ADMIN, its own for everyone else (the selector of /home). Admins' lists come from the listing entries.
 */
export const handler = httpHandler(listMyGroups, async ({ caller, query }) => {
  const admin = caller.role === 'SUPER_ADMIN' || caller.role === 'PROJECT_ADMIN';
  const entries = admin
    ? await groupEntriesInScope(caller, query.project)
    : (await getItems<GroupRecord>(caller.user.group_uuids.map((uuid) => keys.group(uuid)))).map((g) => ({
        id: g.uuid,
        value: groupEntry(g),
      }));
  return entries
    .filter((e) => !query.project || e.value.p === query.project)
    .map((e) => ({ uuid: e.id, group_name: e.value.n, project: e.value.p, enable: e.value.e }))
    .sort((a, b) => a.group_name.localeCompare(b.group_name, 'es'));
});
