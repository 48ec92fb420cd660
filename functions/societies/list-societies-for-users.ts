import { listSocietiesForUsers } from '../../shared/contracts/societies';
import { listPage } from '../lib/data/list-index';
import type { SocietyRecord } from '../lib/data/societies';
import { keys } from '../lib/data/table';
import { httpHandler } from '../lib/http/http-handler';
import { societyEntriesInScope } from './societies';

/** GET api/v1/societies/user/list/: societies in scope for the invite and user forms, by project, group or society. */
export const handler = httpHandler(listSocietiesForUsers, async ({ caller, query }) => {
  const entries = (await societyEntriesInScope(caller, query)).filter(
    (e) => !query.society || e.uuid === query.society,
  );
  const { count, items } = await listPage<SocietyRecord>(
    entries,
    { ...query, ordering: { field: 'name_sort', descending: false } },
    keys.society,
  );
  return {
    count,
    results: items.map((s) => ({
      uuid: s.uuid,
      society_business_name: s.society_business_name,
      society_rut: s.society_rut,
      group: s.group_uuid,
      project: s.project_uuid,
    })),
  };
});
