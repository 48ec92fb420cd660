import { readDirectories } from './directory';
import { type DocumentEntry, documentsOfFolder } from './documents';
import { documentStatsKey, statsOf, type TemplateEntry, templateRecords, templatesOfProject } from './folders';
import { batchGet } from './list-index';
import { type Entry, keys, strip } from './table';

/**
 * One level of a society's documents in one BatchGet (the list rules; bench/documents.ts): the society, its
 * project and group (for the breadcrumb and the scope check), the project's template tree, the society's document
 * stats and, inside a folder, the folder's document directory. The project is one of `projects`, candidates the
 * caller knows before reading (the query's project, or its own projects): each candidate's tree is read, the society's
 * own project is kept, and a society of none of them comes back with no project. The same for `groups` (names only).
 */
export async function readSocietyLevel(ids: {
  society: string;
  projects: string[];
  groups: string[];
  folderKey?: string;
}) {
  const extra = [
    keys.society(ids.society),
    documentStatsKey(ids.society),
    ...ids.projects.map(keys.project),
    ...ids.groups.map(keys.group),
  ];
  const { entries, extra: found } = await readDirectories<unknown>(
    [
      ...ids.projects.map(templatesOfProject),
      ...(ids.folderKey ? [documentsOfFolder(ids.society, ids.folderKey)] : []),
    ],
    extra,
  );
  const [society, stats] = found;
  const projectAt = ids.projects.indexOf(society?.project_uuid as string);
  const groupAt = ids.groups.indexOf(society?.group_uuid as string);
  const project = projectAt < 0 ? undefined : ids.projects[projectAt];
  return {
    society,
    project: projectAt < 0 ? undefined : found[2 + projectAt],
    group: groupAt < 0 ? undefined : found[2 + ids.projects.length + groupAt],
    stats: statsOf(stats),
    templates: project ? templateRecords(project, (entries[projectAt] ?? []) as Array<Entry<TemplateEntry>>) : [],
    documents: (ids.folderKey ? (entries[ids.projects.length] ?? []) : []) as Array<Entry<DocumentEntry>>,
  };
}

/**
 * Items a row list needs (a project for its breadcrumb) and the stats items its rows' sizes come from (folders.ts
 * hierarchy stats), in one BatchGet (parallel ones past 100 keys): project and group rows show their sizes without a
 * call more.
 */
export async function itemsAndStats(
  itemKeys: Array<{ pk: string; sk: string }>,
  statsKeys: Array<{ pk: string; sk: string }>,
): Promise<{
  items: Array<Record<string, unknown> | undefined>;
  stats: Array<Map<string, { size: number; files: number }>>;
}> {
  const found = await batchGet([...itemKeys, ...statsKeys]);
  const at = (k: { pk: string; sk: string }) => found.get(`${k.pk}|${k.sk}`);
  return {
    items: itemKeys.map((k) => {
      const item = at(k);
      return item && (strip(item) as Record<string, unknown>);
    }),
    stats: statsKeys.map((k) => statsOf(at(k))),
  };
}
