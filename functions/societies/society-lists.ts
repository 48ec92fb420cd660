import { rutSearchNeedle } from '../../shared/rut';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import type { GroupRecord } from '../lib/data/groups';
import {
  getItems,
  MAX_ROWS_PER_ANSWER,
  normalizeSearch,
  type Ordering,
  pageEntries,
  rowsWithinBudget,
  uniqueEntries,
} from '../lib/data/list-index';
import {
  allSocieties,
  readSocietyEntries,
  SOCIETY_ORDERS,
  type SocietyEntry,
  type SocietyRecord,
  societiesOfGroup,
  societiesOfProject,
} from '../lib/data/societies';
import { getItemsCounted, needsCountFirst, readDeepCount, readOrderPage, readPrefix } from '../lib/data/sorted-index';
import { type Directory, type Entry, keys } from '../lib/data/table';
import { notFound } from '../lib/errors';
import { defaultPartitions, groupInScope, projectInScope } from '../lib/scope';

/**
 * How societies are shown and listed (admin-area §3): the API's society view, the listing entries a caller may read,
 * the pages of the societies list and its search twin, and the short form pickers and selectors show.
 */
/** Societies as the API shows them, with the names of their group, project and industry (read unless given). */
export async function societyViews(societies: SocietyRecord[], known?: Map<string, Record<string, unknown>>) {
  const unique = <T>(values: T[]) => [...new Set(values)];
  const names =
    known ??
    new Map(
      (
        await getItems<Record<string, unknown> & { uuid: string }>([
          ...unique(societies.map((s) => s.group_uuid)).map((g) => keys.group(g)),
          ...unique(societies.map((s) => s.project_uuid)).map((p) => keys.project(p)),
          ...unique(societies.map((s) => s.industry_uuid)).map((i) => keys.industry(i)),
        ])
      ).map((item) => [item.uuid, item]),
    );
  const nameOf = (uuid: string, field: string) => names.get(uuid)?.[field] as string | undefined;
  const group = { get: (u: string) => nameOf(u, 'group_name') };
  const project = { get: (u: string) => nameOf(u, 'project_name') };
  const industry = {
    has: (u: string) => nameOf(u, 'industry') !== undefined,
    get: (u: string) => nameOf(u, 'industry'),
  };
  return societies.map(({ group_uuid, project_uuid, industry_uuid, ...rest }) => ({
    ...rest,
    group: { uuid: group_uuid, group_name: group.get(group_uuid) ?? '' },
    project: { uuid: project_uuid, project_name: project.get(project_uuid) ?? '' },
    industry_type: industry.has(industry_uuid)
      ? { uuid: industry_uuid, industry: industry.get(industry_uuid) as string }
      : null,
  }));
}

export type SocietyView = Awaited<ReturnType<typeof societyViews>>[number];

/**
 * The listing entries of the societies a caller may list, read in one call: of one group, of one project, or by
 * default of its scope (every society for SUPER_ADMIN, its projects' for PROJECT_ADMIN, its groups' for GROUP_ADMIN).
 * 404 outside scope. The parent whose scope decides is read in the same call as the entries.
 */
export async function societyEntriesInScope(
  caller: Caller,
  filter: { project?: string; group?: string },
): Promise<Array<Entry<SocietyEntry>>> {
  if (filter.group) {
    const { entries, extra } = await readSocietyEntries([societiesOfGroup(filter.group)], [keys.group(filter.group)]);
    const group = extra[0] as GroupRecord | undefined;
    if (!group || !groupInScope(caller, group)) throw notFound();
    return filter.project && filter.project !== group.project_uuid ? [] : entries;
  }
  const partitions = defaultPartitions(caller);
  if (filter.project) {
    if (projectInScope(caller, filter.project)) {
      return (await readSocietyEntries([societiesOfProject(filter.project)])).entries;
    }
    // A group admin filtering by its own project sees its groups' societies there.
    if (partitions === 'all' || partitions.groups.length === 0) throw notFound();
    const { entries, extra } = await readSocietyEntries(
      partitions.groups.map(societiesOfGroup),
      partitions.groups.map((g) => keys.group(g)),
    );
    const inProject = (extra as Array<GroupRecord | undefined>).filter((g) => g?.project_uuid === filter.project);
    if (inProject.length === 0) throw notFound();
    return entries.filter((e) => e.value.p === filter.project);
  }
  if (partitions === 'all') return (await readSocietyEntries([allSocieties()])).entries;
  const { entries } = await readSocietyEntries([
    ...partitions.projects.map(societiesOfProject),
    ...partitions.groups.map(societiesOfGroup),
  ]);
  return entries;
}

/** Society rows of a page: the societies and the names they show (group, project, industry), in one BatchGet. */
async function societyRows(page: Array<Entry<SocietyEntry>>) {
  return (await societyRowsWith(page, {})).rows;
}

/**
 * Society rows of a page, and in the same BatchGet the parent group whose scope decides and the counters of the
 * partition the page was read from (sorted-index.ts).
 */
async function societyRowsWith(page: Array<Entry<SocietyEntry>>, extra: { group?: string; counted?: Directory }) {
  const keyList = [
    ...page.map((e) => keys.society(e.id)),
    ...[...new Set([...page.map((e) => e.value.g), ...(extra.group ? [extra.group] : [])])].map((g) => keys.group(g)),
    ...[...new Set(page.map((e) => e.value.p))].map((p) => keys.project(p)),
    ...[...new Set(page.map((e) => e.value.i))].map((i) => keys.industry(i)),
  ];
  type Item = Record<string, unknown> & { uuid: string };
  const { items, count } = extra.counted
    ? await getItemsCounted<Item>(keyList, extra.counted)
    : { items: await getItems<Item>(keyList), count: undefined };
  const byUuid = new Map(items.map((item) => [item.uuid, item]));
  const societies = page.flatMap((e) => (byUuid.get(e.id) as SocietyRecord | undefined) ?? []);
  const group = extra.group ? (byUuid.get(extra.group) as GroupRecord | undefined) : undefined;
  return { rows: await societyViews(societies, byUuid), count, group };
}

