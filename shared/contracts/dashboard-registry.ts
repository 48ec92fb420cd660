import * as z from 'zod/mini';
import { defineContract } from './define';
import { okSchema, text, uuidSchema, versionField } from './fields';

/**
 * The registry of embeddable dashboards: the SUPER_ADMIN registers each QuickSight dashboard and Power BI
 * report the shared credentials may embed, and binds it to projects; a firm's report picks among its project's
 * entries only (reports.ts: aws_id_dashboard and url name a registered entry). The QuickSight namespace and account
 * are the deployment's (functions/lib/embedding/config.ts); a deployment may also fix a dashboard id prefix, which
 * its IAM grant names (infra/constructs/function-access.ts), and the registry then refuses ids without it.
 */
const REPORT_ADMINS = ['SUPER_ADMIN', 'PROJECT_ADMIN'] as const;

export const REGISTRY_TOOLS = ['QUICKSIGHT', 'POWER_BI'] as const;
export const registryToolSchema = z.enum(REGISTRY_TOOLS);

/** QuickSight's DashboardId: word characters and hyphens, 1 to 512 (the API's own pattern). */
export const DASHBOARD_ID = /^[\w-]{1,512}$/;
export const dashboardIdSchema = z.string().check(z.trim(), z.regex(DASHBOARD_ID, { error: 'FORMAT_ERROR' }));

/** A Power BI report's embed URL: https on powerbi.com, which the portal's CSP lets it frame. */
export function isPowerBiUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && (url.hostname === 'app.powerbi.com' || url.hostname.endsWith('.powerbi.com'));
  } catch {
    return false;
  }
}
export const powerBiUrlSchema = z
  .string()
  .check(z.trim(), z.maxLength(2000, { error: 'ERROR_LENGTH' }), z.refine(isPowerBiUrl, { error: 'FORMAT_ERROR' }));

const projectRefs = z.array(uuidSchema).check(z.maxLength(200));

export const registryEntrySchema = z.object({
  uuid: z.string(),
  tool_type: registryToolSchema,
  name: z.string(),
  /** QuickSight: the dashboard id. */
  aws_id_dashboard: z.nullable(z.string()),
  /** Power BI: the report's embed URL (its reportId and groupId give the service principal's GenerateToken). */
  url: z.nullable(z.string()),
  project_list: z.array(z.object({ uuid: z.string(), name: z.string() })),
  created: z.string(),
  version: z.number(),
});

const entryParams = z.object({ uuid: uuidSchema });

/** A dashboard registered: its tool, a name, the dashboard id (QuickSight) or the report's URL (Power BI). */
export const registryEntryCreateSchema = /* @__PURE__ */ (() =>
  z.object({
    tool_type: registryToolSchema,
    name: text(100),
    aws_id_dashboard: z.optional(dashboardIdSchema),
    url: z.optional(powerBiUrlSchema),
    project_list: z.optional(projectRefs),
  }))();
/** An entry renamed or bound to other projects. */
export const registryEntryPatchSchema = /* @__PURE__ */ (() =>
  z.object({ name: z.optional(text(100)), project_list: z.optional(projectRefs), version: versionField }))();

export const listRegistryEntries = defineContract({
  id: 'listRegistryEntries',
  method: 'GET',
  path: 'api/v1/modules/reports/registry/',
  access: ['SUPER_ADMIN'],
  handler: 'reports/list-registry-entries',
  summary: 'Every registered dashboard, with the projects it is bound to (SUPER_ADMIN)',
  response: z.array(registryEntrySchema),
});

export const createRegistryEntry = defineContract({
  id: 'createRegistryEntry',
  method: 'POST',
  path: 'api/v1/modules/reports/registry/',
  access: ['SUPER_ADMIN'],
  handler: 'reports/create-registry-entry',
  summary: 'Register a QuickSight dashboard or a Power BI report (once each) and bind it to projects',
  body: registryEntryCreateSchema,
  response: registryEntrySchema,
  successStatus: 201,
});

export const patchRegistryEntry = defineContract({
  id: 'patchRegistryEntry',
  method: 'PATCH',
  path: 'api/v1/modules/reports/registry/{uuid}/',
  access: ['SUPER_ADMIN'],
  handler: 'reports/patch-registry-entry',
  summary: 'Rename an entry or change the projects it is bound to (its dashboard or report stays: register another)',
  params: entryParams,
  body: registryEntryPatchSchema,
  response: registryEntrySchema,
});

export const deleteRegistryEntry = defineContract({
  id: 'deleteRegistryEntry',
  method: 'DELETE',
  path: 'api/v1/modules/reports/registry/{uuid}/',
  access: ['SUPER_ADMIN'],
  handler: 'reports/delete-registry-entry',
  summary: "Delete an entry: the reports that picked it show 'sin tablero registrado' until another is picked",
  params: entryParams,
  response: okSchema,
});

/** What a report's form may pick: the entries bound to a project in the caller's scope, without their bindings. */
export const registryChoiceSchema = z.object({
  uuid: z.string(),
  tool_type: registryToolSchema,
  name: z.string(),
  aws_id_dashboard: z.nullable(z.string()),
  url: z.nullable(z.string()),
});

export const listRegistryChoices = defineContract({
  id: 'listRegistryChoices',
  method: 'GET',
  path: 'api/v1/modules/reports/registry-choices/',
  access: REPORT_ADMINS,
  statuses: [404],
  handler: 'reports/list-registry-choices',
  summary: "The registered dashboards a report of the caller's projects may pick (one project's, if given)",
  query: z.object({ project: z.optional(uuidSchema), tool_type: z.optional(registryToolSchema) }),
  response: z.array(registryChoiceSchema),
});
