import { INVITABLE_ROLES, type Role } from '../../../shared/roles';
import { config } from '../config';
import { conflict } from '../errors';
import { putEntry, readDirectories, removeEntry } from './directory';
import { getItems, normalizeSearch, uniqueEntries } from './list-index';
import { type Indexed, indexWrites } from './sorted-index';
import { type Directory, directories, keys } from './table';
import type { TxWrite } from './tx-write';
import { documentationProjects } from './user-documentation';
import type { MembershipTarget, UserRecord } from './user-record';

/**
 * Where users are listed: their entries in the all-users directory and in each membership's (a project's, a
 * group's, a society's users), written in the same transactions as the users and the memberships themselves.
 */
/**
 * A user's listing entry: what the users lists and the people pickers filter, sort, search and show without reading
 * the user (updated, enable, names, e-mail, role, normalised names, projects).
 */
export interface UserEntry {
  u: string;
  e: boolean;
  f: string;
  l: string;
  m: string;
  r: Role;
  a: string;
  b: string;
  /**
   * The user's projects, groups and societies: a users page reads their names in the same call as the users. Every
   * entry of the user holds all of them (a join rewrites every entry of the user, addMembershipWrites), so no name a
   * page shows is missing; one left since may stay until the user's next join or edit (read for nothing).
   */
  p: string[];
  g: string[];
  s: string[];
  /** The canonical RUT, so a users search finds it; absent on entries written before. */
  t?: string | null;
}

export const userEntry = (user: UserRecord): UserEntry => ({
  u: user.updated ?? user.created,
  e: user.enable,
  f: user.first_name,
  l: user.last_name,
  m: user.email,
  r: user.user_role,
  a: normalizeSearch(user.first_name),
  b: normalizeSearch(user.last_name),
  p: user.project_uuids,
  g: user.group_uuids,
  s: user.society_uuids,
  t: user.rut_user,
});

/** What a users search matches: names, e-mail and RUT, without accents or case. */
export const userText = (v: UserEntry) => `${v.a} ${v.b} ${v.m.toLowerCase()} ${(v.t ?? '').toLowerCase()}`;

/** The user's id in a directory: a group lists a member of two of its societies twice, once per society. */
export const userOfEntryId = (id: string) => id.split(':')[0] as string;

/** A membership as far as its listing needs it: the group of a society names the group directory listing it too. */
export type ListedMembership = Pick<MembershipTarget, 'field' | 'uuid' | 'group_uuid'>;

/**
 * Where a membership lists its user: a project's, a group's or a society's users directory; a society's users are
 * listed in its group's too (entry id `<user>:<society>`, so leaving one society of a group keeps the others).
 */
function membershipDirectories(userUuid: string, target: ListedMembership) {
  if (target.field === 'project_uuids') return [{ directory: directories.usersOfProject(target.uuid), id: userUuid }];
  if (target.field === 'group_uuids') return [{ directory: directories.usersOfGroup(target.uuid), id: userUuid }];
  return [
    { directory: directories.usersOfSociety(target.uuid), id: userUuid },
    ...(target.group_uuid
      ? [{ directory: directories.usersOfGroup(target.group_uuid), id: `${userUuid}:${target.uuid}` }]
      : []),
  ];
}

/** Lists a user under a membership (in the caller's transaction). */
export const linkWrites = (user: UserRecord, target: ListedMembership): TxWrite[] =>
  membershipDirectories(user.uuid, target).map(({ directory, id }) => putEntry(directory, id, userEntry(user)));

/** Takes a user off a membership's lists. */
export const unlinkWrites = (user: Pick<UserRecord, 'uuid'>, target: ListedMembership): TxWrite[] =>
  membershipDirectories(user.uuid, target).map(({ directory, id }) => removeEntry(directory, id));

/**
 * The users a PROJECT_ADMIN lists in its project (the roles it manages, INVITABLE_ROLES): a partition of the sorted
 * index only (its directory is the project's, filtered in memory), so such a page is one range too.
 */
export const managedUsersOfProject = (project: string) => ({
  ...directories.usersOfProject(project),
  partition: `PROJECT#${project}#USERS#MANAGED`,
});

/**
 * The orders of a user's sorted index rows (sorted-index.ts), the users list's orderings: `U` by `updated`, `F` by
 * normalised first then last name, `L` by last then first name (both searched by prefix too), `M` by e-mail, `E` by
 * enable ('1' or '0').
 */
export const USER_ORDERS = { updated: 'U', first: 'F', last: 'L', email: 'M', active: 'E' } as const;

/**
 * The `E` order's value: enable ('1' or '0'), role, then first and last name. The users list sorts by it for
 * "Activo"; the people pickers read one range of it, the enabled users of a role by name (people-pickers.ts).
 */
export const activeOrderValue = (entry: Pick<UserEntry, 'e' | 'r' | 'a' | 'b'>) =>
  `${pickerPrefix(entry.r, entry.e)}${entry.a} ${entry.b}`;

/** Where the users of a role (enabled or not) start in the `E` order. */
export const pickerPrefix = (role: Role, enabled = true) => `${enabled ? '1' : '0'}#${role}#`;

