import * as z from 'zod/mini';
import {
  assignmentInputFields,
  assignmentListQuery,
  assignmentParams,
  assignmentViewFields,
} from './assignment-fields';
import { defineContract } from './define';
import { boolish, okSchema, pageOf, pageQuery, preprocess, text, uuidSchema } from './fields';
import { selectionQuery } from './modules';

/**
 * Reports (portal §3 Report, §7 Reports): Power BI and QuickSight dashboards, and the portal's own built-in
 * dashboards (a third tool type, drawn from the portal's data). The embedding is computed on the server from the
 * caller's verified scope (get-report), never from browser input.
 */
const REPORT_ADMINS = ['SUPER_ADMIN', 'PROJECT_ADMIN'] as const;
const ADMINS = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] as const;
const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;

export const TOOL_TYPES = ['POWER_BI', 'QUICKSIGHT', 'BUILT_IN'] as const;
export const toolTypeSchema = z.enum(TOOL_TYPES);
/** The built-in dashboards: portal activity, indicators, documents activity, a society's accounting. */
export const BUILT_IN_DASHBOARDS = ['PORTAL_ACTIVITY', 'INDICATORS', 'DOCUMENTS', 'ACCOUNTING'] as const;

/**
 * Parameter names a report may not use: the session tags and identity fields that carry the caller's
 * verified scope to the BI tool's row-level security. Compared without case.
 */
export const RESERVED_PARAMETER_NAMES = ['project', 'group', 'society', 'role', 'user'] as const;
export const isReservedParameter = (name: string) =>
  (RESERVED_PARAMETER_NAMES as readonly string[]).includes(name.trim().toLowerCase());

/** A custom parameter (portal §3): name, content and the project it applies to. */
export const customParameterSchema = z.object({
  parameter_name: text(60),
  parameter_content: text(200),
  project: uuidSchema,
});

/** Custom parameters arrive as a JSON array (in multipart, as its text). */
const parameterList = preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return [];
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z.array(customParameterSchema).check(z.maxLength(50)),
);

/** An optional name; '' (a cleared field of an edit) stores null. */
const optionalName = preprocess((v) => (v === '' ? null : v), z.optional(z.nullable(text(60))));

const reportInputFields = {
  ...assignmentInputFields,
  report_name: text(100),
  tool_type: toolTypeSchema,
  url: preprocess(
    (v) => (v === '' ? undefined : v),
    z.optional(z.url({ error: 'FORMAT_ERROR' }).check(z.maxLength(2000))),
  ),
  /** The id of a registered QuickSight dashboard (dashboard-registry.ts); QuickSight ids run to 512 characters. */
  aws_id_dashboard: preprocess((v) => (v === '' ? null : v), z.optional(z.nullable(text(512)))),
  aws_username: preprocess((v) => (v === '' ? undefined : v), z.optional(text(128))),
  builtin_dashboard: preprocess((v) => (v === '' ? undefined : v), z.optional(z.enum(BUILT_IN_DASHBOARDS))),
  project_parameter_name: optionalName,
  group_parameter_name: optionalName,
  user_role_parameter_name: optionalName,
  user_parameter_name: optionalName,
  parameter_list: z.optional(parameterList),
  /** 'true' removes the stored image (the form's delete button); a new file replaces it. */
  delete_image: z.optional(boolish),
};

export const reportCreateSchema = z.object(reportInputFields);
export const reportPatchSchema = z.partial(z.object(reportInputFields));

const parameterView = z.extend(customParameterSchema, { uuid: z.string() });

export const reportSchema = z.object({
  ...assignmentViewFields,
  report_name: z.string(),
  tool_type: toolTypeSchema,
  url: z.nullable(z.string()),
  /** QuickSight: the registered dashboard's id (picked from the registry, never typed free). */
  aws_id_dashboard: z.nullable(z.string()),
  /** Always null (QuickSight embeds anonymously with the caller's scope; no report names a user). */
  aws_username: z.nullable(z.string()),
  /** The registry entry the report shows; null for a built-in dashboard or a report without a registered one. */
  registry_entry: z.nullable(z.string()),
  builtin_dashboard: z.nullable(z.enum(BUILT_IN_DASHBOARDS)),
  image: z.nullable(z.string()),
  project_parameter_name: z.nullable(z.string()),
  group_parameter_name: z.nullable(z.string()),
  user_role_parameter_name: z.nullable(z.string()),
  user_parameter_name: z.nullable(z.string()),
  parameter_list: z.array(parameterView),
});

export const listReports = defineContract({
  id: 'listReports',
  method: 'GET',
  path: 'api/v1/modules/reports/report/',
  access: ADMINS,
  statuses: [404],
  handler: 'reports/list-reports',
  summary: 'Reports in scope: enabled or not, filtered by project › group › society, searched',
  query: assignmentListQuery,
  response: pageOf(reportSchema),
});

export const searchReports = defineContract({
  id: 'searchReports',
  method: 'GET',
  path: 'api/v1/modules/reports/search/',
  access: ADMINS,
  statuses: [404],
  handler: 'reports/search-reports',
  summary: 'Reports in scope whose name or menu name contains the search text',
  query: assignmentListQuery,
  response: pageOf(reportSchema),
});

export const createReport = defineContract({
  id: 'createReport',
  method: 'POST',
  path: 'api/v1/modules/reports/report/',
  access: REPORT_ADMINS,
  handler: 'reports/create-report',
  summary: 'Create a report (multipart with its image; targets within the caller scope)',
  body: reportCreateSchema,
  multipartFiles: { image: 'image' },
  response: reportSchema,
  successStatus: 201,
});

