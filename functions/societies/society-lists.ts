import { rutSearchNeedle } from '../../shared/rut';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import type { GroupRecord } from '../lib/data/groups';
import {
  batchGet,
  getItems,
  MAX_ROWS_PER_ANSWER,
  normalizeSearch,
  type Ordering,
  pageEntries,
  RESPONSE_BUDGET_BYTES,
  rowsWithinBudget,
  uniqueEntries,
} from '../lib/data/list-index';
import { bucketReadKeys, bucketsIn } from '../lib/data/order-buckets';
import {
  allSocieties,
  readSocietyEntries,
  SOCIETY_ORDERS,
  type SocietyEntry,
  type SocietyRecord,
  societiesOfGroup,
  societiesOfProject,
  societyEntry,
} from '../lib/data/societies';
import {
  counterKeys,
  countIn,
  getItemsCounted,
  indexPk,
  needsCountFirst,
  readDeepCount,
  readOrderPage,
  readPrefix,
} from '../lib/data/sorted-index';
import { type Directory, type Entry, keys, strip } from '../lib/data/table';
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

/** Whether an entry's name or RUT starts with a prefix search's text (what the index's N and R ranges hold). */
const startsWith =
  (prefix: ReturnType<typeof prefixNeedles>) =>
  (e: Entry<SocietyEntry>): boolean =>
    normalizeSearch(e.value.n).startsWith(prefix.name) ||
    (prefix.rut !== undefined && (e.value.r ?? '').startsWith(prefix.rut));

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
      filter: prefix ? startsWith(prefix) : undefined,
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
    // The ranges' keys put '#' after a value: the same test as in memory keeps only names and RUTs that start so.
    const found = pageEntries(uniqueEntries([...byName, ...byRut]), {
      ...query,
      filter: startsWith(prefix),
      ordering: NEWEST_FIRST,
    });
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

/** The picker's one order: by search text (normalised name, then RUT and code), ascending, ties by id. */
const BY_SEARCH_TEXT: Ordering<SocietyEntry> = { key: (v) => v.s, descending: false };

const ANY_UUID = '00000000-0000-0000-0000-000000000000';
/**
 * Rows the picker's index reads for one answer, whatever the limit: as many as the smallest row (an empty name, no
 * RUT) could fit in the answer's budget, so a huge limit answers every row the directory's page answered.
 */
const PICKER_MAX_ROWS = Math.ceil(
  RESPONSE_BUDGET_BYTES /
    (JSON.stringify(societyRef({ id: ANY_UUID, value: { n: '', r: null, g: ANY_UUID, p: ANY_UUID } as SocietyEntry }))
      .length +
      1),
);

type PickerQuery = {
  project?: string;
  group?: string;
  society?: string;
  uuids?: string[];
  search?: string;
  match?: 'contains' | 'prefix';
  offset: number;
  limit: number;
};

const found = <T>(items: Map<string, Record<string, unknown>>, key: { pk: string; sk: string }) => {
  const item = items.get(`${key.pk}|${key.sk}`);
  return item ? (strip(item) as T) : undefined;
};

/**
 * The entries of these societies that the caller's list by project or group holds (societyEntriesInScope), with its
 * 404s, read by key: the societies' items and the groups whose scope decides, in one BatchGet whatever the
 * partitions hold (an edit form naming its selected societies).
 */
async function societyEntriesOfIds(
  caller: Caller,
  filter: { project?: string; group?: string },
  ids: string[],
): Promise<Array<Entry<SocietyEntry>>> {
  const partitions = defaultPartitions(caller);
  // A group admin filtering by its project sees its groups' societies there (as societyEntriesInScope).
  const byOwnGroups = !filter.group && filter.project !== undefined && !projectInScope(caller, filter.project);
  if (byOwnGroups && (partitions === 'all' || partitions.groups.length === 0)) throw notFound();
  const groups = filter.group ? [filter.group] : byOwnGroups && partitions !== 'all' ? partitions.groups : [];
  const unique = [...new Set(ids)];
  const items = await batchGet([...unique.map((id) => keys.society(id)), ...groups.map((g) => keys.group(g))]);
  const societies = unique.flatMap((id) => found<SocietyRecord>(items, keys.society(id)) ?? []);
  const groupOf = (uuid: string) => found<GroupRecord>(items, keys.group(uuid));
  let listed: (society: SocietyRecord) => boolean;
  if (filter.group) {
    const group = groupOf(filter.group);
    if (!group || !groupInScope(caller, group)) throw notFound();
    if (filter.project && filter.project !== group.project_uuid) return [];
    listed = (s) => s.group_uuid === filter.group;
  } else if (byOwnGroups) {
    if (!groups.some((g) => groupOf(g)?.project_uuid === filter.project)) throw notFound();
    listed = (s) => s.project_uuid === filter.project && groups.includes(s.group_uuid);
  } else if (filter.project) {
    listed = (s) => s.project_uuid === filter.project;
  } else if (partitions === 'all') {
    listed = () => true;
  } else {
    listed = (s) => partitions.projects.includes(s.project_uuid) || partitions.groups.includes(s.group_uuid);
  }
  return societies.filter(listed).map((s) => ({ id: s.uuid, value: societyEntry(s) }));
}

