import type { z } from 'zod/mini';
import {
  type crumbSchema,
  FIRST_TAX_YEAR,
  type FolderItemType,
  type folderItemSchema,
  TAX_FORMS,
} from '../../shared/contracts/folders';
import { nowMs } from '../lib/clock';
import { type DocumentEntry, documentEntriesOf } from '../lib/data/documents';
import { documentStatsKey, statsOf, type TemplateRecord } from '../lib/data/folders';
import { getItems, normalizeSearch } from '../lib/data/list-index';
import type { SocietyRecord } from '../lib/data/societies';
import type { Entry } from '../lib/data/table';

/**
 * Building the rows of one level of the folder tree (portal §3 Folder): folders first (by name), then the
 * documents (by name), searched without case and accents, then paged. Sizes come from the society's folder stats
 * (one Query), each folder's being the sum of its documents and its subfolders'.
 */
export type FolderItem = z.infer<typeof folderItemSchema>;
export type Crumb = z.infer<typeof crumbSchema>;

export interface Kinds {
  folder: FolderItemType;
  file: FolderItemType;
  tax: FolderItemType;
  taxForm: FolderItemType;
  taxYear: FolderItemType;
  taxFile: FolderItemType;
}

export const ADMIN_KINDS: Kinds = {
  folder: 'folder',
  file: 'file',
  tax: 'taxAdmin',
  taxForm: 'taxFormAdmin',
  taxYear: 'taxFormYearAdmin',
  taxFile: 'taxFormYearAdminDocument',
};
export const USER_KINDS: Kinds = {
  folder: 'folderList',
  file: 'file_user',
  tax: 'tax',
  taxForm: 'taxForm',
  taxYear: 'taxFormYear',
  taxFile: 'taxFormYearDocument',
};

/** The tax panel's name in a society's list. */
export const TAX_FOLDER_NAME = 'Formularios tributarios';

export function page(rows: FolderItem[], query: { search?: string; offset: number; limit: number }) {
  const needle = query.search ? normalizeSearch(query.search) : '';
  const matching = needle ? rows.filter((r) => normalizeSearch(r.name).includes(needle)) : rows;
  return { count: matching.length, results: matching.slice(query.offset, query.offset + query.limit) };
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'es');

/** Total bytes of each template folder in one society, subfolders included. */
function subtreeSizes(templates: TemplateRecord[], stats: Map<string, { size: number }>): Map<string, number> {
  const sizes = new Map<string, number>();
  const childrenOf = new Map<string | null, TemplateRecord[]>();
  for (const t of templates) childrenOf.set(t.main_folder, [...(childrenOf.get(t.main_folder) ?? []), t]);
  const visit = (t: TemplateRecord, depth: number): number => {
    if (depth > 100) return 0;
    const own = stats.get(t.uuid)?.size ?? 0;
    const total = own + (childrenOf.get(t.uuid) ?? []).reduce((sum, c) => sum + visit(c, depth + 1), 0);
    sizes.set(t.uuid, total);
    return total;
  };
  for (const t of childrenOf.get(null) ?? []) visit(t, 0);
  return sizes;
}

/** What one level of a society shows, read in one call (data/document-levels.ts). */
export interface SocietyLevelData {
  society: SocietyRecord;
  templates: TemplateRecord[];
  stats: Map<string, { size: number; files: number }>;
  documents: Array<Entry<DocumentEntry>>;
}

/** A society's folders at one level (top, or under `folder`), its tax panel at the top, and the folder's documents. */
export function societyLevelRows(data: SocietyLevelData, folder: string | undefined, kinds: Kinds): FolderItem[] {
  const { society, templates: tree, stats, documents } = data;
  const sizes = subtreeSizes(tree, stats);
  const place = { project: society.project_uuid, group: society.group_uuid, society: society.uuid };
  const folders: FolderItem[] = tree
    .filter((t) => t.main_folder === (folder ?? null))
    .map((t) => ({
      uuid: t.uuid,
      name: t.folder_name,
      type: kinds.folder,
      modified: { date: t.updated },
      size: sizes.get(t.uuid) ?? 0,
      target: { ...place, folder: t.uuid },
    }))
    .sort(byName);
  if (!folder) {
    const taxSize = [...stats].filter(([k]) => k.startsWith('TAX#')).reduce((sum, [, s]) => sum + s.size, 0);
    folders.push({
      uuid: `${society.uuid}-tax`,
      name: TAX_FOLDER_NAME,
      type: kinds.tax,
      modified: { date: null },
      size: taxSize,
      target: place,
    });
  }
  return [...folders, ...documentRows(documents, kinds.file)];
}

export function documentRows(documents: Array<Entry<DocumentEntry>>, type: FolderItemType): FolderItem[] {
  return documents
    .map((d) => {
      const dot = d.value.n.lastIndexOf('.');
      return {
        uuid: d.id,
        name: d.value.n,
        type,
        modified: { date: d.value.u },
        size: d.value.z,
        document_name: dot > 0 ? d.value.n.slice(0, dot) : d.value.n,
        file_name: d.value.n,
      };
    })
    .sort(byName);
}

/** The tax panel: the three forms; a form's years from 2017 to now, ascending (portal §4); a year's documents. */
export async function taxRows(
  society: SocietyRecord,
  form: (typeof TAX_FORMS)[number] | undefined,
  year: number | undefined,
  kinds: Kinds,
): Promise<FolderItem[]> {
  if (form && year) return documentRows(await documentEntriesOf(society.uuid, `TAX#${form}#${year}`), kinds.taxFile);
  const stats = statsOf((await getItems<Record<string, unknown>>([documentStatsKey(society.uuid)]))[0]);
  if (!form) {
    return TAX_FORMS.map((f) => ({
      uuid: `${society.uuid}-${f}`,
      name: f,
      type: kinds.taxForm,
      modified: { date: null },
      size: [...stats].filter(([k]) => k.startsWith(`TAX#${f}#`)).reduce((sum, [, s]) => sum + s.size, 0),
      target: { society: society.uuid, form: f },
    }));
  }
  const current = new Date(nowMs()).getUTCFullYear();
  return Array.from({ length: current - FIRST_TAX_YEAR + 1 }, (_, i) => FIRST_TAX_YEAR + i).map((y) => ({
    uuid: `${society.uuid}-${form}-${y}`,
    name: String(y),
    type: kinds.taxYear,
    modified: { date: null },
    size: stats.get(`TAX#${form}#${y}`)?.size ?? 0,
    target: { society: society.uuid, form, year: y },
  }));
}
