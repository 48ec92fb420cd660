import type { USER_ORDERINGS } from '../../shared/contracts/users';
import { INVITABLE_ROLES as INVITABLE } from '../../shared/roles';
import { rutSearchNeedle } from '../../shared/rut';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import type { GroupRecord } from '../lib/data/groups';
import {
  batchGet,
  getItems,
  normalizeSearch,
  type Ordering,
  pageEntries,
  rowsWithinBudget,
  uniqueEntries,
} from '../lib/data/list-index';
import type { SocietyRecord } from '../lib/data/societies';
import { counterKeys, countIn, readCountedPage, readPrefix } from '../lib/data/sorted-index';
import { type MailSuppression, readSuppressions, suppressionAddress, suppressionKey } from '../lib/data/suppression';
import { type Directory, type Entry, keys, strip } from '../lib/data/table';
import { documentationProjects } from '../lib/data/user-documentation';
import {
  activeOrderValue,
  allUsers,
  managedUsersOfProject,
  readUserEntries,
  USER_ORDERS,
  type UserEntry,
  usersOfGroup,
  usersOfProject,
  usersOfSociety,
  userText,
} from '../lib/data/user-listing';
import type { UserRecord } from '../lib/data/user-record';
import { notFound } from '../lib/errors';
import { assetUrl } from '../lib/files';
import {
  groupInScope,
  type MembershipRef,
  projectInScope,
  seesEverything,
  societyInScope,
  userSides,
} from '../lib/scope';

/** How users are shown and listed: the API's user view, the users list's partitions, ordering and pages. */
type Item = Record<string, unknown> & { uuid: string };

/** A user's memberships, from its record and the items of its groups and societies (one gone is left out). */
function membershipsFrom(user: UserRecord, byUuid: Map<string, Item>): MembershipRef[] {
  const groups = user.group_uuids.flatMap((uuid) => {
    const g = byUuid.get(uuid);
    return g && 'group_name' in g
      ? [{ field: 'group_uuids' as const, uuid, project_uuid: String(g.project_uuid) }]
      : [];
  });
  const societies = user.society_uuids.flatMap((uuid) => {
    const s = byUuid.get(uuid);
    return s && 'society_business_name' in s
      ? [
          {
            field: 'society_uuids' as const,
            uuid,
            project_uuid: String(s.project_uuid),
            group_uuid: String(s.group_uuid),
          },
        ]
      : [];
  });
  const projects = user.project_uuids.map((uuid) => ({ field: 'project_uuids' as const, uuid, project_uuid: uuid }));
  return [...projects, ...groups, ...societies];
}

/**
 * Users as the API shows them to an admin (admin-area §3), with the names of their projects, groups and societies.
 * A person several firms share is seen per firm: only the memberships inside the caller's scope, and
 * `user_documentation` true when every firm of the caller's scope the user belongs to has opened its documents to it
 * (false when none does, or the user belongs to none); `account_in_scope` says whether the caller may change the
 * account-wide fields (its scope covers every membership; userSides in scope.ts). `mail`: the suppressed addresses
 * among the users' (read by the lists and the detail), shown as `mail_suppressed`.
 */
