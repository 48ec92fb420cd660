import type { GROUP_ORDERINGS } from '../../shared/contracts/groups';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import {
  allGroups,
  GROUP_ORDERS,
  type GroupEntry,
  type GroupRecord,
  groupEntry,
  groupsOfProject,
  readGroupEntries,
} from '../lib/data/groups';
import { getItems, normalizeSearch, type Ordering, pageEntries, rowsWithinBudget } from '../lib/data/list-index';
import type { ProjectRecord } from '../lib/data/projects';
import { getItemsCounted, readCountedPage, readPrefix } from '../lib/data/sorted-index';
import { type Directory, type Entry, keys } from '../lib/data/table';
import { notFound } from '../lib/errors';
import { defaultPartitions, projectInScope } from '../lib/scope';

/**
 * How groups are shown and listed (admin-area §3): the API's group view, the orderings, the listing entries a caller
 * may read and the pages of the groups list and its search twin.
 */
type ProjectRef = Pick<ProjectRecord, 'uuid' | 'project_name' | 'enable'>;

/** A group as the API shows it, with its project's name. */
export function groupView(group: GroupRecord, project: ProjectRef | undefined) {
  const { project_uuid, ...rest } = group;
  return {
    ...rest,
    project: { uuid: project_uuid, project_name: project?.project_name ?? '', enable: project?.enable ?? false },
    admin_quantity: group.admin.length,
    user_quantity: group.user.length,
  };
}

export type GroupView = ReturnType<typeof groupView>;

/** Groups as the API shows them, with their project's name (read unless given). */
export async function groupViews(groups: GroupRecord[], known?: Map<string, ProjectRef>): Promise<GroupView[]> {
  const byUuid =
    known ??
    new Map(
      (
        await getItems<ProjectRecord>([...new Set(groups.map((g) => g.project_uuid))].map((uuid) => keys.project(uuid)))
      ).map((p) => [p.uuid, p]),
    );
  return groups.map((g) => groupView(g, byUuid.get(g.project_uuid)));
}

type GroupOrdering = Ordering<GroupEntry>;
const ORDERINGS: Record<(typeof GROUP_ORDERINGS)[number], GroupOrdering> = {
  '-updated': { key: (v) => v.u, descending: true },
  group_name: { key: (v) => v.s, descending: false },
  '-group_name': { key: (v) => v.s, descending: true },
  enabled: { key: (v) => (v.e ? 1 : 0), descending: true },
  '-enabled': { key: (v) => (v.e ? 1 : 0), descending: false },
};

/** 'Ultima edicion' (most recently edited first) unless the list asks otherwise. */
export const groupOrdering = (ordering: (typeof GROUP_ORDERINGS)[number] | undefined) =>
  ORDERINGS[ordering ?? '-updated'];

/** The listing entries of the groups a caller may list, optionally of one project (404 outside scope), in one call. */
export async function groupEntriesInScope(
  caller: Caller,
  projectUuid: string | undefined,
): Promise<Array<Entry<GroupEntry>>> {
  if (projectUuid) {
    if (!projectInScope(caller, projectUuid)) throw notFound();
    return (await readGroupEntries([groupsOfProject(projectUuid)])).entries;
  }
  const partitions = defaultPartitions(caller);
  if (partitions === 'all') return (await readGroupEntries([allGroups()])).entries;
  const { entries, extra } = await readGroupEntries(
    partitions.projects.map(groupsOfProject),
    partitions.groups.map((g) => keys.group(g)),
  );
  const own = (extra as Array<GroupRecord | undefined>).flatMap((g) =>
    g ? [{ id: g.uuid, value: groupEntry(g) }] : [],
  );
  return [...entries, ...own];
}

/**
 * Group rows of a page: the groups and their projects' names, in one BatchGet, with the counters of the partition the
 * page was read from when it was (sorted-index.ts).
 */
