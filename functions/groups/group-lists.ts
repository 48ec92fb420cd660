import type { GROUP_ORDERINGS } from '../../shared/contracts/groups';
import type { Caller } from '../lib/auth/caller';
import type { Entry } from '../lib/data/directory';
import {
  allGroups,
  type GroupEntry,
  type GroupRecord,
  groupEntry,
  groupsOfProject,
  readGroupEntries,
} from '../lib/data/groups';
import { getItems, type Ordering, pageEntries, rowsWithinBudget } from '../lib/data/list-index';
import type { ProjectRecord } from '../lib/data/projects';
import { keys } from '../lib/data/table';
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

/** Group rows of a page: the groups and their projects' names, in one BatchGet. */
async function groupRows(page: Array<Entry<GroupEntry>>) {
  const found = await getItems<Record<string, unknown> & { uuid: string }>([
    ...page.map((e) => keys.group(e.id)),
    ...[...new Set(page.map((e) => e.value.p))].map((p) => keys.project(p)),
  ]);
  const byUuid = new Map(found.map((item) => [item.uuid, item]));
  const groups = page.flatMap((e) => (byUuid.get(e.id) as GroupRecord | undefined) ?? []);
  return groupViews(groups, byUuid as unknown as Map<string, ProjectRef>);
}

/** A page of the groups list (and of its search twin): in scope, by project, searched, ordered. */
export async function pageGroups(
  caller: Caller,
  query: {
    project?: string;
    ordering?: (typeof GROUP_ORDERINGS)[number];
    search?: string;
    offset: number;
    limit: number;
  },
) {
  const { count, page } = pageEntries(await groupEntriesInScope(caller, query.project), {
    ...query,
    text: (v) => v.s,
    ordering: groupOrdering(query.ordering),
  });
  return { count, results: await rowsWithinBudget(page, groupRows) };
}
