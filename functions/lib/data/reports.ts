import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { putEntry, readDirectories, removeEntry } from './directory';
import { normalizeSearch, searchText, uniqueEntries } from './list-index';
import { type Directory, type Entry, recordOf } from './table';
import type { TxWrite } from './tx-write';

/**
 * Module assignments (portal §3): reports (kind REPORT) and accounting assignments (kind ACCOUNTING) share one record
 * shape and one storage: the record under its own key, and listing entries in a table-wide directory and in the
 * directory of every project it touches, so the admin lists and the user lists read one directory per project.
 * accounting-assignments.ts names the ACCOUNTING side.
 */
export type AssignmentKind = 'REPORT' | 'ACCOUNTING';

/**
 * Where a target lies, resolved when it is saved: a project target {p}, a group target {p, g}, a society target
 * {p, g, s}. The visibility rule also requires the selection's project, so a society moved to another project since
 * stops matching (functions/lib/assignments/visibility.ts).
 */
export interface Anchor {
  p: string;
  g?: string;
  s?: string;
}

export interface AssignmentRecord {
  kind: AssignmentKind;
  uuid: string;
  menu_name: string;
  description: string;
  enable: boolean;
  enable_project_admin: boolean;
  enable_group_admin: boolean;
  enable_user_group: boolean;
  enable_user_society: boolean;
  project_list: string[];
  group_list: string[];
  society_list: string[];
  anchors: Anchor[];
  /** Every project a target lies in (the project directories it is listed in). */
  projects: string[];
  module_uuid: string;
  created: string;
  updated: string;
  version: number;
}

export interface ReportRecord extends AssignmentRecord {
  kind: 'REPORT';
  report_name: string;
  tool_type: 'POWER_BI' | 'QUICKSIGHT' | 'BUILT_IN';
  url: string | null;
  /** QuickSight: the registered dashboard's id, copied from the registry entry when picked (display only). */
  aws_id_dashboard: string | null;
  /** Always null (no firm names a QuickSight user); a report saved before may hold one, never used. */
  aws_username: string | null;
  /**
   * The registry entry the report shows (dashboard-registry.ts): the viewer embeds only this, while it is
   * bound to the viewer's project. Absent on reports saved before the registry: they show 'sin tablero registrado'.
   */
  registry_entry?: string | null;
  builtin_dashboard: 'PORTAL_ACTIVITY' | 'INDICATORS' | 'DOCUMENTS' | 'ACCOUNTING' | null;
  image: string | null;
  project_parameter_name: string | null;
  group_parameter_name: string | null;
  user_role_parameter_name: string | null;
  user_parameter_name: string | null;
  parameter_list: Array<{ uuid: string; parameter_name: string; parameter_content: string; project: string }>;
}

/**
 * A listing entry: what the lists filter, search, order and show without the record, and everything the visibility
 * rule needs (flags, enable, anchors, module), so the user lists read the directory alone.
 */
export interface AssignmentEntry {
  u: string;
  e: boolean;
  n: string;
  s: string;
  m: string;
  /** Role flags: project admin, group admin, user group, user society. */
  f: [boolean, boolean, boolean, boolean];
  a: Anchor[];
  /** What the user list shows beside the menu name (a report's name and tool; an assignment's type). */
  x: Record<string, string>;
}

export const assignmentKey = (kind: AssignmentKind, uuid: string) => ({ pk: `${kind}#${uuid}`, sk: kind });

const SHARDS = { all: 16, project: 8 };
export const assignmentDirectories = {
  all: (kind: AssignmentKind): Directory => ({ partition: `${kind}S`, shards: SHARDS.all }),
  ofProject: (kind: AssignmentKind, project: string): Directory => ({
    partition: `PROJECT#${project}#${kind}S`,
    shards: SHARDS.project,
  }),
};

export function assignmentEntry(
  record: AssignmentRecord,
  extra: Record<string, string>,
  text: string[],
): AssignmentEntry {
  return {
    u: record.updated,
    e: record.enable,
    n: record.menu_name,
    s: searchText(record.menu_name, ...text),
    m: record.module_uuid,
    f: [record.enable_project_admin, record.enable_group_admin, record.enable_user_group, record.enable_user_society],
    a: record.anchors,
    x: extra,
  };
}

/** Directory writes of a record created, edited (its projects may change) or deleted (no after). */
export function assignmentListingWrites(
  before: AssignmentRecord | undefined,
  after: AssignmentRecord | undefined,
  entry: AssignmentEntry | undefined,
): TxWrite[] {
  const record = (after ?? before) as AssignmentRecord;
  const writes: TxWrite[] = [];
  const all = assignmentDirectories.all(record.kind);
  writes.push(after && entry ? putEntry(all, record.uuid, entry) : removeEntry(all, record.uuid));
  const kept = new Set(after?.projects ?? []);
  for (const p of before?.projects ?? []) {
    if (!kept.has(p)) writes.push(removeEntry(assignmentDirectories.ofProject(record.kind, p), record.uuid));
  }
  if (after && entry) {
    for (const p of after.projects)
      writes.push(putEntry(assignmentDirectories.ofProject(record.kind, p), record.uuid, entry));
  }
  return writes;
}

export const assignmentItem = (record: AssignmentRecord) => ({ ...assignmentKey(record.kind, record.uuid), ...record });

export async function getAssignment<T extends AssignmentRecord>(
  kind: AssignmentKind,
  uuid: string,
): Promise<T | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: assignmentKey(kind, uuid), ConsistentRead: true }),
  );
  return recordOf<T>(Item);
}

/** Entries of directories (once each) and extra items read in the same BatchGet. */
export async function readAssignmentEntries(list: Directory[], extra: Array<{ pk: string; sk: string }> = []) {
  const out = await readDirectories<AssignmentEntry>(list, extra);
  return { entries: uniqueEntries(out.entries.flat()), extra: out.extra };
}

export const normalizedText = normalizeSearch;

/** The assignments of one kind whose targets lie in a project (its listing directory, one BatchGet). */
export async function assignmentEntriesOfProject(
  kind: AssignmentKind,
  project: string,
): Promise<Entry<AssignmentEntry>[]> {
  const { entries } = await readDirectories<AssignmentEntry>([assignmentDirectories.ofProject(kind, project)]);
  return entries[0] ?? [];
}
