import { listMySocieties } from '../../shared/contracts/societies';
import { getItems, readIndex } from '../lib/data/list-index';
import type { SocietyRecord } from '../lib/data/societies';
import { keys } from '../lib/data/table';
import { httpHandler } from '../lib/http/http-handler';
import { societyEntriesInScope } from './societies';

/**
 * GET api/v1/societies/user/society/: the societies the caller works with (the selectors of /home and statements):
 * for admins those of their scope, for USER_GROUP those of its groups, for USER_SOCIETY its own.
 */
export const handler = httpHandler(listMySocieties, async ({ caller, query }) => {
  let uuids: string[];
  if (caller.role === 'USER_SOCIETY') uuids = caller.user.society_uuids;
  else if (caller.role === 'USER_GROUP') {
    const lists = await Promise.all(caller.user.group_uuids.map((g) => readIndex('gsi2', `GROUP#${g}#SOCIETIES`)));
    uuids = lists.flat().map((e) => e.uuid);
  } else uuids = (await societyEntriesInScope(caller, query)).map((e) => e.uuid);
  const societies = await getItems<SocietyRecord>(uuids.map((uuid) => keys.society(uuid)));
  return societies
    .filter(
      (s) => (!query.project || s.project_uuid === query.project) && (!query.group || s.group_uuid === query.group),
    )
    .map((s) => ({
      uuid: s.uuid,
      society_business_name: s.society_business_name,
      society_rut: s.society_rut,
      group: s.group_uuid,
      project: s.project_uuid,
      enable: s.enable,
    }))
    .sort((a, b) => a.society_business_name.localeCompare(b.society_business_name, 'es'));
});
