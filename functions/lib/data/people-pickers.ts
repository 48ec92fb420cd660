import type { Role } from '../../../shared/roles';
import type { Caller } from '../http/types';
import { seesEverything } from '../scope';
import { type IndexEntry, listPage, readIndex } from './list-index';
import { keys } from './table';
import { personRef, type UserRecord } from './users';

/**
 * The listing partitions of the people a caller may assign (issue 8): SUPER_ADMIN everyone; a PROJECT_ADMIN the
 * members of its projects (one project when the form names one); a GROUP_ADMIN the members of its groups and of their
 * societies (membership links of a society carry its group in gsi2), never a sibling group's: it brings new people
 * in by invitation.
 */
async function assignableEntries(caller: Caller, project: string | undefined): Promise<IndexEntry[]> {
  // SUPER_ADMIN reads every user: the project admin picker also offers admins of no project yet.
  if (seesEverything(caller)) return readIndex('gsi3', 'USERS');
  if (caller.role === 'PROJECT_ADMIN') {
    const projects = caller.user.project_uuids.filter((p) => !project || p === project);
    return (await Promise.all(projects.map((p) => readIndex('gsi1', `PROJECT#${p}#USERS`)))).flat();
  }
  if (caller.role === 'GROUP_ADMIN') {
    const entries = await Promise.all(caller.user.group_uuids.map((g) => readIndex('gsi2', `GROUP#${g}#USERS`)));
    return entries.flat().filter((e) => !project || e.project_uuid === project);
  }
  return [];
}

/**
 * The people pickers of the admin forms: enabled users of one role that the caller may assign, of a project when one
 * is named, searched by name or e-mail, a page at a time.
 */
export async function pickPeople(
  caller: Caller,
  role: Role,
  query: { project?: string; search?: string; offset: number; limit: number },
  accept: (user: UserRecord) => boolean = (u) => !query.project || u.project_uuids.includes(query.project),
) {
  const seen = new Set<string>();
  const entries = (await assignableEntries(caller, query.project)).filter((e) => {
    if (e.user_role !== role || !e.enable || seen.has(e.uuid)) return false;
    seen.add(e.uuid);
    return true;
  });
  const { items } = await listPage<UserRecord>(
    entries,
    { search: query.search, offset: 0, limit: entries.length, ordering: { field: 'name_sort', descending: false } },
    keys.user,
  );
  const fits = items.filter((u) => u.enable && accept(u));
  return { count: fits.length, results: fits.slice(query.offset, query.offset + query.limit).map(personRef) };
}