async function groupRowsCounted(page: Array<Entry<GroupEntry>>, counted?: Directory) {
  const keyList = [
    ...page.map((e) => keys.group(e.id)),
    ...[...new Set(page.map((e) => e.value.p))].map((p) => keys.project(p)),
  ];
  type Item = Record<string, unknown> & { uuid: string };
  const { items, count } = counted
    ? await getItemsCounted<Item>(keyList, counted)
    : { items: await getItems<Item>(keyList), count: undefined };
  const byUuid = new Map(items.map((item) => [item.uuid, item]));
  const groups = page.flatMap((e) => (byUuid.get(e.id) as GroupRecord | undefined) ?? []);
  return { rows: await groupViews(groups, byUuid as unknown as Map<string, ProjectRef>), count };
}

const groupRows = async (page: Array<Entry<GroupEntry>>) => (await groupRowsCounted(page)).rows;

/** Each ordering as a walk of an order of the sorted index: the same order, ties by id, as groupOrdering's. */
const INDEX_ORDERINGS: Record<(typeof GROUP_ORDERINGS)[number], { order: string; descending: boolean }> = {
  '-updated': { order: GROUP_ORDERS.updated, descending: true },
  group_name: { order: GROUP_ORDERS.name, descending: false },
  '-group_name': { order: GROUP_ORDERS.name, descending: true },
  enabled: { order: GROUP_ORDERS.enabled, descending: true },
  '-enabled': { order: GROUP_ORDERS.enabled, descending: false },
};

/**
 * The one partition whose sorted index serves a page (docs/decisions/list-paging.md): every group, one project's;
 * undefined where a page reads the directories (a PROJECT_ADMIN of several projects, a GROUP_ADMIN's own groups,
 * indexes not yet backfilled). 404 outside scope, as groupEntriesInScope.
 */
function indexedPartition(caller: Caller, project: string | undefined): Directory | undefined {
  if (project && !projectInScope(caller, project)) throw notFound();
  if (!config.listIndexes) return undefined;
  if (project) return groupsOfProject(project);
  const partitions = defaultPartitions(caller);
  if (partitions === 'all') return allGroups();
  const [only, ...more] = partitions.projects;
  return only && more.length === 0 && partitions.groups.length === 0 ? groupsOfProject(only) : undefined;
}

/**
 * A page of the groups list (and of its search twin): in scope, by project, searched, ordered. The default page in
 * any ordering and a prefix search of the name read the partition's sorted index (a cost that does not grow with the
 * partition); a search for text anywhere in the name reads the directories (it grows with them).
 */
export async function pageGroups(
  caller: Caller,
  query: {
    project?: string;
    ordering?: (typeof GROUP_ORDERINGS)[number];
    search?: string;
    match?: 'contains' | 'prefix';
    offset: number;
    limit: number;
  },
) {
  const ordering = groupOrdering(query.ordering);
  const prefix = query.match === 'prefix' && query.search ? normalizeSearch(query.search) : undefined;
  const directory = indexedPartition(caller, query.project);
  if (!directory || (query.search && !prefix)) {
    const { count, page } = pageEntries(await groupEntriesInScope(caller, query.project), {
      ...query,
      search: prefix ? undefined : query.search,
      text: (v) => v.s,
      filter: prefix ? (e) => e.value.s.startsWith(prefix) : undefined,
      ordering,
    });
    return { count, results: await rowsWithinBudget(page, groupRows) };
  }
  if (prefix) {
    const matches = await readPrefix<GroupEntry>(directory, GROUP_ORDERS.name, prefix);
    const { count, page } = pageEntries(matches, { ...query, search: undefined, ordering });
    return { count, results: await rowsWithinBudget(page, groupRows) };
  }
  const { order, descending } = INDEX_ORDERINGS[query.ordering ?? '-updated'];
  return readCountedPage(directory, order, { offset: query.offset, limit: query.limit, descending }, groupRowsCounted);
}