/**
 * A user's index rows, from its listing entry (so a backfill builds them from the directory alone), membership hints
 * included, so a page reads the names it shows with its users. A join or a leave changes only the hints: it rewrites
 * the `U` row (the default page's), and the other orders' rows keep older hints until the user's next edit (a page in
 * such an order then reads a missing name in a call of its own, userViews).
 */
export function userIndexedOfEntry(id: string, entry: UserEntry): Indexed {
  const { p: _p, g: _g, s: _s, ...core } = entry;
  return {
    id,
    entry,
    core,
    values: [
      { order: USER_ORDERS.updated, value: entry.u, ordered: true },
      { order: USER_ORDERS.first, value: `${entry.a} ${entry.b}`, ordered: true, lazy: true },
      { order: USER_ORDERS.last, value: `${entry.b} ${entry.a}`, ordered: true, lazy: true },
      { order: USER_ORDERS.email, value: entry.m, ordered: true, lazy: true },
      // A PROJECT_ADMIN's row is rewritten at every join too: the project admins' picker reads its projects (`p`).
      { order: USER_ORDERS.active, value: activeOrderValue(entry), ordered: true, lazy: entry.r !== 'PROJECT_ADMIN' },
    ],
  };
}

/**
 * The partitions a user's index rows are in, from its record alone: every user's and each of its projects' (and the
 * managed one when a PROJECT_ADMIN manages its role). Groups and societies list their users from their directories.
 */
export function userIndexPartitions(user: Pick<UserRecord, 'project_uuids' | 'user_role'>): Directory[] {
  const managed = INVITABLE_ROLES.PROJECT_ADMIN.includes(user.user_role);
  return [
    directories.users(),
    ...user.project_uuids.map(directories.usersOfProject),
    ...(managed ? user.project_uuids.map(managedUsersOfProject) : []),
  ];
}

/**
 * Every partition of the users' index and the directory its entries are in (the backfill's): every user's, and per
 * project (read from the projects' directory) its users' and the managed ones among them.
 */
export async function userIndexSources() {
  const [projects = []] = (await readDirectories([directories.projects()])).entries;
  const managed = (entry: UserEntry) => INVITABLE_ROLES.PROJECT_ADMIN.includes(entry.r);
  return [
    directories.users(),
    ...projects.flatMap((p) => [
      directories.usersOfProject(p.id),
      { directory: managedUsersOfProject(p.id), source: directories.usersOfProject(p.id), keep: managed },
    ]),
  ];
}

/**
 * The index writes of a user created (no before), changed (both) or deleted (no after), for the same transaction as
 * the user's own write, which must be conditioned on the version `before` was read at (its rows' keys come from it).
 */
export function userIndexWrites(before: UserRecord | undefined, after: UserRecord | undefined): TxWrite[] {
  const indexed = (u: UserRecord) => userIndexedOfEntry(u.uuid, userEntry(u));
  const had = before ? userIndexPartitions(before) : [];
  const kept = after ? userIndexPartitions(after) : [];
  const isIn = (list: Directory[], d: Directory) => list.some((x) => x.partition === d.partition);
  return [
    ...had.filter((d) => !isIn(kept, d)).flatMap((d) => indexWrites(d, before && indexed(before), undefined)),
    ...kept.flatMap((d) =>
      indexWrites(d, before && isIn(had, d) ? indexed(before) : undefined, after && indexed(after)),
    ),
  ];
}

/**
 * Every directory entry of a user (all users, and each membership's), for its creation and for every edit: the
 * entries carry the user's listed attributes, `updated` among them; and its index rows (`before` as read, undefined
 * for a new user).
 */
export function userListingWrites(
  before: UserRecord | undefined,
  user: UserRecord,
  memberships: ListedMembership[],
): TxWrite[] {
  return [
    putEntry(directories.users(), user.uuid, userEntry(user)),
    ...memberships.flatMap((target) => linkWrites(user, target)),
    ...userIndexWrites(before, user),
  ];
}

/** Takes a deleted user off every list. */
export function userUnlistingWrites(user: UserRecord, memberships: MembershipTarget[]): TxWrite[] {
  return [
    removeEntry(directories.users(), user.uuid),
    ...memberships.flatMap((target) => unlinkWrites(user, target)),
    ...userIndexWrites(user, undefined),
  ];
}

/** User entries of directories (a user once) and extra items read in the same call. */
export async function readUserEntries(list: Directory[], extra: Array<{ pk: string; sk: string }> = []) {
  const out = await readDirectories<UserEntry>(list, extra);
  const entries = uniqueEntries(out.entries.flat(), userOfEntryId).map((e) => ({ ...e, id: userOfEntryId(e.id) }));
  return { entries, extra: out.extra };
}

export const usersOfProject = (project: string) => directories.usersOfProject(project);
export const usersOfGroup = (group: string) => directories.usersOfGroup(group);
export const usersOfSociety = (society: string) => directories.usersOfSociety(society);
export const allUsers = () => directories.users();

