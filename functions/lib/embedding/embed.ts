import { reportsViewer } from '../../../shared/i18n/es/reports';
import type { Selection } from '../assignments/visibility';
import type { Caller } from '../auth/caller';
import { config } from '../config';
import { getProject } from '../data/projects';
import type { ReportRecord } from '../data/reports';
import { powerBiSettings, quickSightSettings } from './config';
import { filterExpression, powerBiEmbed } from './powerbi';
import { quickSightEmbed } from './quicksight';
import { embedScope } from './scope';

/**
 * How the viewer embeds one report for this caller (issue 11), computed here from the caller's record and verified
 * selection only. A tool not configured in this environment, or missing credentials, answers a plain Spanish message
 * (never a 500); built-in dashboards need no tool.
 */
const notConfigured = { kind: 'NOT_CONFIGURED' as const, message: reportsViewer.notConfigured };
const failed = { kind: 'NOT_CONFIGURED' as const, message: reportsViewer.embedFailed };

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

export async function embedFor(
  caller: Caller,
  report: ReportRecord,
  selection: Selection | undefined,
  portalUrlOf: (project: string) => Promise<string | null> = projectPortalUrl,
) {
  const scope = embedScope(caller.role, caller.user.uuid, selection);
  if (report.tool_type === 'BUILT_IN') {
    return { kind: 'BUILT_IN' as const, dashboard: report.builtin_dashboard ?? 'PORTAL_ACTIVITY' };
  }
  if (report.tool_type === 'QUICKSIGHT') {
    const settings = quickSightSettings();
    if (!settings) return notConfigured;
    const projectUrl = selection ? await portalUrlOf(selection.project) : null;
    const outcome = await quickSightEmbed(settings, report, scope, allowedDomains([projectUrl, config.portalUrl]));
    if (!outcome.ok) return outcome.reason === 'NOT_CONFIGURED' ? notConfigured : failed;
    return { kind: 'QUICKSIGHT' as const, url: outcome.url, parameters: outcome.parameters };
  }
  const settings = powerBiSettings();
  if (!settings) return notConfigured;
  const outcome = await powerBiEmbed(settings, report, scope);
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