export const getReportAdmin = defineContract({
  id: 'getReportAdmin',
  method: 'GET',
  path: 'api/v1/modules/reports/report/{uuid}/',
  access: ADMINS,
  handler: 'reports/get-report-admin',
  summary: 'One report as its form and detail show it',
  params: assignmentParams,
  response: reportSchema,
});

export const patchReport = defineContract({
  id: 'patchReport',
  method: 'PATCH',
  path: 'api/v1/modules/reports/report/{uuid}/',
  access: REPORT_ADMINS,
  handler: 'reports/patch-report',
  summary: 'Change a report: only the fields sent; {enable} toggles it',
  params: assignmentParams,
  body: reportPatchSchema,
  multipartFiles: { image: 'image' },
  response: reportSchema,
});

export const deleteReport = defineContract({
  id: 'deleteReport',
  method: 'DELETE',
  path: 'api/v1/modules/reports/report/{uuid}/',
  access: REPORT_ADMINS,
  handler: 'reports/delete-report',
  summary: 'Delete a report',
  params: assignmentParams,
  response: okSchema,
});

/** How the viewer embeds a report, computed on the server for this caller. */
export const embedSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('QUICKSIGHT'),
    url: z.string(),
    parameters: z.array(z.object({ Name: z.string(), Values: z.array(z.string()) })),
  }),
  z.object({
    kind: z.literal('POWER_BI'),
    embed_url: z.string(),
    report_id: z.nullable(z.string()),
    access_token: z.nullable(z.string()),
    filters: z.array(z.object({ table: z.string(), column: z.string(), values: z.array(z.string()) })),
    /** The spec's URL filter: 'column in (values)' joined by 'and'. */
    filter_expression: z.string(),
  }),
  z.object({ kind: z.literal('BUILT_IN'), dashboard: z.enum(BUILT_IN_DASHBOARDS) }),
  z.object({ kind: z.literal('NOT_CONFIGURED'), message: z.string() }),
]);

export const getReport = defineContract({
  id: 'getReport',
  method: 'GET',
  path: 'api/v1/modules/reports/get-report/{id}/',
  access: ALL,
  handler: 'reports/get-report',
  summary: 'One report the caller may see, with a fresh embedding for its scope (404 otherwise)',
  params: z.object({ id: uuidSchema }),
  query: selectionQuery,
  response: z.object({
    uuid: z.string(),
    report_name: z.string(),
    menu_name: z.string(),
    description: z.string(),
    tool_type: toolTypeSchema,
    embed: embedSchema,
  }),
});

const chartPoint = z.object({ label: z.string(), value: z.number() });

export const getReportDashboard = defineContract({
  id: 'getReportDashboard',
  method: 'GET',
  path: 'api/v1/modules/reports/dashboard/{id}/',
  access: ALL,
  handler: 'reports/get-report-dashboard',
  summary: "A built-in dashboard's data for the caller's verified scope",
  params: z.object({ id: uuidSchema }),
  query: selectionQuery,
  response: z.object({
    dashboard: z.enum(BUILT_IN_DASHBOARDS),
    scope_name: z.string(),
    /** Why a dashboard has nothing to draw for this selection (e.g. accounting needs a society). */
    note: z.optional(z.string()),
    panels: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        chart: z.enum(['bar', 'pie', 'line']),
        points: z.array(chartPoint),
      }),
    ),
  }),
});

export const listReportReferences = defineContract({
  id: 'listReportReferences',
  method: 'GET',
  path: 'api/v1/modules/reportUsuario/report-usuario/',
  access: ALL,
  statuses: [404],
  handler: 'reports/list-report-references',
  summary: "Report references: the caller's own, or (admins) those of one report in scope",
  query: z.object({ reporte: z.optional(uuidSchema) }),
  response: z.array(z.object({ reporte: z.string(), usuario: z.string(), cant_see: z.boolean() })),
});

export const putReportReference = defineContract({
  id: 'putReportReference',
  method: 'POST',
  path: 'api/v1/modules/reportUsuario/report-usuario/',
  access: REPORT_ADMINS,
  handler: 'reports/put-report-reference',
  summary: 'Set whether one user may see one report (cant_see hides it from that user only)',
  body: z.object({ reporte: uuidSchema, usuario: uuidSchema, cant_see: boolish }),
  response: z.object({ reporte: z.string(), usuario: z.string(), cant_see: z.boolean() }),
});

/**
 * The people a report reaches, each with whether a reference hides it from them (the screen of report
 * references). Our own path beside the spec's: the spec's GET answers references only, and the screen needs the
 * reached users a page at a time (thousands), searched on the server.
 */
export const reportAudienceUserSchema = z.object({
  uuid: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  user_role: z.string(),
  cant_see: z.boolean(),
});

export const listReportAudience = defineContract({
  id: 'listReportAudience',
  method: 'GET',
  path: 'api/v1/modules/reportUsuario/report-usuario/users/',
  access: REPORT_ADMINS,
  statuses: [404],
  handler: 'reports/list-report-audience',
  summary: "The users of the caller's scope a report reaches (targets and role flags), with their cant_see, paged",
  query: z.object({ ...pageQuery, reporte: uuidSchema, cant_see: z.optional(boolish) }),
  response: pageOf(reportAudienceUserSchema),
});
