import type { Role } from '../../../shared/roles';
import { pageEntries, rowsWithinBudget } from './list-index';
import type { Partitions } from './table';
import {
  allUsers,
  personOfEntry,
  readUserEntries,
  type UserEntry,
  usersOfGroup,
  usersOfProject,
  userText,
} from './user-listing';

/** The listing directories of a reach: every user's, or its projects' and groups' members. */
function directoriesOf(reach: Partitions) {
  if (reach === 'all') return [allUsers()];
  return [...reach.projects.map(usersOfProject), ...reach.groups.map(usersOfGroup)];
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
 * The people pickers of the admin forms (any of 50,000 users can be found): enabled users of one role within
 * `reach` (whom the caller may assign: scope.ts assignablePartitions), of a project when one is named, searched by
 * name or e-mail on the server as the person types, a page at a time, by name; served from the listing entries alone (one call beside the caller's).
 */
export async function pickPeople(
  reach: Partitions,
  role: Role,
  query: PickerQuery,
  accept: (entry: UserEntry) => boolean = (v) => !query.project || v.p.includes(query.project),
) {
  const { entries } = await readUserEntries(directoriesOf(reach));
  const wanted = query.uuids && new Set(query.uuids);
  const { count, page } = pageEntries(entries, {
    ...query,
    filter: (e) => e.value.r === role && e.value.e && accept(e.value) && (!wanted || wanted.has(e.id)),
    text: userText,
    ordering: { key: (v) => `${v.a} ${v.b}`, descending: false },
  });
  return { count, results: await rowsWithinBudget(page, (slice) => slice.map(personOfEntry)) };
}
