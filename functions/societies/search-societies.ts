import { searchSocieties } from '../../shared/contracts/societies';
import { listPage } from '../lib/data/list-index';
import type { SocietyRecord } from '../lib/data/societies';
import { keys } from '../lib/data/table';
import { httpHandler } from '../lib/http/http-handler';
import { societyEntriesInScope, societyViews } from './societies';

/** GET api/v1/societies/search/: societies in scope whose name, RUT or code contains the text. */
export const handler = httpHandler(searchSocieties, async ({ caller, query }) => {
  const entries = await societyEntriesInScope(caller, query);
  const { count, items } = await listPage<SocietyRecord>(
    entries,
    { ...query, search: query.search ?? query.societySearch, ordering: { field: 'updated', descending: true } },
    keys.society,
  );
  return { count, results: await societyViews(items) };
});
