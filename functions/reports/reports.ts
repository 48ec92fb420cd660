import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import type { reportCreateSchema, reportPatchSchema } from '../../shared/contracts/reports';
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
import { removeReferencesOfReport } from '../lib/data/report-references';
import type { ReportRecord } from '../lib/data/reports';
import { ApiError, fieldErrors } from '../lib/errors';
import { assetUrl, deleteAsset, storeImage } from '../lib/files';
import type { UploadedFile } from '../lib/http/multipart';
import { seesEverything } from '../lib/scope';

/**
 * The rules of reports (portal §3 Report, §5, issue 11): the module-assignment rules (lib/assignments) plus the tool's
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

/** The tool's own fields: Power BI a URL, QuickSight a dashboard id, built-in dashboards which one (portal §5). */
function checkTool(report: ReportRecord) {
  const missing =
    report.tool_type === 'POWER_BI'
      ? !report.url && 'url'
      : report.tool_type === 'QUICKSIGHT'
        ? !report.aws_id_dashboard && 'aws_id_dashboard'
        : !report.builtin_dashboard && 'builtin_dashboard';
  if (missing) throw fieldErrors({ [missing]: ['REQUIRED'] });
}

/** Parameter names once each, custom parameters only for the report's projects (portal §3). */
function checkParameters(report: ReportRecord) {
  const names = [
    ...FIXED_PARAMETERS.flatMap((key) => (report[key] ? [report[key] as string] : [])),
    ...report.parameter_list.map((p) => p.parameter_name),
  ].map((n) => n.trim().toLowerCase());
  if (new Set(names).size !== names.length) throw paramsConflict();
  if (report.parameter_list.some((p) => !report.projects.includes(p.project))) throw paramsConflict();
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
    url: own('POWER_BI', keep('url', input.url)),
    aws_id_dashboard: own('QUICKSIGHT', keep('aws_id_dashboard', input.aws_id_dashboard)),
    aws_username: own('QUICKSIGHT', keep('aws_username', input.aws_username)),
    builtin_dashboard: tool === 'BUILT_IN' ? keep('builtin_dashboard', input.builtin_dashboard) : null,
    project_parameter_name: keep('project_parameter_name', input.project_parameter_name),
    group_parameter_name: keep('group_parameter_name', input.group_parameter_name),
    user_role_parameter_name: keep('user_role_parameter_name', input.user_role_parameter_name),
    user_parameter_name: keep('user_parameter_name', input.user_parameter_name),
    parameter_list: input.parameter_list?.map((p) => ({ ...p, uuid: randomUUID() })) ?? before?.parameter_list ?? [],
  };
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
    aws_username: report.aws_username,
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

async function storedImage(uuid: string, files: UploadedFile[]) {
  const image = files.find((f) => f.field === 'image');
  return image ? storeImage(`reports/${uuid}`, image) : undefined;
}

export async function createReport(caller: Caller, input: CreateInput, files: UploadedFile[]) {
  const common = await commonFields(caller, 'REPORT', input);
  const report: ReportRecord = { ...common, kind: 'REPORT', ...toolFields(input), image: null };
  checkTool(report);
  checkParameters(report);
  report.image = (await storedImage(report.uuid, files)) ?? null;
  try {
    await saveNew(caller, REPORT_RULES, report);
  } catch (error) {
    await deleteAsset(report.image);
    throw error;
  }
  return adminView(caller, REPORT_RULES, report, reportView);
}

export async function patchReport(caller: Caller, uuid: string, input: PatchInput, files: UploadedFile[]) {
  const before = await requireForAdmin<ReportRecord>(caller, 'REPORT', uuid, { version: input.version });
  const common = await commonFields(caller, 'REPORT', input, before);
  const after: ReportRecord = { ...common, kind: 'REPORT', ...toolFields(input, before), image: before.image };
  checkTool(after);
  checkParameters(after);
  const image = await storedImage(uuid, files);
  if (image || input.delete_image) after.image = image ?? null;
  try {
    await saveEdit(caller, REPORT_RULES, before, after);
  } catch (error) {
    await deleteAsset(image);
    throw error;
  }
  // The replaced image goes only once the change is saved.
  if (before.image && before.image !== after.image) await deleteAsset(before.image);
  return adminView(caller, REPORT_RULES, after, reportView);
}

export async function deleteReport(caller: Caller, uuid: string) {
  const report = await requireForAdmin<ReportRecord>(caller, 'REPORT', uuid, {});
  await removeRecord(caller, REPORT_RULES, report);
  await removeReferencesOfReport(uuid);
  await deleteAsset(report.image);
  return { detail: 'ok' };
}

export async function getReportAdmin(caller: Caller, uuid: string) {
  const report = await requireForAdmin<ReportRecord>(caller, 'REPORT', uuid, false);
  return adminView(caller, REPORT_RULES, report, reportView);
}

export const pageReports = (caller: Caller, query: ListQuery) =>
  pageAssignments(caller, REPORT_RULES, query, reportView);
