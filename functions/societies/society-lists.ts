import { rutSearchNeedle } from '../../shared/rut';
import type { Caller } from '../lib/auth/caller';
import type { Entry } from '../lib/data/directory';
import type { GroupRecord } from '../lib/data/groups';
import { getItems, pageEntries, rowsWithinBudget } from '../lib/data/list-index';
import {
  allSocieties,
  readSocietyEntries,
  type SocietyEntry,
  type SocietyRecord,
  societiesOfGroup,
  societiesOfProject,
} from '../lib/data/societies';
import { keys } from '../lib/data/table';
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
  const found = await getItems<Record<string, unknown> & { uuid: string }>([
    ...page.map((e) => keys.society(e.id)),
    ...[...new Set(page.map((e) => e.value.g))].map((g) => keys.group(g)),
    ...[...new Set(page.map((e) => e.value.p))].map((p) => keys.project(p)),
    ...[...new Set(page.map((e) => e.value.i))].map((i) => keys.industry(i)),
  ]);
  const byUuid = new Map(found.map((item) => [item.uuid, item]));
  const societies = page.flatMap((e) => (byUuid.get(e.id) as SocietyRecord | undefined) ?? []);
  return societyViews(societies, byUuid);
}

/** A page of the societies list (and of its search twin): in scope, by project and group, searched by name or RUT. */
export async function pageSocieties(
  caller: Caller,
  query: { project?: string; group?: string; search?: string; societySearch?: string; offset: number; limit: number },
) {
  const { count, page } = pageEntries(await societyEntriesInScope(caller, query), {
    ...query,
    // A RUT typed with dots or spaces finds the canonical one (issue 14).
    search: rutSearchNeedle(query.search ?? query.societySearch),
    text: (v) => v.s,
    ordering: { key: (v) => v.u, descending: true },
  });
  return { count, results: await rowsWithinBudget(page, societyRows) };
}

/** The short form the pickers and selectors show, straight from a listing entry. */
export const societyRef = (e: Entry<SocietyEntry>) => ({
  uuid: e.id,
  society_business_name: e.value.n,
  society_rut: e.value.r,
  group: e.value.g,
  project: e.value.p,
});
