import type { Entry } from './directory';
import { readDirectories } from './directory';
import { type DocumentEntry, documentsOfFolder } from './documents';
import { documentStatsKey, statsOf, type TemplateEntry, templateRecords, templatesOfProject } from './folders';
import { keys } from './table';

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
