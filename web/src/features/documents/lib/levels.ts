import type { folderItemSchema } from '@shared/contracts/folders';
import type { z } from 'zod/mini';

/**
 * Where a document screen is: the level's query, kept in the URL's search so a reload shows the same folder and the
 * browser's Back pops one level (portal §4: "clicking a folder pushes a history entry").
 */
export type FolderItem = z.infer<typeof folderItemSchema>;
export type Target = NonNullable<FolderItem['target']>;

export interface Level {
  project?: string;
  group?: string;
  society?: string;
  folder?: string;
  form?: 'F22' | 'F29' | 'F50';
  year?: number;
  /** The society's tax panel (forms, years, files). */
  tax: boolean;
}

const FORMS = ['F22', 'F29', 'F50'] as const;

export function levelFromSearch(search: URLSearchParams): Level {
  const form = search.get('form');
  const year = Number(search.get('year'));
  return {
    project: search.get('project') ?? undefined,
    group: search.get('group') ?? undefined,
    society: search.get('society') ?? undefined,
    folder: search.get('folder') ?? undefined,
    form: (FORMS as readonly string[]).includes(form ?? '') ? (form as Level['form']) : undefined,
    year: Number.isInteger(year) && year > 0 ? year : undefined,
    tax: search.get('tax') === '1' || Boolean(form),
  };
}

export function searchOf(target: Target, tax = false): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(target)) if (value !== undefined) search.set(key, String(value));
  if (tax) search.set('tax', '1');
  const text = search.toString();
  return text ? `?${text}` : '';
}

const TAX_TYPES = new Set(['taxAdmin', 'tax', 'taxFormAdmin', 'taxForm', 'taxFormYearAdmin', 'taxFormYear']);
const FILE_TYPES = new Set(['file', 'file_user', 'taxFormYearAdminDocument', 'taxFormYearDocument']);

export const isFile = (item: FolderItem) => FILE_TYPES.has(item.type);
export const opensTaxPanel = (item: FolderItem) => TAX_TYPES.has(item.type);

/** Bytes as the table shows them (es-CL decimals). */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '-';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('es-CL', { maximumFractionDigits: 1 })} ${units[unit]}`;
}
