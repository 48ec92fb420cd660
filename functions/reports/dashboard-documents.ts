import { reportsViewer as t } from '../../shared/i18n/es/reports';
import type { Selection } from '../lib/assignments/visibility';
import { readDirectories } from '../lib/data/directory';
import { documentFeedOf, type FeedEntry, groupDocumentFeedOf } from '../lib/data/document-feeds';
import { documentStatsKey, statsOf, type TemplateEntry, templatesOfProject } from '../lib/data/folders';
import { groupsOfProject } from '../lib/data/groups';
import { getItems } from '../lib/data/list-index';
import { societiesOfGroup, societiesOfProject } from '../lib/data/societies';
import { type Entry, keys } from '../lib/data/table';
import type { Panel } from './dashboard-panel';

/**
 * The built-in 'Actividad de documentos': documents added per month and the space each folder holds, for
 * the caller's selection, read through the documents data layer: the document feeds (a society's, or a group's for all
 * its societies; their entries carry the document's creation date) and the societies' document stats items (bytes per
 * folder, kept by every upload). A society is one BatchGet; a group or a project two (its societies first, then their
 * stats with the feeds); the key count grows with a project's groups (16 per feed) and societies (1 each).
 */
const MONTHS = 12;
const KB = 1024;
const MB = KB * KB;

/** The last twelve months, oldest first, as YYYY-MM, ending at `now`'s. */
export function lastMonths(now: Date, count = MONTHS): string[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** 'TAX#F22#2021' → 'F22 2021'; a template uuid → its name. */
const folderLabel = (key: string, names: Map<string, string>) =>
  key.startsWith('TAX#') ? key.slice(4).replace('#', ' ') : (names.get(key) ?? key);

export function documentPanels(
  feed: FeedEntry[],
  stats: Array<Map<string, { size: number; files: number }>>,
  folderNames: Map<string, string>,
  now: Date,
): Panel[] {
  const months = lastMonths(now);
  const perMonth = new Map(months.map((m) => [m, 0]));
  for (const entry of feed) {
    const month = entry.c.slice(0, 7);
    if (perMonth.has(month)) perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
  }
  const bytes = new Map<string, number>();
  for (const society of stats) {
    for (const [key, { size }] of society) {
      if (key !== 'ALL' && size > 0) bytes.set(key, (bytes.get(key) ?? 0) + size);
    }
  }
  const largest = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 10);
  // In KB while every folder is under a megabyte: a firm's first few PDFs would all read 0,00 MB and draw no bar.
  const unit = (largest[0]?.[1] ?? 0) >= MB ? 'MB' : 'KB';
  const divisor = unit === 'MB' ? MB : KB;
  const folders = largest.map(([key, size]) => ({
    label: folderLabel(key, folderNames),
    value: Math.round((size / divisor) * 100) / 100,
  }));
  return [
    {
      id: 'documents-per-month',
      title: t.panels.documentsPerMonth,
      chart: 'bar',
      points: [...perMonth].map(([label, value]) => ({ label, value })),
    },
    { id: 'folder-sizes', title: t.panels.folderSizes(unit), chart: 'bar', points: folders },
  ];
}

export const scopeKeyOf = (selection: Selection) =>
  selection.society
    ? keys.society(selection.society)
    : selection.group
      ? keys.group(selection.group)
      : keys.project(selection.project);

export const scopeNameOf = (item: Record<string, unknown> | undefined) =>
  String(item?.society_business_name ?? item?.group_name ?? item?.project_name ?? '');

export async function documentsActivity(
  selection: Selection,
  now: Date,
): Promise<{ scopeName: string; panels: Panel[] }> {
  const templates = templatesOfProject(selection.project);
  if (selection.society) {
    const { entries, extra } = await readDirectories<unknown>(
      [documentFeedOf(selection.society), templates],
      [documentStatsKey(selection.society), scopeKeyOf(selection)],
    );
    const [feed = [], names = []] = entries as [Array<Entry<FeedEntry>>, Array<Entry<TemplateEntry>>];
    const panels = documentPanels(
      feed.map((e) => e.value),
      [statsOf(extra[0])],
      new Map(names.map((e) => [e.id, e.value.n])),
      now,
    );
    return { scopeName: scopeNameOf(extra[1]), panels };
  }
  // A group's or a project's societies (and a project's groups, whose feeds gather their societies' documents).
  const first = await readDirectories<unknown>(
    selection.group
      ? [societiesOfGroup(selection.group), templates, groupDocumentFeedOf(selection.group)]
      : [societiesOfProject(selection.project), templates, groupsOfProject(selection.project)],
    [scopeKeyOf(selection)],
  );
  const [societies = [], names = [], third = []] = first.entries;
  const statsKeys = societies.map((s) => documentStatsKey(s.id));
  let feed: FeedEntry[];
  let stats: Array<Record<string, unknown>>;
  if (selection.group) {
    feed = (third as Array<Entry<FeedEntry>>).map((e) => e.value);
    stats = await getItems<Record<string, unknown>>(statsKeys);
  } else {
    const feeds = third.map((g) => groupDocumentFeedOf(g.id));
    const second = await readDirectories<FeedEntry>(feeds, statsKeys);
    feed = second.entries.flat().map((e) => e.value);
    stats = second.extra.filter((s): s is Record<string, unknown> => Boolean(s));
  }
  const panels = documentPanels(
    feed,
    stats.map(statsOf),
    new Map((names as Array<Entry<TemplateEntry>>).map((e) => [e.id, e.value.n])),
    now,
  );
  return { scopeName: scopeNameOf(first.extra[0]), panels };
}