/**
 * The memberships of users as their listing needs them, for all of them in one read (the groups of their societies):
 * a society gone meanwhile is left out, as `membershipsOf` does for an edit. The entries backfill reads them too
 * (user-entries-backfill.ts).
 */
export async function listedMemberships(users: UserRecord[]): Promise<Map<string, ListedMembership[]>> {
  const societyUuids = [...new Set(users.flatMap((u) => u.society_uuids))];
  const societies = await getItems<{ uuid: string; group_uuid?: string }>(societyUuids.map((s) => keys.society(s)));
  const groupOf = new Map(societies.map((s) => [s.uuid, s.group_uuid]));
  return new Map(
    users.map((user) => [
      user.uuid,
      [
        ...user.project_uuids.map((uuid): ListedMembership => ({ field: 'project_uuids', uuid })),
        ...user.group_uuids.map((uuid): ListedMembership => ({ field: 'group_uuids', uuid })),
        ...user.society_uuids
          .filter((uuid) => groupOf.has(uuid))
          .map((uuid): ListedMembership => ({ field: 'society_uuids', uuid, group_uuid: groupOf.get(uuid) })),
      ],
    ]),
  );
}

/** The all-users entry of a user whose memberships change (the project admin picker reads its projects). */
const membershipsChanged = (user: UserRecord) => putEntry(directories.users(), user.uuid, userEntry(user));

const joined = (user: UserRecord, target: MembershipTarget): UserRecord => ({
  ...user,
  [target.field]: [...user[target.field], target.uuid],
});

/**
 * Adds an entity to users' memberships (list and link), in the caller's transaction. Every entry of each user is
 * rewritten, not only the new membership's: each carries the hints of all the user's memberships (UserEntry), which
 * the users pages read names by. The entries are built from the record read, so the append is conditioned on its
 * version: a user changed since (an edit, another join or leave) answers 409 instead of listing stale values.
 * One read beside (the groups of the users' societies); a join costs one write per entry of the user, as an edit.
 */
export async function addMembershipWrites(users: UserRecord[], target: MembershipTarget): Promise<TxWrite[]> {
  if (users.length === 0) return [];
  const memberships = await listedMemberships(users);
  return users.flatMap((user) => [
    {
      write: {
        Update: {
          TableName: config.tableName,
          Key: keys.user(user.uuid),
          // The version moves with the lists, so a user edit read before this append fails (409) instead of
          // writing the old lists back (no lost writes); and the append holds only on the version read, since
          // the entries below are built from that read. A record written before document access was per firm stores
          // its list as the read gives it, so its one flag does not open the firm joined now.
          UpdateExpression:
            'SET #field = list_append(#field, :entity), version = version + :one, ' +
            'documentation_projects = if_not_exists(documentation_projects, :docs) REMOVE user_documentation',
          ConditionExpression: 'attribute_exists(pk) AND NOT contains(#field, :id) AND version = :version',
          ExpressionAttributeNames: { '#field': target.field },
          ExpressionAttributeValues: {
            ':entity': [target.uuid],
            ':id': target.uuid,
            ':one': 1,
            ':version': user.version,
            ':docs': documentationProjects(user),
          },
        },
      },
    },
    ...userListingWrites(user, joined(user, target), [...(memberships.get(user.uuid) ?? []), target]),
  ]);
}

/** Removes an entity from users' memberships; the list position read is checked, so a concurrent change fails. */
export function removeMembershipWrites(users: UserRecord[], target: MembershipTarget): TxWrite[] {
  return users.flatMap((user) => {
    const index = user[target.field].indexOf(target.uuid);
    if (index < 0) return [];
    // Leaving a project closes its documents too: a firm that takes the person back opens them anew.
    const docs = target.field === 'project_uuids' ? (user.documentation_projects ?? []).indexOf(target.uuid) : -1;
    const after = { ...user, [target.field]: user[target.field].filter((u) => u !== target.uuid) };
    // Leaving a project takes the user's index rows out of it, keyed by the record read: only on that version.
    const onVersion = target.field === 'project_uuids';
    return [
      {
        write: {
          Update: {
            TableName: config.tableName,
            Key: keys.user(user.uuid),
            UpdateExpression: `REMOVE #field[${index}]${docs < 0 ? '' : `, documentation_projects[${docs}]`} SET version = version + :one`,
            ConditionExpression: `#field[${index}] = :id${docs < 0 ? '' : ` AND documentation_projects[${docs}] = :id`}${onVersion ? ' AND version = :version' : ''}`,
            ExpressionAttributeNames: { '#field': target.field },
            ExpressionAttributeValues: {
              ':id': target.uuid,
              ':one': 1,
              ...(onVersion && { ':version': user.version }),
            },
          },
        },
        onConditionFail: () => conflict('DATA_CONFLICT'),
      },
      ...unlinkWrites(user, target),
      membershipsChanged(after),
      ...userIndexWrites(user, after),
    ];
  });
}

/** The same short form, from a listing entry (pickers and details need no read of the user). */
export function personOfEntry(entry: { id: string; value: UserEntry }) {
  return { uuid: entry.id, first_name: entry.value.f, last_name: entry.value.l, email: entry.value.m };
}
