import { listMySocieties } from '../../shared/contracts/societies';
import { getItems, normalizeSearch, rowsWithinBudget, searchText } from '../lib/data/list-index';
import { readSocietyEntries, type SocietyRecord, societiesOfGroup } from '../lib/data/societies';
import { keys } from '../lib/data/table';
import { httpHandler } from '../lib/http/http-handler';
import { societyEntriesInScope, societyRef } from './society-lists';

/**
 * GET api/v1/societies/user/society/: the societies the caller works with (the selectors of /home and statements):
 * for admins those of their scope, for USER_GROUP those of its groups, for USER_SOCIETY its own. Served from the
 * listing entries (one call), except a USER_SOCIETY's few societies, read by key.
 */
export const handler = httpHandler(listMySocieties, async ({ caller, query }) => {
  let rows: Array<ReturnType<typeof societyRef> & { enable: boolean }>;
  if (caller.role === 'USER_SOCIETY') {
    const societies = await getItems<SocietyRecord>(caller.user.society_uuids.map((uuid) => keys.society(uuid)));
    rows = societies.map((s) => ({
      uuid: s.uuid,
      society_business_name: s.society_business_name,
      society_rut: s.society_rut,
      group: s.group_uuid,
      project: s.project_uuid,
      enable: s.enable,
    }));
  } else {
    const entries =
      caller.role === 'USER_GROUP'
        ? (await readSocietyEntries(caller.user.group_uuids.map(societiesOfGroup))).entries
        : await societyEntriesInScope(caller, query);
    rows = entries.map((e) => ({ ...societyRef(e), enable: e.value.e }));
  }
  const needle = query.search ? normalizeSearch(query.search) : '';
  const sorted = rows
    .filter((s) => (!query.project || s.project === query.project) && (!query.group || s.group === query.group))
    .filter((s) => !needle || searchText(s.society_business_name, s.society_rut).includes(needle))
    .sort((a, b) => a.society_business_name.localeCompare(b.society_business_name, 'es'));
  // An unpaged answer still fits Lambda's 6 MB: a portal of tens of thousands of societies is narrowed by `search`.
  return rowsWithinBudget(sorted, (slice) => slice);
});