export async function userViews(
  caller: Caller,
  users: UserRecord[],
  known: Array<{ uuid: string }> = [],
  mail?: ReadonlyMap<string, MailSuppression>,
) {
  const unique = (list: string[]) => [...new Set(list)];
  const have = new Set(known.map((k) => k.uuid));
  // Names read with the page (from the entries' hints) are not read again. The hints name every membership (a join
  // rewrites all of the user's entries, user-listing.ts), so a page reads nothing here; a single user (no hints) and
  // an entry written before the hints were kept whole (until its user's next join or edit) still read theirs.
  const missing = [
    ...unique(users.flatMap((u) => u.project_uuids))
      .filter((p) => !have.has(p))
      .map((p) => keys.project(p)),
    ...unique(users.flatMap((u) => u.group_uuids))
      .filter((g) => !have.has(g))
      .map((g) => keys.group(g)),
    ...unique(users.flatMap((u) => u.society_uuids))
      .filter((s) => !have.has(s))
      .map((s) => keys.society(s)),
  ];
  const all = [...known, ...(missing.length > 0 ? await getItems<{ uuid: string }>(missing) : [])] as Item[];
  const byUuid = new Map(all.map((item) => [item.uuid, item]));
  const names = (uuids: string[], field: string) =>
    uuids.flatMap((uuid) => {
      const item = byUuid.get(uuid);
      return item && field in item ? [{ uuid, [field]: String(item[field]) }] : [];
    });
  return Promise.all(
    users.map(async (u) => {
      const sides = userSides(caller, membershipsFrom(u, byUuid));
      const seen = (field: MembershipRef['field']) => sides.visible.filter((m) => m.field === field).map((m) => m.uuid);
      const open = documentationProjects(u);
      const suppressed = mail?.get(suppressionAddress(u.email));
      return {
        uuid: u.uuid,
        first_name: u.first_name,
        last_name: u.last_name,
        email: u.email,
        enable: u.enable,
        is_active: u.enable,
        created: u.created,
        updated: u.updated ?? u.created,
        version: u.version,
        /** An e-mail change waiting for its link (the login is still `email`). */
        pending_email: u.pending_email ?? null,
        last_login: u.last_login ?? null,
        account_in_scope: sides.whole,
        profile: {
          user_role: u.user_role,
          rut_user: u.rut_user,
          phone_number: u.phone_number,
          user_description: u.user_description,
          position: u.position,
          user_magnus: u.user_magnus,
          user_documentation: sides.projects.length > 0 && sides.projects.every((p) => open.includes(p)),
          image: await assetUrl(u.image),
        },
        project: names(seen('project_uuids'), 'project_name'),
        group: names(seen('group_uuids'), 'group_name'),
        society: names(seen('society_uuids'), 'society_business_name'),
        ...(suppressed && { mail_suppressed: suppressed }),
      };
    }),
  );
}

export type UserView = Awaited<ReturnType<typeof userViews>>[number];

export async function userView(
  caller: Caller,
  user: UserRecord,
  mail?: ReadonlyMap<string, MailSuppression>,
): Promise<UserView> {
  return (await userViews(caller, [user], [], mail))[0] as UserView;
}

type UserOrdering = Ordering<UserEntry>;
const ORDERINGS: Record<(typeof USER_ORDERINGS)[number], UserOrdering> = {
  '-updated': { key: (v) => v.u, descending: true },
  first_name: { key: (v) => `${v.a} ${v.b}`, descending: false },
  '-first_name': { key: (v) => `${v.a} ${v.b}`, descending: true },
  last_name: { key: (v) => `${v.b} ${v.a}`, descending: false },
  '-last_name': { key: (v) => `${v.b} ${v.a}`, descending: true },
  email: { key: (v) => v.m, descending: false },
  '-email': { key: (v) => v.m, descending: true },
  is_active: { key: activeOrderValue, descending: true },
  '-is_active': { key: activeOrderValue, descending: false },
};

export const userOrdering = (ordering: (typeof USER_ORDERINGS)[number] | undefined) =>
  ORDERINGS[ordering ?? '-updated'];

/** The directories of the users a caller may list by default: everyone, its projects' or its groups' users. */
export function usersInScopeDirectories(caller: Caller) {
  if (seesEverything(caller)) return [allUsers()];
  if (caller.role === 'PROJECT_ADMIN') return caller.user.project_uuids.map(usersOfProject);
  if (caller.role === 'GROUP_ADMIN') return caller.user.group_uuids.map(usersOfGroup);
  return [];
}

/**
 * Listing entries of the users a caller may list, in one call: of one society, group or project (404 outside scope;
 * the parent is read in the same call), or of its whole scope; one entry per user, of the roles it manages.
 */
