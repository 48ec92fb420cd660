/**
 * Where the BI tools live, from the environment (account, region, namespace and roles are configuration,
 * never code). Unset means "not configured in this environment": the viewer then says so plainly (never a 500, never
 * a fake iframe). infra/ sets these per deployment; the local stack sets none.
 */
export interface QuickSightSettings {
  accountId: string;
  region: string;
  namespace: string;
  /**
   * Dashboard ids the deployment's IAM grant names (`dashboard/<prefix>*`); '' when it grants the account's every
   * dashboard. The registry refuses ids outside it and the viewer never asks for one.
   */
  dashboardPrefix: string;
  sessionMinutes: number;
  /** The tag value that stands for "every value" where the caller's scope is wider (the dataset's MatchAllValue). */
  matchAll: string;
}

export interface PowerBiSettings {
  /** URL: the report's URL with the scope's filters; SERVICE_PRINCIPAL: also an embed token with an effective identity. */
  mode: 'URL' | 'SERVICE_PRINCIPAL';
  /** The table the URL filters name ('Table/column in (values)'). */
  filterTable: string;
  tenantId?: string;
  clientId?: string;
  /** The SSM SecureString parameter holding the service principal's secret (never the table, never the code). */
  secretParameter?: string;
  authorityUrl: string;
  apiUrl: string;
  /** The dataset role the effective identity takes. */
  identityRole: string;
}

const env = (name: string) => process.env[name]?.trim() || undefined;

/** The deployment's dashboard id prefix (QUICKSIGHT_DASHBOARD_PREFIX), read by the registry and the viewer alike. */
export function dashboardPrefix(): string {
  return env('QUICKSIGHT_DASHBOARD_PREFIX') ?? '';
}

export function quickSightSettings(): QuickSightSettings | undefined {
  const accountId = env('QUICKSIGHT_ACCOUNT_ID');
  const region = env('QUICKSIGHT_REGION') ?? env('AWS_REGION');
  if (!accountId || !region) return undefined;
  const minutes = Number(env('QUICKSIGHT_SESSION_MINUTES') ?? 60);
  return {
    accountId,
    region,
    namespace: env('QUICKSIGHT_NAMESPACE') ?? 'default',
    dashboardPrefix: dashboardPrefix(),
    // QuickSight accepts 15 to 600 minutes (design/reports.md).
    sessionMinutes: Math.min(600, Math.max(15, Number.isFinite(minutes) ? minutes : 60)),
    matchAll: env('QUICKSIGHT_MATCH_ALL') ?? '*',
  };
}

export function powerBiSettings(): PowerBiSettings | undefined {
  const mode = env('POWERBI_MODE');
  if (mode !== 'URL' && mode !== 'SERVICE_PRINCIPAL') return undefined;
  return {
    mode,
    filterTable: env('POWERBI_FILTER_TABLE') ?? 'Portal',
    tenantId: env('POWERBI_TENANT_ID'),
    clientId: env('POWERBI_CLIENT_ID'),
    secretParameter: env('POWERBI_SECRET_PARAMETER'),
    authorityUrl: env('POWERBI_AUTHORITY_URL') ?? 'https://login.microsoftonline.com',
    apiUrl: env('POWERBI_API_URL') ?? 'https://api.powerbi.com',
    identityRole: env('POWERBI_IDENTITY_ROLE') ?? 'Portal',
  };
}

/** Whether this deployment can show a report of this tool (built-in dashboards always; QuickSight and Power BI once set). */
export function toolConfigured(tool: string): boolean {
  if (tool === 'QUICKSIGHT') return quickSightSettings() !== undefined;
  if (tool === 'POWER_BI') return powerBiSettings() !== undefined;
  return true;
}