/** The societies list's one order (admin-area §3): most recently edited first, ties by id. */
const NEWEST_FIRST: Ordering<SocietyEntry> = { key: (v) => v.u, descending: true };

/** A search by prefix: of the normalised name, or of the RUT when the text can begin one (typed with dots or not). */
const prefixNeedles = (search: string) => ({
  name: normalizeSearch(search),
  rut: /^\d/.test(search.trim()) ? rutSearchNeedle(search) : undefined,
});

/**
 * The one partition whose sorted index serves a page (docs/decisions/list-paging.md), with the group whose scope
 * decides when the filter names one; undefined where a page reads the directories: a scope of several projects or
 * groups, a group admin filtering by its project, or indexes not yet backfilled (config.listIndexes).
 */
function indexedPartition(
  caller: Caller,
  filter: { project?: string; group?: string },
): { directory: Directory; group?: string } | undefined {
  if (!config.listIndexes) return undefined;
  if (filter.group) return { directory: societiesOfGroup(filter.group), group: filter.group };
  if (filter.project) {
    return projectInScope(caller, filter.project) ? { directory: societiesOfProject(filter.project) } : undefined;
  }
  const partitions = defaultPartitions(caller);
  if (partitions === 'all') return { directory: allSocieties() };
  const [project, ...moreProjects] = partitions.projects;
  const [group, ...moreGroups] = partitions.groups;
  if (project && moreProjects.length === 0 && !group) return { directory: societiesOfProject(project) };
  if (group && moreGroups.length === 0 && !project) return { directory: societiesOfGroup(group) };
  return undefined;
}

type SocietyQuery = {
  project?: string;
  group?: string;
  search?: string;
  societySearch?: string;
  match?: 'contains' | 'prefix';
  offset: number;
  limit: number;
};

/**
 * A page of the societies list (and of its search twin): in scope, by project and group, searched by name or RUT.
 * The default page and a prefix search read the partition's sorted index (a cost that does not grow with the
 * partition); a search for text anywhere in the name, RUT or code reads the directories (it grows with them).
 */
export async function pageSocieties(caller: Caller, query: SocietyQuery) {
  // A RUT typed with dots or spaces finds the canonical one.
  const search = query.search ?? query.societySearch;
  const prefix = query.match === 'prefix' && search ? prefixNeedles(search) : undefined;
  const target = indexedPartition(caller, query);
  if (!target || (search && !prefix)) {
    const { count, page } = pageEntries(await societyEntriesInScope(caller, query), {
      offset: query.offset,
      limit: query.limit,
      search: prefix ? undefined : rutSearchNeedle(search),
      text: (v) => v.s,
      filter: prefix
        ? (e) =>
            normalizeSearch(e.value.n).startsWith(prefix.name) ||
            (prefix.rut !== undefined && (e.value.r ?? '').startsWith(prefix.rut))
        : undefined,
      ordering: NEWEST_FIRST,
    });
    return { count, results: await rowsWithinBudget(page, societyRows) };
  }
  const { directory } = target;
  let page: Array<Entry<SocietyEntry>>;
  let matches: number | undefined;
  if (prefix) {
    const [byName, byRut] = await Promise.all([
      readPrefix<SocietyEntry>(directory, SOCIETY_ORDERS.name, prefix.name),
      prefix.rut ? readPrefix<SocietyEntry>(directory, SOCIETY_ORDERS.rut, prefix.rut) : [],
    ]);
    const found = pageEntries(uniqueEntries([...byName, ...byRut]), { ...query, ordering: NEWEST_FIRST });
    page = found.page;
    matches = found.count;
  } else {
    const deep = needsCountFirst(query.offset) ? await readDeepCount(directory, SOCIETY_ORDERS.updated) : undefined;
    page = await readOrderPage<SocietyEntry>(directory, SOCIETY_ORDERS.updated, {
      offset: query.offset,
      limit: Math.min(query.limit, MAX_ROWS_PER_ANSWER),
      descending: true,
      ...(deep && { count: deep.count, buckets: deep.buckets }),
    });
  }
  // The first wave of rows also reads the group whose scope decides and the partition's count.
  let first: Awaited<ReturnType<typeof societyRowsWith>> | undefined;
  const extra = { group: target.group, counted: prefix ? undefined : directory };
  const results = await rowsWithinBudget(page, async (slice) => {
    const out = await societyRowsWith(slice, first ? {} : extra);
    first ??= out;
    return out.rows;
  });
  first ??= await societyRowsWith([], extra);
  if (target.group) {
    if (!first.group || !groupInScope(caller, first.group)) throw notFound();
    if (query.project && query.project !== first.group.project_uuid) return { count: 0, results: [] };
  }
  return { count: matches ?? first.count ?? 0, results };
}

/** The short form the pickers and selectors show, straight from a listing entry. */
export const societyRef = (e: Entry<SocietyEntry>) => ({
  uuid: e.id,
  society_business_name: e.value.n,
  society_rut: e.value.r,
  group: e.value.g,
  project: e.value.p,
});
