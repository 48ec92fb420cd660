import { listUsers } from '../../shared/contracts/users';
import { listPage } from '../lib/data/list-index';
import { keys } from '../lib/data/table';
import type { UserRecord } from '../lib/data/users';
import { httpHandler } from '../lib/http/http-handler';
import { userEntriesInScope, userOrdering, userViews } from './users';

/** GET api/v1/users/user/: users in scope by project, group, society and role, searched and ordered. */
export const handler = httpHandler(listUsers, async ({ caller, query }) => {
  const { count, items } = await listPage<UserRecord>(
    await userEntriesInScope(caller, query),
    { ...query, ordering: userOrdering(query.ordering) },
    keys.user,
  );
  return { count, results: await userViews(items) };
});
