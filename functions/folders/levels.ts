import type { TAX_FORMS } from '../../shared/contracts/folders';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { itemsAndStats, readSocietyLevel } from '../lib/data/document-levels';
import { groupDocumentStatsKey, projectDocumentStatsKey } from '../lib/data/folders';
import { getGroup, groupsOfProject, readGroupEntries } from '../lib/data/groups';
import { getItems } from '../lib/data/list-index';
import { readProjectEntries } from '../lib/data/projects';
import {
  allSocieties,
  getSociety,
  readSocietyEntries,
  type SocietyRecord,
  societiesOfGroup,
  societiesOfProject,
} from '../lib/data/societies';
import { keys } from '../lib/data/table';
import { hasAnyDocumentation, hasDocumentation } from '../lib/data/user-documentation';
import { isAdmin, societyVisible, visibleSociety } from '../lib/document-access';
import { notFound } from '../lib/errors';
import { groupInScope, projectInScope, seesEverything, societyInScope } from '../lib/scope';
import {
  ADMIN_KINDS,
  type Crumb,
  type FolderItem,
  type Kinds,
  page,
  societyLevelRows,
  TAX_FOLDER_NAME,
  taxRows,
  USER_KINDS,
} from './folder-lists';
import { pathTo } from './templates';

/**
 * One level of the document tree for the admin manager (depth 1 project, 2 group, 3 society, 4+ template folders;
 * portal §2) and for the user browser (its societies, then their folders). Every level checks the caller's scope on
 * the entity that names it; anything outside answers 404.
 */
interface LevelQuery {
  project?: string;
  group?: string;
  society?: string;
  folder?: string;
  search?: string;
  offset: number;
  limit: number;
}

const sortByName = (rows: FolderItem[]) => rows.sort((a, b) => a.name.localeCompare(b.name, 'es'));

/** A project a caller may browse: its own (admins), or the project of a GROUP_ADMIN's groups. */
const browsesProject = (caller: Caller, project: string) =>
  projectInScope(caller, project) || (caller.role === 'GROUP_ADMIN' && caller.user.project_uuids.includes(project));

async function rootRows(caller: Caller): Promise<FolderItem[]> {
  let projects: Array<{ uuid: string; name: string; size: number }>;
  if (caller.role === 'SUPER_ADMIN') {
    const entries = await readProjectEntries();
    const { stats } = await itemsAndStats(
      [],
      entries.map((e) => projectDocumentStatsKey(e.id)),
    );
    projects = entries.map((e, i) => ({ uuid: e.id, name: e.value.n, size: stats[i]?.get('ALL')?.size ?? 0 }));
  } else {
    const uuids = caller.user.project_uuids;
    const { items, stats } = await itemsAndStats(uuids.map(keys.project), uuids.map(projectDocumentStatsKey));
    projects = uuids.flatMap((uuid, i) => {
      const item = items[i] as { project_name?: string } | undefined;
      return item ? [{ uuid, name: String(item.project_name ?? ''), size: stats[i]?.get('ALL')?.size ?? 0 }] : [];
    });
  }
  return sortByName(
    projects.map((p) => ({
      uuid: p.uuid,
      name: p.name,
      type: 'folderListAdmin' as const,
      modified: { date: null },
      size: p.size,
      target: { project: p.uuid },
    })),
  );
}

/** Past this many projects of its own, a caller's typed address reads the society first (4 template shards each). */
const MAX_CANDIDATE_PROJECTS = 8;

/**
 * A society's level in one read (a page in at most 3 calls). The screens name the project (and, in the admin
 * manager, the group); a typed address may name only the society: then the caller's own projects are the candidates
 * read with it (a society outside them is outside the caller's scope, which is checked after all), and its groups give
 * the group's name. The SUPER_ADMIN (and a caller of no projects, or of too many) reads the society first. The society must belong to the named
 * project and group, else 404. The group's name is read apart only for admin crumbs it was not found for.
 */
