import type { Entry } from './directory';
import { readDirectories } from './directory';
import { type DocumentEntry, documentsOfFolder } from './documents';
import { documentStatsKey, statsOf, type TemplateEntry, templateRecords, templatesOfProject } from './folders';
import { batchGet } from './list-index';
import { keys, strip } from './table';

/**
 * One level of a society's documents in one BatchGet (issue 9's list rules; bench/documents.ts): the society, its
 * project and group (for the breadcrumb and the scope check), the project's template tree, the society's document
 * stats and, inside a folder, the folder's document directory. The project comes from the caller's query and is
 * checked against the society afterwards; without it, the society is read first (one call more).
 */
export async function readSocietyLevel(ids: { society: string; project: string; group?: string; folderKey?: string }) {
  const extra = [
    keys.society(ids.society),
    keys.project(ids.project),
    ...(ids.group ? [keys.group(ids.group)] : []),
    documentStatsKey(ids.society),
  ];
  const { entries, extra: found } = await readDirectories<unknown>(
    [templatesOfProject(ids.project), ...(ids.folderKey ? [documentsOfFolder(ids.society, ids.folderKey)] : [])],
    extra,
  );
  const [society, project, ...rest] = found;
  const group = ids.group ? rest[0] : undefined;
  const stats = rest.at(-1);
  return {
    society,
    project,
    group,
    stats: statsOf(stats),
    templates: templateRecords(ids.project, (entries[0] ?? []) as Array<Entry<TemplateEntry>>),
    documents: (entries[1] ?? []) as Array<Entry<DocumentEntry>>,
  };
}

/**
 * Items a row list needs (a project for its breadcrumb) and the stats items its rows' sizes come from (folders.ts
 * hierarchy stats), in one BatchGet (parallel ones past 100 keys): project and group rows show their sizes without a
 * call more (issue 10).
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
