import { randomUUID } from 'node:crypto';
import type { Caller } from '../auth/caller';
import { config } from '../config';
import { auditWrite, diff, editAction } from '../data/audit';
import { readDirectories } from '../data/directory';
import { getItems, pageEntries, rowsWithinBudget } from '../data/list-index';
import { type ModuleEntry, type ModuleType, modulesOf, moduleUseWrite } from '../data/modules';
import {
  type AssignmentEntry,
  type AssignmentKind,
  type AssignmentRecord,
  assignmentDirectories,
  assignmentEntry,
  assignmentItem,
  assignmentKey,
  assignmentListingWrites,
  getAssignment,
} from '../data/reports';
import { type Entry, keys, nowIso } from '../data/table';
import { transactWrite } from '../data/transact';
import type { TxWrite } from '../data/tx-write';
import { deleteWhen, putNew, putVersioned } from '../data/writes';
import { ApiError, conflict, fieldErrors, forbidden, notFound } from '../errors';
import { groupInScope, projectInScope, seesEverything, societyInScope } from '../scope';
import { nameKeys, nameOf, readable, readableTargets, resolveTargets, type TargetLists, writable } from './targets';
import { coversSelection, type Selection } from './visibility';

/**
 * What reports and accounting assignments share on the server: create, edit, delete, the admin lists (in scope,
 * enabled or not, project › group › society filters, search) and the common part of their view. Each kind adds its
 * own fields (functions/reports/reports.ts, functions/modules/accounting-assignments.ts).
 */
export interface KindRules<R extends AssignmentRecord> {
  kind: AssignmentKind;
  moduleType: ModuleType;
  auditType: string;
  /** What the user list shows beside the menu name, kept in the listing entry. */
  entryExtra: (record: R) => Record<string, string>;
  /** More searchable text than the menu name. */
  searchText: (record: R) => string[];
}

export const invalidModule = () => new ApiError(400, 'INVALID');

const ROLE_FLAG_NAMES = [
  'enable_project_admin',
  'enable_group_admin',
  'enable_user_group',
  'enable_user_society',
] as const;

export interface CommonInput {
  menu_name?: string;
  description?: string;
  enable?: boolean;
  enable_project_admin?: boolean;
  enable_group_admin?: boolean;
  enable_user_group?: boolean;
  enable_user_society?: boolean;
  project_list?: string[];
  group_list?: string[];
  society_list?: string[];
  module?: string;
  version?: number;
}

/**
 * The common fields of a new record, or of an edited one (only what was sent), with its targets checked and
 * resolved. Gates of portal §4: at least one role flag always; at least one target on create (an edit keeps its
 * targets unless it sends lists).
 */
export async function commonFields(
  caller: Caller,
  kind: AssignmentKind,
  input: CommonInput,
  before?: AssignmentRecord,
): Promise<AssignmentRecord> {
  const sentLists =
    input.project_list !== undefined || input.group_list !== undefined || input.society_list !== undefined;
  const lists: TargetLists = {
    project_list: input.project_list ?? (sentLists ? [] : (before?.project_list ?? [])),
    group_list: input.group_list ?? (sentLists ? [] : (before?.group_list ?? [])),
    society_list: input.society_list ?? (sentLists ? [] : (before?.society_list ?? [])),
  };
  const targets =
    before && !sentLists ? { anchors: before.anchors, projects: before.projects } : await resolveTargets(caller, lists);
  const errors: Record<string, string[]> = {};
  if (targets.anchors.length === 0) errors.project_list = ['REQUIRED'];
  const flags = Object.fromEntries(
    ROLE_FLAG_NAMES.map((name) => [name, input[name] ?? before?.[name] ?? false]),
  ) as Pick<AssignmentRecord, (typeof ROLE_FLAG_NAMES)[number]>;
  if (!ROLE_FLAG_NAMES.some((name) => flags[name])) errors.enable_project_admin = ['REQUIRED'];
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  const now = nowIso();
  return {
    kind,
    uuid: before?.uuid ?? randomUUID(),
    menu_name: input.menu_name ?? before?.menu_name ?? '',
    description: input.description ?? before?.description ?? '',
    enable: input.enable ?? before?.enable ?? true,
    ...flags,
    project_list: [...new Set(lists.project_list)],
    group_list: [...new Set(lists.group_list)],
    society_list: [...new Set(lists.society_list)],
    anchors: targets.anchors,
    projects: targets.projects,
    module_uuid: input.module ?? before?.module_uuid ?? '',
    created: before?.created ?? now,
    updated: now,
    version: (before?.version ?? 0) + 1,
  };
}

const entryOf = <R extends AssignmentRecord>(rules: KindRules<R>, record: R) =>
  assignmentEntry(record, rules.entryExtra(record), rules.searchText(record));

