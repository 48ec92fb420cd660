import type { Role } from '../../../shared/roles';
import type { Caller } from '../auth/caller';
import { seesEverything } from '../scope';
import { pageEntries, rowsWithinBudget } from './list-index';
import {
  allUsers,
  personOfEntry,
  readUserEntries,
  type UserEntry,
  usersOfGroup,
  usersOfProject,
  userText,
} from './user-listing';

/**
 * The listing directories of the people a caller may assign (issue 8): SUPER_ADMIN everyone; a PROJECT_ADMIN the
 * members of its projects (one project when the form names one); a GROUP_ADMIN the members of its groups and of their
 * societies, never a sibling group's: it brings new people in by invitation.
 */
function assignableDirectories(caller: Caller, project: string | undefined) {
  // SUPER_ADMIN reads every user: the project admin picker also offers admins of no project yet.
  if (seesEverything(caller)) return [allUsers()];
  if (caller.role === 'PROJECT_ADMIN') {
    return caller.user.project_uuids.filter((p) => !project || p === project).map(usersOfProject);
  }
  if (caller.role === 'GROUP_ADMIN') return caller.user.group_uuids.map(usersOfGroup);
  return [];
}

export interface PickerQuery {
  project?: string;
  search?: string;
  /** Only these users (an edit form's selected members, shown by name whatever the page). */
  uuids?: string[];
  offset: number;
  limit: number;
}

/**
 * The people pickers of the admin forms (issue 9: any of 50,000 users can be found): enabled users of one role that
 * the caller may assign, of a project when one is named, searched by name or e-mail on the server as the person
 * types, a page at a time, by name; served from the listing entries alone (one call beside the caller's).
 */
export async function pickPeople(
  caller: Caller,
  role: Role,
  query: PickerQuery,
  accept: (entry: UserEntry) => boolean = (v) => !query.project || v.p.includes(query.project),
) {
  const { entries } = await readUserEntries(assignableDirectories(caller, query.project));
  const wanted = query.uuids && new Set(query.uuids);
  const { count, page } = pageEntries(entries, {
    ...query,
    filter: (e) => e.value.r === role && e.value.e && accept(e.value) && (!wanted || wanted.has(e.id)),
    text: userText,
    ordering: { key: (v) => `${v.a} ${v.b}`, descending: false },
  });
  return { count, results: await rowsWithinBudget(page, (slice) => slice.map(personOfEntry)) };
}
