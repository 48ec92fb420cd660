import { listMyGroups } from '../../shared/contracts/groups';
import type { GroupRecord } from '../lib/data/groups';
import { getItems } from '../lib/data/list-index';
import { keys } from '../lib/data/table';
import { httpHandler } from '../lib/http/http-handler';
import { groupEntriesInScope } from './groups';

/**
 * GET api/v1/groups/user/group/: the groups the caller works with: all for SUPER_ADMIN, its project's for
 * PROJECT_ADMIN, its own for everyone else (the selector of /home).
 */
export const handler = httpHandler(listMyGroups, async ({ caller, query }) => {
  const admin = caller.role === 'SUPER_ADMIN' || caller.role === 'PROJECT_ADMIN';
  const uuids = admin ? (await groupEntriesInScope(caller, query.project)).map((e) => e.uuid) : caller.user.group_uuids;
  const groups = await getItems<GroupRecord>(uuids.map((uuid) => keys.group(uuid)));
  return groups
    .filter((g) => !query.project || g.project_uuid === query.project)
    .map((g) => ({ uuid: g.uuid, group_name: g.group_name, project: g.project_uuid, enable: g.enable }))
    .sort((a, b) => a.group_name.localeCompare(b.group_name, 'es'));
});