export async function userEntriesInScope(
  caller: Caller,
  filter: { project?: string; group?: string; society?: string; user_role?: string },
): Promise<Array<Entry<UserEntry>>> {
  let entries: Array<Entry<UserEntry>>;
  if (filter.society) {
    const read = await readUserEntries([usersOfSociety(filter.society)], [keys.society(filter.society)]);
    const society = read.extra[0] as SocietyRecord | undefined;
    if (!society || !societyInScope(caller, society)) throw notFound();
    entries = read.entries;
  } else if (filter.group) {
    const read = await readUserEntries([usersOfGroup(filter.group)], [keys.group(filter.group)]);
    const group = read.extra[0] as GroupRecord | undefined;
    if (!group || !groupInScope(caller, group)) throw notFound();
    entries = read.entries;
  } else if (filter.project) {
    if (!projectInScope(caller, filter.project)) throw notFound();
    entries = (await readUserEntries([usersOfProject(filter.project)])).entries;
  } else {
    entries = (await readUserEntries(usersInScopeDirectories(caller))).entries;
  }
  const allowed = seesEverything(caller) ? undefined : INVITABLE[caller.role];
  return entries.filter(
    (e) => (!filter.user_role || e.value.r === filter.user_role) && (!allowed || allowed.includes(e.value.r)),
  );
}

/**
 * User rows of a page: the users and the names of all their memberships (from the entries' hints, which name every
 * membership of the user), in one BatchGet: with the caller's Get and the directory's, a page is 3 calls.
 */
async function userRows(caller: Caller, page: Array<Entry<UserEntry>>) {
  return (await userRowsWith(caller, page)).rows;
}

/**
 * The same, with the counters of the partition the page was read from in the same BatchGet (sorted-index.ts), and the
 * suppressions of the addresses the entries name. Index rows of orders other than the default may hold older hints
 * (user-listing.ts): a name missing is read by userViews, an address changed since by readSuppressions.
 */
async function userRowsWith(caller: Caller, page: Array<Entry<UserEntry>>, counted?: Directory) {
  const addresses = new Set(page.map((e) => suppressionAddress(e.value.m)));
  const keyList = [
    ...page.map((e) => keys.user(e.id)),
    ...[...new Set(page.flatMap((e) => e.value.p ?? []))].map((p) => keys.project(p)),
    ...[...new Set(page.flatMap((e) => e.value.g ?? []))].map((g) => keys.group(g)),
    ...[...new Set(page.flatMap((e) => e.value.s ?? []))].map((s) => keys.society(s)),
  ];
  type Item = Record<string, unknown> & { uuid: string };
  const read = await batchGet([
    ...keyList,
    ...[...addresses].map(suppressionKey),
    ...(counted ? counterKeys(counted) : []),
  ]);
  const found = keyList.flatMap((k) => {
    const item = read.get(`${k.pk}|${k.sk}`);
    return item ? [strip(item) as Item] : [];
  });
  const byUuid = new Map(found.map((item) => [item.uuid, item]));
  const users = page.flatMap((e) => (byUuid.get(e.id) as UserRecord | undefined) ?? []);
  const names = found.filter((item) => !('user_role' in item) || 'project_name' in item);
  const mail = await readSuppressions(
    users.map((u) => u.email),
    { addresses, found: read },
  );
  return { rows: await userViews(caller, users, names, mail), count: counted ? countIn(read, counted) : undefined };
}

/** Each ordering as a walk of an order of the sorted index: the same order, ties by id, as userOrdering's. */
const INDEX_ORDERINGS: Record<(typeof USER_ORDERINGS)[number], { order: string; descending: boolean }> = {
  '-updated': { order: USER_ORDERS.updated, descending: true },
  first_name: { order: USER_ORDERS.first, descending: false },
  '-first_name': { order: USER_ORDERS.first, descending: true },
  last_name: { order: USER_ORDERS.last, descending: false },
  '-last_name': { order: USER_ORDERS.last, descending: true },
  email: { order: USER_ORDERS.email, descending: false },
  '-email': { order: USER_ORDERS.email, descending: true },
  is_active: { order: USER_ORDERS.active, descending: true },
  '-is_active': { order: USER_ORDERS.active, descending: false },
};

