import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { logger } from '../logger';
import type { PowerBiSettings } from './config';
import type { EmbedScope, ScopeParameter } from './scope';

/**
 * Power BI embedding (portal §2 "filters are built as 'column in (values)' joined with 'and'"; design/reports.md):
 * the report's URL with the scope's filters, and with a service principal configured, an embed token from
 * GenerateToken whose effective identity carries the scope (filters are user experience; the identity is security).
 */
export interface PowerBiFilter {
  table: string;
  column: string;
  values: string[];
}

export function scopeFilters(settings: PowerBiSettings, parameters: ScopeParameter[]): PowerBiFilter[] {
  return parameters.map((p) => ({
    table: settings.filterTable,
    column: p.name,
    values: [p.value],
  }));
}

const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** 'Table/column in ('a','b') and Table/other in ('c')'. */
export function filterExpression(filters: PowerBiFilter[]): string {
  return filters.map((f) => `${f.table}/${f.column} in (${f.values.map(quoted).join(',')})`).join(' and ');
}

export function filteredUrl(url: string, filters: PowerBiFilter[]): string {
  if (filters.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}filter=${encodeURIComponent(filterExpression(filters))}`;
}

let ssm: SSMClient | undefined;
let cachedSecret: { name: string; value: string } | undefined;

/** The service principal's secret, from an SSM SecureString (kept for the life of the function instance). */
export async function principalSecret(name: string): Promise<string> {
  if (cachedSecret?.name === name) return cachedSecret.value;
  ssm ??= new SSMClient({});
  const out = await ssm.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
  const value = out.Parameter?.Value;
  if (!value) throw new Error('empty Power BI secret parameter');
  cachedSecret = { name, value };
  return value;
}

async function postJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`Power BI answered ${response.status} at ${new URL(url).pathname}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** The report and workspace ids of a Power BI report URL (reportId and groupId in its query). */
export function reportIds(url: string): { reportId: string; groupId: string } | undefined {
  try {
    const query = new URL(url).searchParams;
    const reportId = query.get('reportId');
    const groupId = query.get('groupId');
    return reportId && groupId ? { reportId, groupId } : undefined;
  } catch {
    return undefined;
  }
}

/** The GenerateToken body: the report, its dataset, its workspace, and the scope as the effective identity. */
export function generateTokenBody(
  settings: PowerBiSettings,
  ids: { reportId: string; groupId: string; datasetId: string },
  scope: EmbedScope,
) {
  return {
    reports: [{ id: ids.reportId }],
    datasets: [{ id: ids.datasetId }],
    targetWorkspaces: [{ id: ids.groupId }],
    identities: [
      {
        username: scope.user,
        roles: [settings.identityRole],
        datasets: [ids.datasetId],
        customData: JSON.stringify({
          project: scope.project ?? null,
          group: scope.group ?? null,
          society: scope.society ?? null,
          role: scope.role,
        }),
      },
    ],
    lifetimeInMinutes: 60,
  };
}

export type PowerBiOutcome =
  | { ok: true; embedUrl: string; reportId: string | null; accessToken: string | null; filters: PowerBiFilter[] }
  | { ok: false; reason: 'NOT_CONFIGURED' | 'FAILED' };

/**
 * The embedding of a registered report URL (the URL, and so the workspace and report GenerateToken names,
 * come from the registry, never from a report's free text) for the caller's scope.
 */
export async function powerBiEmbed(
  settings: PowerBiSettings,
  url: string,
  scope: EmbedScope,
  parameters: ScopeParameter[],
  report: string,
): Promise<PowerBiOutcome> {
  const filters = scopeFilters(settings, parameters);
  if (settings.mode === 'URL') {
    return { ok: true, embedUrl: filteredUrl(url, filters), reportId: null, accessToken: null, filters };
  }
  const ids = reportIds(url);
  if (!ids || !settings.tenantId || !settings.clientId || !settings.secretParameter) {
    return { ok: false, reason: 'NOT_CONFIGURED' };
  }
  try {
    const secret = await principalSecret(settings.secretParameter);
    const entra = await postJson(`${settings.authorityUrl}/${settings.tenantId}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: secret,
        scope: 'https://analysis.windows.net/powerbi/api/.default',
      }).toString(),
    });
    const authorization = { authorization: `Bearer ${String(entra.access_token)}` };
    const info = await postJson(
      `${settings.apiUrl}/v1.0/myorg/groups/${encodeURIComponent(ids.groupId)}/reports/${encodeURIComponent(ids.reportId)}`,
      {
        method: 'GET',
        headers: authorization,
      },
    );
    const datasetId = String(info.datasetId ?? '');
    const token = await postJson(`${settings.apiUrl}/v1.0/myorg/GenerateToken`, {
      method: 'POST',
      headers: { ...authorization, 'content-type': 'application/json' },
      body: JSON.stringify(generateTokenBody(settings, { ...ids, datasetId }, scope)),
    });
    return {
      ok: true,
      embedUrl: String(info.embedUrl ?? url),
      reportId: ids.reportId,
      accessToken: String(token.token ?? ''),
      filters,
    };
  } catch (error) {
    logger.warn('Power BI embedding failed', { message: (error as Error).message, report });
    return { ok: false, reason: 'FAILED' };
  }
}
