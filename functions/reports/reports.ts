import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import { isReservedParameter, type reportCreateSchema, type reportPatchSchema } from '../../shared/contracts/reports';
import {
  adminView,
  commonFields,
  commonView,
  type KindRules,
  type ListQuery,
  pageAssignments,
  removeRecord,
  requireForAdmin,
  saveEdit,
  saveNew,
} from '../lib/assignments/assignments';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { type Cleanup, cleanupId, cleanupWrite, REQUEST_GRACE_MS, settleCleanup } from '../lib/data/cleanups';
import { getRegistryEntry, type RegistryRecord, registryEntryFor } from '../lib/data/dashboard-registry';
import { removeReferencesOfReport } from '../lib/data/report-references';
import type { ReportRecord } from '../lib/data/reports';
import { ApiError, fieldErrors } from '../lib/errors';
import { assetUrl, deleteAsset } from '../lib/files';
import { storeImages } from '../lib/image-writes';
import { seesEverything } from '../lib/scope';
import type { UploadedFile } from '../lib/uploaded-file';

/**
 * The rules of reports (portal §3 Report, §5): the module-assignment rules (lib/assignments) plus the tool's
 * fields, the parameters (each fixed kind once, custom names unique, custom parameters of the report's projects:
 * DATA_CONFLICT_PARAMS otherwise) and the image.
 */
type CreateInput = z.output<typeof reportCreateSchema>;
type PatchInput = z.output<typeof reportPatchSchema>;

export const REPORT_RULES: KindRules<ReportRecord> = {
  kind: 'REPORT',
  moduleType: 'REPORT',
  auditType: 'REPORT',
  entryExtra: (r) => ({ r: r.report_name, t: r.tool_type }),
  searchText: (r) => [r.report_name],
};

const FIXED_PARAMETERS = [
  'project_parameter_name',
  'group_parameter_name',
  'user_role_parameter_name',
  'user_parameter_name',
] as const;

const paramsConflict = () => new ApiError(400, 'DATA_CONFLICT_PARAMS');

/** Built-in dashboards name which one (portal §5); the BI tools' fields are resolved against the registry (pickEntry). */
function checkTool(report: ReportRecord) {
  if (report.tool_type === 'BUILT_IN' && !report.builtin_dashboard) {
    throw fieldErrors({ builtin_dashboard: ['REQUIRED'] });
  }
}

/** Parameter names once each, custom parameters only for the report's projects (portal §3). */
function checkParameters(report: ReportRecord, input: PatchInput) {
  const names = [
    ...FIXED_PARAMETERS.flatMap((key) => (report[key] ? [report[key] as string] : [])),
    ...report.parameter_list.map((p) => p.parameter_name),
  ].map((n) => n.trim().toLowerCase());
  if (new Set(names).size !== names.length) throw paramsConflict();
  if (report.parameter_list.some((p) => !report.projects.includes(p.project))) throw paramsConflict();
  // The names carrying the caller's scope to row-level security are the server's. Checked on the names
  // sent, so a report saved before keeps its other edits (the viewer leaves such a parameter out).
  const sent = [
    ...FIXED_PARAMETERS.flatMap((key) => (input[key] ? [input[key] as string] : [])),
    ...(input.parameter_list ?? []).map((p) => p.parameter_name),
  ];
  if (sent.some(isReservedParameter)) throw new ApiError(400, 'RESERVED_PARAMETER');
}

/**
 * The registry entry a BI report shows: the one registering the dashboard id (QuickSight) or the report
 * URL (Power BI) the form names, bound to every project the report reaches; nothing else is accepted (400
 * NOT_REGISTERED on the field). An edit that names neither keeps the entry it had, re-checked when the report's
 * projects change; a report saved before the registry keeps none until one is picked.
 */
async function pickEntry(input: PatchInput, after: ReportRecord, before?: ReportRecord) {
  if (after.tool_type === 'BUILT_IN') return null;
  const field = after.tool_type === 'QUICKSIGHT' ? 'aws_id_dashboard' : 'url';
  const named = input[field];
  const notRegistered = () => fieldErrors({ [field]: ['NOT_REGISTERED'] });
  const toolChanged = before !== undefined && before.tool_type !== after.tool_type;
  let entry: RegistryRecord | undefined;
  if (named) {
    entry = await registryEntryFor(after.tool_type, named);
    if (!entry) throw notRegistered();
  } else if (!before || toolChanged || named === null) {
    throw fieldErrors({ [field]: ['REQUIRED'] });
  } else {
    const projectsChanged = after.projects.some((p) => !before.projects.includes(p));
    if (!before.registry_entry || !projectsChanged) return before.registry_entry ?? null;
    entry = await getRegistryEntry(before.registry_entry);
    if (!entry) throw notRegistered();
  }
  const bound = entry.projects;
  if (!after.projects.every((p) => bound.includes(p))) throw notRegistered();
  after.aws_id_dashboard = entry.aws_id_dashboard;
  after.url = entry.url;
  return entry.uuid;
}

type ToolFields = Omit<ReportRecord, keyof import('../lib/data/reports').AssignmentRecord | 'kind'>;

