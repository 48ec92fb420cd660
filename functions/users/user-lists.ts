import type { USER_ORDERINGS } from '../../shared/contracts/users';
import { INVITABLE_ROLES as INVITABLE } from '../../shared/roles';
import { type GroupRecord, getGroup } from '../lib/data/groups';
import { getItems, type IndexEntry, listPage, type Ordering, readIndex } from '../lib/data/list-index';
import type { ProjectRecord } from '../lib/data/projects';
import { getSociety, type SocietyRecord } from '../lib/data/societies';
import { keys } from '../lib/data/table';
import type { UserRecord } from '../lib/data/users';
import { notFound } from '../lib/errors';
import { assetUrl } from '../lib/files';
import type { Caller } from '../lib/http/types';
import { groupInScope, projectInScope, seesEverything, societyInScope } from '../lib/scope';

/** How users are shown and listed: the API's user view, the users list's partitions, ordering and pages. */
/** A user as the API shows it (admin-area §3), with the names of its projects, groups and societies. */
export async function userViews(users: UserRecord[]) {
  const unique = (list: string[]) => [...new Set(list)];
  const [projects, groups, societies] = await Promise.all([
    getItems<ProjectRecord>(unique(users.flatMap((u) => u.project_uuids)).map((p) => keys.project(p))),
    getItems<GroupRecord>(unique(users.flatMap((u) => u.group_uuids)).map((g) => keys.group(g))),
    getItems<SocietyRecord>(unique(users.flatMap((u) => u.society_uuids)).map((s) => keys.society(s))),
  ]);
  const name = <T extends { uuid: string }>(items: T[], field: keyof T & string) =>
    new Map(items.map((i) => [i.uuid, { uuid: i.uuid, [field]: String(i[field]) }]));
  const projectNames = name(projects, 'project_name');
  const groupNames = name(groups, 'group_name');
  const societyNames = name(societies, 'society_business_name');
  const pick = (map: Map<string, { uuid: string }>, uuids: string[]) => uuids.flatMap((u) => map.get(u) ?? []);
  return Promise.all(
    users.map(async (u) => ({
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
      profile: {
        user_role: u.user_role,
        rut_user: u.rut_user,
        phone_number: u.phone_number,
        user_description: u.user_description,
        position: u.position,
        user_magnus: u.user_magnus,
        user_documentation: u.user_documentation,
        image: await assetUrl(u.image),
      },
      project: pick(projectNames, u.project_uuids),
      group: pick(groupNames, u.group_uuids),
      society: pick(societyNames, u.society_uuids),
    })),
  );
}

export type UserView = Awaited<ReturnType<typeof userViews>>[number];

export async function userView(user: UserRecord): Promise<UserView> {
  return (await userViews([user]))[0] as UserView;
}

const ORDERINGS: Record<(typeof USER_ORDERINGS)[number], Ordering> = {
  '-updated': { field: 'updated', descending: true },
  first_name: { field: 'name_sort', descending: false },
  '-first_name': { field: 'name_sort', descending: true },
  last_name: { field: 'last_name_sort', descending: false },
  '-last_name': { field: 'last_name_sort', descending: true },
  email: { field: 'email', descending: false },
  '-email': { field: 'email', descending: true },
  is_active: { field: 'enable', descending: true },
  '-is_active': { field: 'enable', descending: false },
};

export const userOrdering = (ordering: (typeof USER_ORDERINGS)[number] | undefined) =>
  ORDERINGS[ordering ?? '-updated'];

/**
 * Listing entries of the users a caller may list: of one society, group or project (404 outside scope), or of its
 * whole scope; one entry per user, of the roles it manages.
 */
export async function userEntriesInScope(
  caller: Caller,
  filter: { project?: string; group?: string; society?: string; user_role?: string },
): Promise<IndexEntry[]> {
  let entries: IndexEntry[];
  if (filter.society) {
    const society = await getSociety(filter.society);
    if (!society || !societyInScope(caller, society)) throw notFound();
    entries = await readIndex('gsi3', `SOCIETY#${society.uuid}#USERS`);
  } else if (filter.group) {
    const group = await getGroup(filter.group);
    if (!group || !groupInScope(caller, group)) throw notFound();
    entries = await readIndex('gsi2', `GROUP#${group.uuid}#USERS`);
  } else if (filter.project) {
    if (!projectInScope(caller, filter.project)) throw notFound();
    entries = await readIndex('gsi1', `PROJECT#${filter.project}#USERS`);
  } else if (seesEverything(caller)) {
    entries = await readIndex('gsi3', 'USERS');
  } else if (caller.role === 'PROJECT_ADMIN') {
    entries = (await Promise.all(caller.user.project_uuids.map((p) => readIndex('gsi1', `PROJECT#${p}#USERS`)))).flat();
  } else {
    entries = (await Promise.all(caller.user.group_uuids.map((g) => readIndex('gsi2', `GROUP#${g}#USERS`)))).flat();
  }
  const allowed = seesEverything(caller) ? undefined : INVITABLE[caller.role];
  const seen = new Set<string>();
  return entries.filter((e) => {
    if (seen.has(e.uuid)) return false;
    seen.add(e.uuid);
    const role = e.user_role as UserRecord['user_role'];
    return (!filter.user_role || role === filter.user_role) && (!allowed || allowed.includes(role));
  });
}

/** A page of the users list (and of its search twin). */
export async function pageUsers(
  caller: Caller,
  query: Parameters<typeof userEntriesInScope>[1] & {
    ordering?: (typeof USER_ORDERINGS)[number];
    search?: string;
    offset: number;
    limit: number;
  },
) {
  const { count, items } = await listPage<UserRecord>(
    await userEntriesInScope(caller, query),
    { ...query, ordering: userOrdering(query.ordering) },
    keys.user,
  );
  return { count, results: await userViews(items) };
}
