import { reportsViewer } from '../../../shared/i18n/es/reports';
import type { Selection } from '../assignments/visibility';
import type { Caller } from '../auth/caller';
import { config } from '../config';
import { getRegistryEntry, type RegistryRecord } from '../data/dashboard-registry';
import { getProject } from '../data/projects';
import type { ReportRecord } from '../data/reports';
import { powerBiSettings, quickSightSettings } from './config';
import { filterExpression, powerBiEmbed } from './powerbi';
import { quickSightEmbed } from './quicksight';
import { embedScope, reportParameters } from './scope';

/**
 * How the viewer embeds one report for this caller, computed here from the caller's record and verified
 * selection, and the registry entry the report picked, which must still be bound to the caller's project:
 * nothing a firm typed reaches the BI tool. A tool not configured in this environment, or missing credentials,
 * answers a plain Spanish message (never a 500); so does a report without a registered dashboard for this project.
 */
const notConfigured = { kind: 'NOT_CONFIGURED' as const, message: reportsViewer.notConfigured };
const failed = { kind: 'NOT_CONFIGURED' as const, message: reportsViewer.embedFailed };
const notRegistered = { kind: 'NOT_CONFIGURED' as const, message: reportsViewer.notRegistered };

/** QuickSight's AllowedDomains: the project's own portal URL and the portal's, https only, at most 3, no bare IPs. */
export function allowedDomains(urls: Array<string | null | undefined>): string[] {
  const origins = urls.flatMap((url) => {
    try {
      const parsed = new URL(url ?? '');
      const bareIp = /^[\d.]+$|^\[/.test(parsed.hostname);
      return parsed.protocol === 'https:' && !bareIp ? [parsed.origin] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)].slice(0, 3);
}

/** The project's own portal URL (its branded domain), for AllowedDomains. */
async function projectPortalUrl(project: string): Promise<string | null> {
  return (await getProject(project))?.custom_portal_url ?? null;
}

/**
 * The registry entry this caller's embedding may use: the one the report picked, of the report's tool, bound to the
 * caller's selected project (the SUPER_ADMIN's preview has no project). Anything else: none.
 */
export async function registeredEntry(
  caller: Caller,
  report: ReportRecord,
  selection: Selection | undefined,
  entryOf: (uuid: string) => Promise<RegistryRecord | undefined>,
): Promise<RegistryRecord | undefined> {
  if (!report.registry_entry) return undefined;
  const entry = await entryOf(report.registry_entry);
  if (!entry || entry.tool_type !== report.tool_type) return undefined;
  const bound = selection ? entry.projects.includes(selection.project) : caller.role === 'SUPER_ADMIN';
  return bound ? entry : undefined;
}

export interface EmbedLookups {
  portalUrlOf?: (project: string) => Promise<string | null>;
  entryOf?: (uuid: string) => Promise<RegistryRecord | undefined>;
}

export async function embedFor(
  caller: Caller,
  report: ReportRecord,
  selection: Selection | undefined,
  { portalUrlOf = projectPortalUrl, entryOf = getRegistryEntry }: EmbedLookups = {},
) {
  const scope = embedScope(caller.role, caller.user.uuid, selection);
  if (report.tool_type === 'BUILT_IN') {
    return { kind: 'BUILT_IN' as const, dashboard: report.builtin_dashboard ?? 'PORTAL_ACTIVITY' };
  }
  const parameters = reportParameters(report, scope);
  if (report.tool_type === 'QUICKSIGHT') {
    const settings = quickSightSettings();
    if (!settings) return notConfigured;
    const entry = await registeredEntry(caller, report, selection, entryOf);
    const dashboardId = entry?.aws_id_dashboard;
    // The IAM grant names only the deployment's prefix: an id outside it is not asked for.
    if (!dashboardId?.startsWith(settings.dashboardPrefix)) return notRegistered;
    const projectUrl = selection ? await portalUrlOf(selection.project) : null;
    const domains = allowedDomains([projectUrl, config.portalUrl]);
    const outcome = await quickSightEmbed(settings, dashboardId, scope, parameters, domains, report.uuid);
    if (!outcome.ok) return outcome.reason === 'NOT_CONFIGURED' ? notConfigured : failed;
    return { kind: 'QUICKSIGHT' as const, url: outcome.url, parameters: outcome.parameters };
  }
  const settings = powerBiSettings();
  if (!settings) return notConfigured;
  const url = (await registeredEntry(caller, report, selection, entryOf))?.url;
  if (!url) return notRegistered;
  const outcome = await powerBiEmbed(settings, url, scope, parameters, report.uuid);
  if (!outcome.ok) return outcome.reason === 'NOT_CONFIGURED' ? notConfigured : failed;
  return {
    kind: 'POWER_BI' as const,
    embed_url: outcome.embedUrl,
    report_id: outcome.reportId,
    access_token: outcome.accessToken,
    filters: outcome.filters,
    filter_expression: filterExpression(outcome.filters),
  };
}