type UserQuery = Parameters<typeof userEntriesInScope>[1] & {
  ordering?: (typeof USER_ORDERINGS)[number];
  search?: string;
  match?: 'contains' | 'prefix';
  offset: number;
  limit: number;
};

/**
 * The one partition whose sorted index serves a page (docs/decisions/list-paging.md): every user or one project's for
 * a SUPER_ADMIN, the users a PROJECT_ADMIN manages in its one project (or the project it filters by); undefined where
 * a page reads the directories (a group or a society, a role filter, a scope of several projects, a GROUP_ADMIN,
 * indexes not yet backfilled). 404 outside scope, as userEntriesInScope.
 */
function indexedPartition(caller: Caller, query: UserQuery): Directory | undefined {
  if (!config.listIndexes || query.group || query.society || query.user_role) return undefined;
  if (query.project && !projectInScope(caller, query.project)) throw notFound();
  if (seesEverything(caller)) return query.project ? usersOfProject(query.project) : allUsers();
  if (caller.role !== 'PROJECT_ADMIN') return undefined;
  if (query.project) return managedUsersOfProject(query.project);
  const [only, ...more] = caller.user.project_uuids;
  return only && more.length === 0 ? managedUsersOfProject(only) : undefined;
}

/**
 * A page of the users list (and of its search twin). The default page in any ordering and a prefix search of the
 * names or e-mail read the partition's sorted index (a cost that does not grow with the partition); a search for
 * text anywhere, and the filters by group, society or role, read the directories (they grow with them).
 */
export async function pageUsers(caller: Caller, query: UserQuery) {
  const prefix = query.match === 'prefix' && query.search ? normalizeSearch(query.search) : undefined;
  const directory = indexedPartition(caller, query);
  if (directory && (!query.search || prefix)) return pageIndexedUsers(caller, query, directory, prefix);
  const { count, page } = pageEntries(await userEntriesInScope(caller, query), {
    ...query,
    // A RUT typed with dots or spaces finds the canonical one.
    search: prefix ? undefined : rutSearchNeedle(query.search),
    text: userText,
    filter: prefix ? (e) => startsWithPrefix(e.value, prefix) : undefined,
    ordering: userOrdering(query.ordering),
  });
  return { count, results: await rowsWithinBudget(page, (rows) => userRows(caller, rows)) };
}

/** A prefix of the first name, of the last name (each followed by the other) or of the e-mail. */
const startsWithPrefix = (v: UserEntry, prefix: string) =>
  `${v.a} ${v.b}`.startsWith(prefix) || `${v.b} ${v.a}`.startsWith(prefix) || v.m.startsWith(prefix);

async function pageIndexedUsers(caller: Caller, query: UserQuery, directory: Directory, prefix: string | undefined) {
  if (prefix) {
    const found = await Promise.all(
      [USER_ORDERS.first, USER_ORDERS.last, USER_ORDERS.email].map((order) =>
        readPrefix<UserEntry>(directory, order, prefix),
      ),
    );
    const { count, page } = pageEntries(uniqueEntries(found.flat()), {
      ...query,
      search: undefined,
      ordering: userOrdering(query.ordering),
    });
    return { count, results: await rowsWithinBudget(page, async (rows) => (await userRowsWith(caller, rows)).rows) };
  }
  const { order, descending } = INDEX_ORDERINGS[query.ordering ?? '-updated'];
  return readCountedPage(
    directory,
    order,
    { offset: query.offset, limit: query.limit, descending },
    (slice: Array<Entry<UserEntry>>, counted?: Directory) => userRowsWith(caller, slice, counted),
  );
}