export async function saveNew<R extends AssignmentRecord>(
  caller: Caller,
  rules: KindRules<R>,
  record: R,
  /** Writes that go with it (the clean-up markers of its image). */
  extra: TxWrite[] = [],
) {
  await transactWrite([
    ...extra,
    putNew(assignmentItem(record)),
    ...assignmentListingWrites(undefined, record, entryOf(rules, record)),
    moduleUseWrite(record.module_uuid, rules.moduleType, 1, invalidModule),
    auditWrite(
      config.tableName,
      caller,
      'CREATE',
      { type: rules.auditType, uuid: record.uuid },
      diff({}, { ...record } as Record<string, unknown>),
    ),
  ]);
}

export async function saveEdit<R extends AssignmentRecord>(
  caller: Caller,
  rules: KindRules<R>,
  before: R,
  after: R,
  /** Writes that go with it (the clean-up markers of its image). */
  extra: TxWrite[] = [],
) {
  const { updated: _u, version: _v, ...comparable } = after;
  const changes = diff(before as unknown as Record<string, unknown>, comparable);
  const writes: TxWrite[] = [
    ...extra,
    putVersioned(assignmentItem(after), before.version),
    ...assignmentListingWrites(before, after, entryOf(rules, after)),
    auditWrite(config.tableName, caller, editAction(changes), { type: rules.auditType, uuid: after.uuid }, changes),
  ];
  if (before.module_uuid !== after.module_uuid) {
    writes.push(
      moduleUseWrite(after.module_uuid, rules.moduleType, 1, invalidModule),
      moduleUseWrite(before.module_uuid, rules.moduleType, -1, () => conflict('DATA_CONFLICT')),
    );
  }
  await transactWrite(writes);
}

export async function removeRecord<R extends AssignmentRecord>(
  caller: Caller,
  rules: KindRules<R>,
  record: R,
  /** Writes that go with the delete (a clean-up marker of what it leaves behind). */
  extra: TxWrite[] = [],
) {
  await transactWrite([
    ...extra,
    deleteWhen(assignmentKey(record.kind, record.uuid), {
      expression: 'version = :version',
      values: { ':version': record.version },
    }),
    ...assignmentListingWrites(record, undefined, undefined),
    moduleUseWrite(record.module_uuid, rules.moduleType, -1, () => conflict('DATA_CONFLICT')),
    auditWrite(
      config.tableName,
      caller,
      'DELETE',
      { type: rules.auditType, uuid: record.uuid },
      diff({ ...record } as Record<string, unknown>, {}),
    ),
  ]);
}

/**
 * One record for an admin: 404 when missing or outside its scope; for a change (`write`), 403 ACTION_NOT_ALLOWED
 * when it also targets what the caller does not manage, and 409 DATA_CONFLICT on a stale version.
 */
export async function requireForAdmin<R extends AssignmentRecord>(
  caller: Caller,
  kind: AssignmentKind,
  uuid: string,
  write: false | { version?: number },
): Promise<R> {
  const record = await getAssignment<R>(kind, uuid);
  if (!record || !readable(caller, record.anchors)) throw notFound();
  if (write && !writable(caller, record.anchors)) throw forbidden();
  if (write && write.version !== undefined && write.version !== record.version) throw conflict('DATA_CONFLICT');
  return record;
}

/** The common part of a view: targets the caller may see, by name; the module by name; whether it may change it. */
export function commonView(
  caller: Caller,
  record: AssignmentRecord,
  names: Map<string, Record<string, unknown>>,
  moduleName: string,
) {
  const lists = readableTargets(caller, record.anchors);
  const named = (ids: string[]) => ids.map((uuid) => ({ uuid, name: nameOf(names.get(uuid)) }));
  return {
    uuid: record.uuid,
    menu_name: record.menu_name,
    description: record.description,
    enable: record.enable,
    enable_project_admin: record.enable_project_admin,
    enable_group_admin: record.enable_group_admin,
    enable_user_group: record.enable_user_group,
    enable_user_society: record.enable_user_society,
    project_list: named(lists.project_list),
    group_list: named(lists.group_list),
    society_list: named(lists.society_list),
    module: { uuid: record.module_uuid, module_name: moduleName },
    created: { date: record.created },
    updated: record.updated,
    version: record.version,
    editable: writable(caller, record.anchors),
  };
}

/**
 * Records and the names their views show, in one BatchGet: the targets are known before the records are read (from
 * the listing entries, or a record already read), so both ride together.
 */
export async function loadForViews<R extends AssignmentRecord>(
  caller: Caller,
  kind: AssignmentKind,
  items: Array<{ uuid: string; anchors: AssignmentRecord['anchors'] }>,
) {
  const found = await getItems<Record<string, unknown> & { uuid: string }>([
    ...items.map((i) => assignmentKey(kind, i.uuid)),
    ...items.flatMap((i) => nameKeys(readableTargets(caller, i.anchors))),
  ]);
  const names = new Map(found.map((item) => [item.uuid, item]));
  const records = found.filter((item) => item.kind === kind) as unknown as R[];
  return { records, names };
}

