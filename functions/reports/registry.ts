import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import type {
  createRegistryEntry as createContract,
  patchRegistryEntry as patchContract,
} from '../../shared/contracts/dashboard-registry';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import { auditWrite, diff } from '../lib/data/audit';
import {
  deleteRegistryWrites,
  editRegistryWrites,
  getRegistryEntry,
  newRegistryWrites,
  type RegistryRecord,
  readRegistryEntries,
} from '../lib/data/dashboard-registry';
import { projectEntriesByUuid } from '../lib/data/projects';
import { nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import { dashboardPrefix } from '../lib/embedding/config';
import { conflict, fieldErrors, notFound } from '../lib/errors';
import { projectInScope, seesEverything } from '../lib/scope';

/**
 * The registry of embeddable dashboards: the SUPER_ADMIN's to fill and bind; a report's form reads only the
 * entries bound to the caller's projects. A dashboard id outside the deployment's prefix (the IAM grant's) is refused.
 */
type CreateInput = z.output<NonNullable<typeof createContract.body>>;
type PatchInput = z.output<NonNullable<typeof patchContract.body>>;

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'es');

/** The projects named, which must all exist (400 FORMAT_NOT_ALLOWED otherwise), with their names. */
async function boundProjects(uuids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(uuids)];
  const found = await projectEntriesByUuid(unique);
  if (found.length !== unique.length) throw fieldErrors({ project_list: ['FORMAT_NOT_ALLOWED'] });
  return new Map(found.map((p) => [p.id, p.value.n]));
}

function view(record: RegistryRecord, names: Map<string, string>) {
  return {
    uuid: record.uuid,
    tool_type: record.tool_type,
    name: record.name,
    aws_id_dashboard: record.aws_id_dashboard,
    url: record.url,
    project_list: record.projects.map((uuid) => ({ uuid, name: names.get(uuid) ?? '' })),
    created: record.created,
    version: record.version,
  };
}

export async function listRegistry() {
  const entries = (await readRegistryEntries()).sort(byName);
  const projects = [...new Set(entries.flatMap((e) => e.projects))];
  const names = new Map((await projectEntriesByUuid(projects)).map((p) => [p.id, p.value.n]));
  return entries.map((e) => view(e, names));
}

/** The tool's own identity: QuickSight a dashboard id (within the deployment's prefix), Power BI a report URL. */
function identity(input: CreateInput): Pick<RegistryRecord, 'aws_id_dashboard' | 'url'> {
  if (input.tool_type === 'QUICKSIGHT') {
    if (!input.aws_id_dashboard) throw fieldErrors({ aws_id_dashboard: ['REQUIRED'] });
    const prefix = dashboardPrefix();
    if (prefix && !input.aws_id_dashboard.startsWith(prefix)) {
      throw fieldErrors({ aws_id_dashboard: ['DASHBOARD_PREFIX'] });
    }
    return { aws_id_dashboard: input.aws_id_dashboard, url: null };
  }
  if (!input.url) throw fieldErrors({ url: ['REQUIRED'] });
  return { aws_id_dashboard: null, url: input.url };
}

export async function createRegistry(caller: Caller, input: CreateInput) {
  const names = await boundProjects(input.project_list ?? []);
  const now = nowIso();
  const record: RegistryRecord = {
    uuid: randomUUID(),
    tool_type: input.tool_type,
    name: input.name,
    ...identity(input),
    projects: [...names.keys()],
    created: now,
    updated: now,
    version: 1,
  };
  const field = record.tool_type === 'QUICKSIGHT' ? 'aws_id_dashboard' : 'url';
  await transactWrite([
    ...newRegistryWrites(record, () => fieldErrors({ [field]: ['DASHBOARD_EXISTS'] })),
    auditWrite(config.tableName, caller, 'CREATE', { type: 'BI_ENTRY', uuid: record.uuid }, diff({}, { ...record })),
  ]);
  return view(record, names);
}

export async function patchRegistry(caller: Caller, uuid: string, input: PatchInput) {
  const before = await getRegistryEntry(uuid);
  if (!before) throw notFound();
  if (input.version !== undefined && input.version !== before.version) throw conflict('DATA_CONFLICT');
  const names = await boundProjects(input.project_list ?? before.projects);
  const after: RegistryRecord = {
    ...before,
    name: input.name ?? before.name,
    projects: [...names.keys()],
    updated: nowIso(),
    version: before.version + 1,
  };
  await transactWrite([
    ...editRegistryWrites(before, after),
    auditWrite(config.tableName, caller, 'UPDATE', { type: 'BI_ENTRY', uuid }, diff({ ...before }, { ...after })),
  ]);
  return view(after, names);
}

export async function deleteRegistry(caller: Caller, uuid: string) {
  const record = await getRegistryEntry(uuid);
  if (!record) throw notFound();
  await transactWrite([
    ...deleteRegistryWrites(record),
    auditWrite(config.tableName, caller, 'DELETE', { type: 'BI_ENTRY', uuid }, diff({ ...record }, {})),
  ]);
  return { detail: 'ok' };
}

/**
 * What a report of the caller's projects may pick: a PROJECT_ADMIN's own projects' entries (one project's if named;
 * a project outside its scope answers 404), the SUPER_ADMIN's every entry or one project's. Bindings are not shown.
 */
export async function registryChoices(
  caller: Caller,
  query: { project?: string; tool_type?: RegistryRecord['tool_type'] },
) {
  if (query.project && !projectInScope(caller, query.project)) throw notFound();
  const projects = query.project ? [query.project] : seesEverything(caller) ? undefined : caller.user.project_uuids;
  const entries = await readRegistryEntries(projects);
  return entries
    .filter((e) => !query.tool_type || e.tool_type === query.tool_type)
    .sort(byName)
    .map((e) => ({
      uuid: e.uuid,
      tool_type: e.tool_type,
      name: e.name,
      aws_id_dashboard: e.aws_id_dashboard,
      url: e.url,
    }));
}
