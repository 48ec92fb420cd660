import type { Role } from '../../../shared/roles';
import { config } from '../config';
import { normalizeSearch, pageEntries, rowsWithinBudget } from './list-index';
import { readPrefix, readPrefixPage } from './sorted-index';
import type { Directory, Entry, Partitions } from './table';
import {
  allUsers,
  personOfEntry,
  pickerPrefix,
  readUserEntries,
  USER_ORDERS,
  type UserEntry,
  userEntry,
  usersOfGroup,
  usersOfProject,
  userText,
} from './user-listing';
import { getUsers } from './users';

/** The listing directories of a reach: every user's, or its projects' and groups' members. */
function directoriesOf(reach: Partitions) {
  if (reach === 'all') return [allUsers()];
  return [...reach.projects.map(usersOfProject), ...reach.groups.map(usersOfGroup)];
}

export interface PickerQuery {
  project?: string;
  search?: string;
  /** `prefix`: the search text starts the person's first name, then last name (the index serves it). */
  match?: 'contains' | 'prefix';
  /** Only these users (an edit form's selected members, shown by name whatever the page). */
  uuids?: string[];
  offset: number;
  limit: number;
}

/** The normalised start of the name `match=prefix` searches for (undefined for text anywhere, or no search). */
const prefixOf = (query: PickerQuery) =>
  query.search && query.match === 'prefix' ? normalizeSearch(query.search) : undefined;

/**
 * The one index partition that holds every user a picker may offer, when there is one: every user's for a reach of
 * the whole portal, one project's when the picker names it or the reach is that one project. A reach with groups
 * (a GROUP_ADMIN's: small directories) or several projects reads the directories.
 */
function pickerPartition(reach: Partitions, project: string | undefined): Directory | undefined {
  if (reach === 'all') return project ? usersOfProject(project) : allUsers();
  const [only, ...more] = reach.projects;
  return only && more.length === 0 && reach.groups.length === 0 ? usersOfProject(only) : undefined;
}

/** Whether a user is in a reach that pickerPartition serves (a named user is read by id, not found in a partition). */
const inPartition = (reach: Partitions, project: string | undefined, entry: UserEntry) => {
  const only = reach === 'all' ? project : reach.projects[0];
  return only === undefined || entry.p.includes(only);
};

/**
 * The people pickers of the admin forms (any of 50,000 users can be found): enabled users of one role within
 * `reach` (whom the caller may assign: scope.ts assignablePartitions), of a project when one is named, searched by
 * name or e-mail on the server as the person types, a page at a time, by name. `accept` narrows further; its
 * candidates are few (the project admins: it reads all of them).
 *
 * Where one index partition holds them all (pickerPartition), the default page and a prefix search are a range of
 * the users' `E` order (user-listing.ts: enabled, role, name), counted by its buckets: a cost that does not grow with
 * the partition. Named users (`uuids=`) are read by id. Text anywhere in a name or e-mail reads the directories.
 */
export async function pickPeople(
  reach: Partitions,
  role: Role,
  query: PickerQuery,
  accept?: (e: UserEntry) => boolean,
) {
  const prefix = prefixOf(query);
  // `accept` decides about the project itself (a free project admin is in none).
  const project = accept ? undefined : query.project;
  const partition = config.listIndexes ? pickerPartition(reach, project) : undefined;
  if (partition && query.uuids) return namedPeople(reach, role, { ...query, project }, accept);
  if (partition && (!query.search || prefix !== undefined)) {
    const range = `${pickerPrefix(role)}${prefix ?? ''}`;
    if (accept) {
      return pagePeople(await readPrefix<UserEntry>(partition, USER_ORDERS.active, range), query, accept);
    }
    const page = await readPrefixPage<UserEntry>(partition, USER_ORDERS.active, range, query);
    if (page) return { count: page.count, results: await rowsWithinBudget(page.rows, (s) => s.map(personOfEntry)) };
  }
  const { entries } = await readUserEntries(directoriesOf(reach));
  const inProject = (v: UserEntry) => !project || v.p.includes(project);
  return pagePeople(entries, query, (v) => v.r === role && v.e && inProject(v) && (!accept || accept(v)));
}

/** The users named by `uuids=`, read by id and kept when the picker would offer them. */
async function namedPeople(reach: Partitions, role: Role, query: PickerQuery, accept?: (e: UserEntry) => boolean) {
  const users = await getUsers([...new Set(query.uuids)]);
  const entries = users.map((u) => ({ id: u.uuid, value: userEntry(u) }));
  return pagePeople(
    entries.filter((e) => inPartition(reach, query.project, e.value)),
    { ...query, uuids: undefined },
    (v) => v.r === role && v.e && (!accept || accept(v)),
  );
}

/** A page of entries in memory, by name, with `search` (anywhere, or starting the name) and `uuids` applied. */
async function pagePeople(entries: Array<Entry<UserEntry>>, query: PickerQuery, keep: (e: UserEntry) => boolean) {
  const wanted = query.uuids && new Set(query.uuids);
  const prefix = prefixOf(query);
  const starts = (v: UserEntry) => prefix === undefined || `${v.a} ${v.b}`.startsWith(prefix);
  const { count, page } = pageEntries(entries, {
    ...query,
    search: prefix === undefined ? query.search : undefined,
    filter: (e) => keep(e.value) && starts(e.value) && (!wanted || wanted.has(e.id)),
    text: userText,
    ordering: { key: (v) => `${v.a} ${v.b}`, descending: false },
  });
  return { count, results: await rowsWithinBudget(page, (slice) => slice.map(personOfEntry)) };
}
