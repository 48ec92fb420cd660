import type { Role } from '../../../shared/roles';
import type { Caller } from '../http/types';
import { seesEverything } from '../scope';
import { listPage, readIndex } from './list-index';
import { keys } from './table';
import { personRef, type UserRecord } from './users';

/**
 * The people pickers of the admin forms: enabled users of one role, of a project when one is named (and always of the
 * caller's projects unless SUPER_ADMIN), searched by name or e-mail, a page at a time.
 */
export async function pickPeople(
  caller: Caller,
  role: Role,
  query: { project?: string; search?: string; offset: number; limit: number },
  accept: (user: UserRecord) => boolean = (u) => !query.project || u.project_uuids.includes(query.project),
) {
  const entries = (await readIndex('gsi3', 'USERS')).filter((e) => e.user_role === role && e.enable);
  const { items } = await listPage<UserRecord>(
    entries,
    { search: query.search, offset: 0, limit: entries.length, ordering: { field: 'name_sort', descending: false } },
    keys.user,
  );
  const allowed = seesEverything(caller) ? undefined : new Set(caller.user.project_uuids);
  const fits = items.filter((u) => accept(u) && (!allowed || u.project_uuids.some((p) => allowed.has(p))));
  return { count: fits.length, results: fits.slice(query.offset, query.offset + query.limit).map(personRef) };
}