/**
 * A page of the society picker (the invite, user and request forms): societies in scope by project, group or society,
 * by name (its search text), searched as the person types, or asked by uuid. Where one partition's sorted index serves
 * the scope (as the societies list), the default page at any offset and a prefix search (`match=prefix`) read the
 * index and `uuids=` (or `society=`) reads those societies by key: costs that do not grow with the partition. A search
 * for text anywhere in the name, RUT or code reads the directories, as do the scopes the index does not serve.
 */
export async function pageSocietyPicker(caller: Caller, query: PickerQuery) {
  const prefix = query.match === 'prefix' && query.search ? prefixNeedles(query.search) : undefined;
  const ids = query.uuids
    ? query.uuids.filter((u) => !query.society || u === query.society)
    : query.society
      ? [query.society]
      : undefined;
  const inMemory = async (entries: Array<Entry<SocietyEntry>>, wanted?: Set<string>) => {
    const { count, page } = pageEntries(entries, {
      offset: query.offset,
      limit: query.limit,
      // A RUT typed with dots or spaces finds the canonical one.
      search: prefix ? undefined : rutSearchNeedle(query.search),
      text: (v) => v.s,
      filter: (e) => (!wanted || wanted.has(e.id)) && (!prefix || startsWith(prefix)(e)),
      ordering: BY_SEARCH_TEXT,
    });
    return { count, results: await rowsWithinBudget(page, (slice) => slice.map(societyRef)) };
  };
  if (config.listIndexes && ids) return inMemory(await societyEntriesOfIds(caller, query, ids));
  const target = indexedPartition(caller, query);
  if (!target || ids || (query.search && !prefix)) {
    return inMemory(await societyEntriesInScope(caller, query), ids && new Set(ids));
  }
  const { directory } = target;
  const groupKeys = target.group ? [keys.group(target.group)] : [];
  // The group whose scope decides is read with the page's first BatchGet (404 outside scope, as the directories' read).
  const inScope = (items: Map<string, Record<string, unknown>>) => {
    if (!target.group) return true;
    const group = found<GroupRecord>(items, keys.group(target.group));
    if (!group || !groupInScope(caller, group)) throw notFound();
    return !query.project || query.project === group.project_uuid;
  };
  let count: number;
  let page: Array<Entry<SocietyEntry>>;
  if (prefix) {
    const [byName, byRut, items] = await Promise.all([
      readPrefix<SocietyEntry>(directory, SOCIETY_ORDERS.name, prefix.name),
      prefix.rut ? readPrefix<SocietyEntry>(directory, SOCIETY_ORDERS.rut, prefix.rut) : [],
      groupKeys.length > 0 ? batchGet(groupKeys) : new Map<string, Record<string, unknown>>(),
    ]);
    if (!inScope(items)) return { count: 0, results: [] };
    // The ranges' keys put '#' after a value: the same test as in memory keeps only names and RUTs that start so.
    ({ count, page } = pageEntries(uniqueEntries([...byName, ...byRut]), {
      offset: query.offset,
      limit: query.limit,
      filter: startsWith(prefix),
      ordering: BY_SEARCH_TEXT,
    }));
  } else {
    const order = SOCIETY_ORDERS.picker;
    const request = { descending: false, offset: query.offset, limit: Math.min(query.limit, PICKER_MAX_ROWS) };
    let items: Map<string, Record<string, unknown>>;
    if (needsCountFirst(query.offset)) {
      // Deep: the count and the order's buckets first, one BatchGet, then one Query into the page's bucket.
      const pk = indexPk(directory);
      items = await batchGet([...counterKeys(directory), ...bucketReadKeys(pk, order), ...groupKeys]);
      if (!inScope(items)) return { count: 0, results: [] };
      count = countIn(items, directory);
      page = await readOrderPage<SocietyEntry>(directory, order, {
        ...request,
        count,
        buckets: bucketsIn(items, pk, order),
      });
    } else {
      [page, items] = await Promise.all([
        readOrderPage<SocietyEntry>(directory, order, request),
        batchGet([...counterKeys(directory), ...groupKeys]),
      ]);
      if (!inScope(items)) return { count: 0, results: [] };
      count = countIn(items, directory);
    }
  }
  return { count, results: await rowsWithinBudget(page, (slice) => slice.map(societyRef)) };
}