/** The module names of a kind (one small directory read). */
export async function moduleNames(type: ModuleType): Promise<Map<string, string>> {
  const { entries } = await readDirectories<ModuleEntry>([modulesOf(type)]);
  return new Map(entries.flat().map((e) => [e.id, e.value.n]));
}

/** One record as an admin sees it: the record read first (scope), then its names and module. */
export async function adminView<R extends AssignmentRecord, V>(
  caller: Caller,
  rules: KindRules<R>,
  record: R,
  toView: ViewBuilder<R, V>,
): Promise<V> {
  const [names, modules] = await Promise.all([
    getItems<Record<string, unknown> & { uuid: string }>(nameKeys(readableTargets(caller, record.anchors))),
    moduleNames(rules.moduleType),
  ]);
  return toView(caller, record, new Map(names.map((n) => [n.uuid, n])), modules.get(record.module_uuid) ?? '');
}

export type ViewBuilder<R extends AssignmentRecord, V> = (
  caller: Caller,
  record: R,
  names: Map<string, Record<string, unknown>>,
  moduleName: string,
) => Promise<V> | V;

export interface ListQuery {
  enable?: boolean;
  project?: string;
  group?: string;
  society?: string;
  search?: string;
  offset: number;
  limit: number;
}

/**
 * A page of an admin list (portal §2): the caller's directories (table-wide for SUPER_ADMIN, its projects' otherwise)
 * read in one BatchGet with the filter's parent (404 outside scope), filtered by enable and by the project › group ›
 * society filter (the visibility rule's coverage), searched, most recently edited first; then the page's records
 * and names.
 */
export async function pageAssignments<R extends AssignmentRecord, V>(
  caller: Caller,
  rules: KindRules<R>,
  query: ListQuery,
  toView: ViewBuilder<R, V>,
) {
  const directories = seesEverything(caller)
    ? [assignmentDirectories.all(rules.kind)]
    : caller.user.project_uuids.map((p) => assignmentDirectories.ofProject(rules.kind, p));
  const parentKey = query.society ? keys.society(query.society) : query.group ? keys.group(query.group) : undefined;
  // The kind's modules directory rides in the same BatchGet (its last entries are module names).
  const { entries, extra } = await readDirectories<AssignmentEntry>(
    [...directories, modulesOf(rules.moduleType)],
    parentKey ? [parentKey] : [],
  );
  const modules = new Map(
    (entries.pop() as unknown as Array<Entry<ModuleEntry>>).map((e) => [e.id, e.value.n] as const),
  );
  const selection = filterSelection(caller, query, extra[0]);
  const seen = new Set<string>();
  const inScope = entries.flat().filter((e) => {
    if (seen.has(e.id)) return false;
    seen.add(e.id);
    return readable(caller, e.value.a);
  });
  const { count, page } = pageEntries(inScope, {
    search: query.search,
    text: (v) => v.s,
    filter: (e: Entry<AssignmentEntry>) =>
      (query.enable === undefined || e.value.e === query.enable) &&
      (!selection || e.value.a.some((a) => coversSelection(a, selection))),
    ordering: { key: (v) => v.u, descending: true },
    offset: query.offset,
    limit: query.limit,
  });
  const results = await rowsWithinBudget(page, async (slice) => {
    const { records, names } = await loadForViews<R>(
      caller,
      rules.kind,
      slice.map((e) => ({ uuid: e.id, anchors: e.value.a })),
    );
    const byUuid = new Map(records.map((r) => [r.uuid, r]));
    return Promise.all(
      slice.flatMap((e) => {
        const record = byUuid.get(e.id);
        return record ? [toView(caller, record, names, modules.get(record.module_uuid) ?? '')] : [];
      }),
    );
  });
  return { count, results };
}

/** The list filter as a selection, checked against the caller's scope (404 outside it). */
function filterSelection(
  caller: Caller,
  query: ListQuery,
  parent: Record<string, unknown> | undefined,
): Selection | undefined {
  if (query.society) {
    const society = parent as { project_uuid: string; group_uuid: string } | undefined;
    if (!society || !('society_business_name' in society) || !societyInScope(caller, society)) throw notFound();
    return { project: society.project_uuid, group: society.group_uuid, society: query.society };
  }
  if (query.group) {
    const group = parent as { project_uuid: string; uuid: string } | undefined;
    if (!group || !('group_name' in group) || !groupInScope(caller, group)) throw notFound();
    return { project: group.project_uuid, group: query.group };
  }
  if (query.project) {
    const mine = projectInScope(caller, query.project) || caller.user.project_uuids.includes(query.project);
    if (!mine) throw notFound();
    return { project: query.project };
  }
  return undefined;
}