async function readLevel(
  caller: Caller,
  societyUuid: string,
  query: { project?: string; group?: string; folder?: string },
  withNames: boolean,
) {
  const own = caller.user.project_uuids;
  let candidates: { projects: string[]; groups: string[] };
  if (query.project) candidates = { projects: [query.project], groups: query.group ? [query.group] : [] };
  else if (!seesEverything(caller) && own.length > 0 && own.length <= MAX_CANDIDATE_PROJECTS) {
    candidates = { projects: own, groups: withNames ? caller.user.group_uuids : [] };
  } else {
    const first = await getSociety(societyUuid);
    candidates = { projects: first ? [first.project_uuid] : [], groups: first && withNames ? [first.group_uuid] : [] };
  }
  if (candidates.projects.length === 0) throw notFound();
  const level = await readSocietyLevel({ society: societyUuid, ...candidates, folderKey: query.folder });
  const society = level.society as SocietyRecord | undefined;
  if (!society || !level.project || (query.group && society.group_uuid !== query.group)) throw notFound();
  let groupItem = level.group as { group_name?: string } | undefined;
  if (withNames && !groupItem) [groupItem] = await getItems<{ group_name?: string }>([keys.group(society.group_uuid)]);
  return {
    ...level,
    society,
    names: {
      project: String((level.project as { project_name?: string }).project_name ?? ''),
      group: String(groupItem?.group_name ?? ''),
    },
  };
}

/** The admin crumbs of a society and, below it, its template path. */
function societyCrumbs(
  society: SocietyRecord,
  names: { project: string; group: string },
  templatePath: Array<{ uuid: string; folder_name: string }>,
): Crumb[] {
  const place = { project: society.project_uuid, group: society.group_uuid, society: society.uuid };
  return [
    { uuid: society.project_uuid, name: names.project, depth: 1, target: { project: society.project_uuid } },
    {
      uuid: society.group_uuid,
      name: names.group,
      depth: 2,
      target: { project: society.project_uuid, group: society.group_uuid },
    },
    { uuid: society.uuid, name: society.society_business_name, depth: 3, target: place },
    ...templatePath.map((t, i) => ({
      uuid: t.uuid,
      name: t.folder_name,
      depth: 4 + i,
      target: { ...place, folder: t.uuid },
    })),
  ];
}

export async function adminLevel(caller: Caller, query: LevelQuery) {
  if (query.folder && !query.society) throw notFound();
  if (query.society) {
    const level = await readLevel(caller, query.society, query, true);
    const { society } = level;
    if (!societyInScope(caller, society)) throw notFound();
    if (query.folder && !level.templates.some((t) => t.uuid === query.folder)) throw notFound();
    const rows = societyLevelRows(level, query.folder, ADMIN_KINDS);
    return {
      ...page(rows, query),
      root_directory: societyCrumbs(society, level.names, pathTo(level.templates, query.folder)),
      can_upload: Boolean(query.folder),
    };
  }
  if (query.group) {
    const group = await getGroup(query.group);
    if (!group || !groupInScope(caller, group)) throw notFound();
    const [{ entries }, read] = await Promise.all([
      readSocietyEntries([societiesOfGroup(group.uuid)]),
      itemsAndStats([keys.project(group.project_uuid)], [groupDocumentStatsKey(group.uuid)]),
    ]);
    const project = read.items[0] as { project_name?: string } | undefined;
    const sizes = read.stats[0];
    const rows = sortByName(
      entries.map((e) => ({
        uuid: e.id,
        name: e.value.n,
        type: 'folderListAdmin' as const,
        modified: { date: e.value.u },
        size: sizes?.get(e.id)?.size ?? 0,
        target: { project: group.project_uuid, group: group.uuid, society: e.id },
      })),
    );
    return {
      ...page(rows, query),
      root_directory: [
        {
          uuid: group.project_uuid,
          name: String(project?.project_name ?? ''),
          depth: 1,
          target: { project: group.project_uuid },
        },
        { uuid: group.uuid, name: group.group_name, depth: 2, target: { group: group.uuid } },
      ],
      can_upload: false,
    };
  }
  if (query.project) {
    if (!browsesProject(caller, query.project)) throw notFound();
    const [read, { entries }] = await Promise.all([
      itemsAndStats([keys.project(query.project)], [projectDocumentStatsKey(query.project)]),
      readGroupEntries([groupsOfProject(query.project)]),
    ]);
    const project = read.items[0] as { uuid: string; project_name: string } | undefined;
    const sizes = read.stats[0];
    if (!project) throw notFound();
    const rows = sortByName(
      entries
        .filter((e) => groupInScope(caller, { uuid: e.id, project_uuid: e.value.p }))
        .map((e) => ({
          uuid: e.id,
          name: e.value.n,
          type: 'folderListAdmin' as const,
          modified: { date: e.value.u },
          size: sizes?.get(e.id)?.size ?? 0,
          target: { project: query.project, group: e.id },
        })),
    );
    return {
      ...page(rows, query),
      root_directory: [{ uuid: project.uuid, name: project.project_name, depth: 1, target: { project: project.uuid } }],
      can_upload: false,
    };
  }
  return { ...page(await rootRows(caller), query), root_directory: [], can_upload: false };
}

/**
 * The societies whose documents a user browses: its own, its groups', or an admin's scope; a user who is not an admin
 * only those of the firms that opened their documents to it.
 */