function toolFields(input: PatchInput, before?: ReportRecord): Omit<ToolFields, 'image'> {
  const keep = <K extends keyof ToolFields>(key: K, value: ToolFields[K] | undefined): ToolFields[K] =>
    value !== undefined ? value : ((before?.[key] ?? null) as ToolFields[K]);
  const tool = input.tool_type ?? before?.tool_type ?? 'BUILT_IN';
  // Switching the tool clears the other tools' fields (portal §2: the tool type switches the fields shown).
  const own = (forTool: ReportRecord['tool_type'], value: string | null) => (tool === forTool ? value : null);
  return {
    report_name: input.report_name ?? before?.report_name ?? '',
    tool_type: tool,
    url: own('POWER_BI', before?.url ?? null),
    aws_id_dashboard: own('QUICKSIGHT', before?.aws_id_dashboard ?? null),
    aws_username: null,
    builtin_dashboard: tool === 'BUILT_IN' ? keep('builtin_dashboard', input.builtin_dashboard) : null,
    project_parameter_name: keep('project_parameter_name', input.project_parameter_name),
    group_parameter_name: keep('group_parameter_name', input.group_parameter_name),
    user_role_parameter_name: keep('user_role_parameter_name', input.user_role_parameter_name),
    user_parameter_name: keep('user_parameter_name', input.user_parameter_name),
    parameter_list: input.parameter_list?.map((p) => ({ ...p, uuid: randomUUID() })) ?? before?.parameter_list ?? [],
  };
}

/** QuickSight embeds anonymously with the caller's scope; no report names a QuickSight user. */
function refuseQuickSightUser(input: PatchInput) {
  if (input.aws_username) throw fieldErrors({ aws_username: ['QUICKSIGHT_USER_NOT_ALLOWED'] });
}

export async function reportView(
  caller: Caller,
  report: ReportRecord,
  names: Map<string, Record<string, unknown>>,
  moduleName: string,
) {
  const common = commonView(caller, report, names, moduleName);
  return {
    ...common,
    report_name: report.report_name,
    tool_type: report.tool_type,
    url: report.url,
    aws_id_dashboard: report.aws_id_dashboard,
    aws_username: null,
    registry_entry: report.registry_entry ?? null,
    builtin_dashboard: report.builtin_dashboard,
    image: await assetUrl(report.image),
    project_parameter_name: report.project_parameter_name,
    group_parameter_name: report.group_parameter_name,
    user_role_parameter_name: report.user_role_parameter_name,
    user_parameter_name: report.user_parameter_name,
    // Custom parameters of projects the caller does not see are left out with those projects.
    parameter_list: report.parameter_list.filter(
      (p) => seesEverything(caller) || caller.user.project_uuids.includes(p.project),
    ),
  };
}

/** The sent image, stored under a clean-up marker (image-writes.ts). */
function storedImage(uuid: string, files: UploadedFile[]) {
  return storeImages(
    { entity: 'REPORT', uuid },
    `reports/${uuid}`,
    files.filter((f) => f.field === 'image').slice(0, 1),
  );
}

export async function createReport(caller: Caller, input: CreateInput, files: UploadedFile[]) {
  const common = await commonFields(caller, 'REPORT', input);
  refuseQuickSightUser(input);
  const report: ReportRecord = { ...common, kind: 'REPORT', ...toolFields(input), image: null };
  checkTool(report);
  checkParameters(report, input);
  report.registry_entry = await pickEntry(input, report);
  const images = await storedImage(report.uuid, files);
  report.image = images.keys.image ?? null;
  try {
    await saveNew(caller, REPORT_RULES, report, images.writes([]));
  } catch (error) {
    await images.discard();
    throw error;
  }
  return adminView(caller, REPORT_RULES, report, reportView);
}

export async function patchReport(caller: Caller, uuid: string, input: PatchInput, files: UploadedFile[]) {
  const before = await requireForAdmin<ReportRecord>(caller, 'REPORT', uuid, { version: input.version });
  const common = await commonFields(caller, 'REPORT', input, before);
  refuseQuickSightUser(input);
  const after: ReportRecord = { ...common, kind: 'REPORT', ...toolFields(input, before), image: before.image };
  checkTool(after);
  checkParameters(after, input);
  after.registry_entry = await pickEntry(input, after, before);
  const images = await storedImage(uuid, files);
  const image = images.keys.image;
  if (image || input.delete_image) after.image = image ?? null;
  try {
    // The replaced image goes only once the change is saved.
    await saveEdit(
      caller,
      REPORT_RULES,
      before,
      after,
      images.writes([before.image !== after.image ? before.image : null]),
    );
  } catch (error) {
    await images.discard();
    throw error;
  }
  await images.finish();
  return adminView(caller, REPORT_RULES, after, reportView);
}

export async function deleteReport(caller: Caller, uuid: string) {
  const report = await requireForAdmin<ReportRecord>(caller, 'REPORT', uuid, {});
  // The report goes with a marker naming what outlives it for a moment (its references, its image): the request
  // removes them, and the sweeper finishes should it stop halfway (cleanups.ts).
  const cleanup: Cleanup = {
    id: cleanupId('REPORT', uuid, 'DELETE'),
    due: nowMs() + REQUEST_GRACE_MS,
    reportReferences: uuid,
    ...(report.image && { objects: [{ bucket: 'assets' as const, key: report.image }] }),
  };
  await removeRecord(caller, REPORT_RULES, report, [cleanupWrite(cleanup)]);
  await settleCleanup(cleanup, async () => {
    await removeReferencesOfReport(uuid);
    await deleteAsset(report.image);
  });
  return { detail: 'ok' };
}

export async function getReportAdmin(caller: Caller, uuid: string) {
  const report = await requireForAdmin<ReportRecord>(caller, 'REPORT', uuid, false);
  return adminView(caller, REPORT_RULES, report, reportView);
}

export const pageReports = (caller: Caller, query: ListQuery) =>
  pageAssignments(caller, REPORT_RULES, query, reportView);