async function userSocietyRows(caller: Caller): Promise<FolderItem[]> {
  let list: Array<{ uuid: string; name: string; project: string }>;
  if (caller.role === 'USER_SOCIETY') {
    const items = await getItems<SocietyRecord>(caller.user.society_uuids.map(keys.society));
    list = items.map((s) => ({ uuid: s.uuid, name: s.society_business_name, project: s.project_uuid }));
  } else {
    const directories =
      caller.role === 'SUPER_ADMIN'
        ? [allSocieties()]
        : caller.role === 'PROJECT_ADMIN'
          ? caller.user.project_uuids.map(societiesOfProject)
          : caller.user.group_uuids.map(societiesOfGroup);
    list = (await readSocietyEntries(directories)).entries.map((e) => ({
      uuid: e.id,
      name: e.value.n,
      project: e.value.p,
    }));
  }
  if (!isAdmin(caller)) list = list.filter((s) => hasDocumentation(caller.user, s.project));
  return sortByName(
    list.map((s) => ({
      uuid: s.uuid,
      name: s.name,
      type: 'userFolder' as const,
      modified: { date: null },
      size: null,
      target: { project: s.project, society: s.uuid },
    })),
  );
}

export async function userLevel(caller: Caller, query: LevelQuery) {
  if (!isAdmin(caller) && !hasAnyDocumentation(caller.user)) throw notFound();
  if (query.folder && !query.society) throw notFound();
  if (!query.society) return { ...page(await userSocietyRows(caller), query), root_directory: [], can_upload: false };
  const level = await readLevel(caller, query.society, { project: query.project, folder: query.folder }, false);
  const { society, templates } = level;
  if (!societyVisible(caller, society)) throw notFound();
  if (query.folder && !templates.some((t) => t.uuid === query.folder)) throw notFound();
  const rows = societyLevelRows(level, query.folder, USER_KINDS);
  const root_directory: Crumb[] = [
    {
      uuid: society.uuid,
      name: society.society_business_name,
      depth: 1,
      target: { project: society.project_uuid, society: society.uuid },
    },
    ...pathTo(templates, query.folder).map((t, i) => ({
      uuid: t.uuid,
      name: t.folder_name,
      depth: 2 + i,
      target: { project: society.project_uuid, society: society.uuid, folder: t.uuid },
    })),
  ];
  return { ...page(rows, query), root_directory, can_upload: false };
}

async function namesOf(society: SocietyRecord) {
  const [project, group] = await getItems<{ project_name?: string; group_name?: string }>([
    keys.project(society.project_uuid),
    keys.group(society.group_uuid),
  ]);
  return { project: project?.project_name ?? '', group: group?.group_name ?? '' };
}

interface TaxQuery {
  society: string;
  form?: (typeof TAX_FORMS)[number];
  year?: number;
  search?: string;
  offset: number;
  limit: number;
}

export async function taxLevel(caller: Caller, query: TaxQuery, admin: boolean) {
  let society: SocietyRecord;
  if (admin) {
    const found = await getSociety(query.society);
    if (!found || !societyInScope(caller, found)) throw notFound();
    society = found;
  } else {
    society = await visibleSociety(caller, query.society);
  }
  if (query.year && !query.form) throw notFound();
  if (query.year && query.year > new Date(nowMs()).getUTCFullYear()) throw notFound();
  const kinds: Kinds = admin ? ADMIN_KINDS : USER_KINDS;
  const rows = await taxRows(society, query.form, query.year, kinds);
  const base: Crumb[] = admin
    ? societyCrumbs(society, await namesOf(society), [])
    : [{ uuid: society.uuid, name: society.society_business_name, depth: 1, target: { society: society.uuid } }];
  const depth = (base.at(-1)?.depth ?? 0) + 1;
  const crumbs: Crumb[] = [
    ...base,
    { uuid: `${society.uuid}-tax`, name: TAX_FOLDER_NAME, depth, target: { society: society.uuid } },
    ...(query.form
      ? [
          {
            uuid: `${society.uuid}-${query.form}`,
            name: query.form,
            depth: depth + 1,
            target: { society: society.uuid, form: query.form },
          },
        ]
      : []),
    ...(query.form && query.year
      ? [
          {
            uuid: `${society.uuid}-${query.form}-${query.year}`,
            name: String(query.year),
            depth: depth + 2,
            target: { society: society.uuid, form: query.form, year: query.year },
          },
        ]
      : []),
  ];
  return { ...page(rows, query), root_directory: crumbs, can_upload: admin && Boolean(query.form && query.year) };
}
