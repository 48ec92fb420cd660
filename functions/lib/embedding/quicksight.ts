import {
  GenerateEmbedUrlForAnonymousUserCommand,
  type GenerateEmbedUrlForAnonymousUserCommandInput,
  GenerateEmbedUrlForRegisteredUserCommand,
  type GenerateEmbedUrlForRegisteredUserCommandInput,
  QuickSightClient,
} from '@aws-sdk/client-quicksight';
import type { ReportRecord } from '../data/reports';
import { logger } from '../logger';
import type { QuickSightSettings } from './config';
import { type EmbedScope, reportParameters, type ScopeParameter } from './scope';

/**
 * QuickSight embedding (design/reports.md): a fresh single-use URL every time the viewer opens. Anonymous embedding
 * carries the caller's scope as session tags (row-level security through the dataset's tag rules); registered-user
 * embedding uses the report's aws_username (row-level security from a permissions dataset).
 */
const SCOPE_TAGS = ['project', 'group', 'society', 'role', 'user'] as const;
/** QuickSight's limits: 50 tag rules per dataset; keys 1–128 characters, values 1–256. */
const MAX_TAGS = 50;

export function dashboardArn(settings: QuickSightSettings, dashboardId: string) {
  return `arn:aws:quicksight:${settings.region}:${settings.accountId}:dashboard/${dashboardId}`;
}

/** The session tags: the scope (levels above the caller's are "all"), then the report's parameters. */
export function sessionTags(settings: QuickSightSettings, scope: EmbedScope, parameters: ScopeParameter[]) {
  const tags: Array<{ Key: string; Value: string }> = SCOPE_TAGS.map((key) => ({
    Key: key,
    Value: scope[key] ?? settings.matchAll,
  }));
  for (const p of parameters) {
    const taken = tags.some((t) => t.Key.toLowerCase() === p.name.toLowerCase());
    if (!taken && tags.length < MAX_TAGS) tags.push({ Key: p.name.slice(0, 128), Value: p.value.slice(0, 256) });
  }
  return tags;
}

export function anonymousRequest(
  settings: QuickSightSettings,
  report: ReportRecord,
  scope: EmbedScope,
  allowedDomains: string[],
): GenerateEmbedUrlForAnonymousUserCommandInput {
  const dashboardId = report.aws_id_dashboard as string;
  return {
    AwsAccountId: settings.accountId,
    Namespace: settings.namespace,
    SessionLifetimeInMinutes: settings.sessionMinutes,
    AuthorizedResourceArns: [dashboardArn(settings, dashboardId)],
    ExperienceConfiguration: { Dashboard: { InitialDashboardId: dashboardId } },
    SessionTags: sessionTags(settings, scope, reportParameters(report, scope)),
    ...(allowedDomains.length > 0 && { AllowedDomains: allowedDomains }),
  };
}

export function registeredRequest(
  settings: QuickSightSettings,
  report: ReportRecord,
  allowedDomains: string[],
): GenerateEmbedUrlForRegisteredUserCommandInput {
  const dashboardId = report.aws_id_dashboard as string;
  return {
    AwsAccountId: settings.accountId,
    UserArn: `arn:aws:quicksight:${settings.region}:${settings.accountId}:user/${settings.namespace}/${report.aws_username}`,
    SessionLifetimeInMinutes: settings.sessionMinutes,
    ExperienceConfiguration: { Dashboard: { InitialDashboardId: dashboardId } },
    ...(allowedDomains.length > 0 && { AllowedDomains: allowedDomains }),
  };
}

let client: QuickSightClient | undefined;
const quickSight = (region: string) => {
  client ??= new QuickSightClient({ region });
  return client;
};

export type QuickSightOutcome =
  | { ok: true; url: string; parameters: Array<{ Name: string; Values: string[] }> }
  | { ok: false; reason: 'NOT_CONFIGURED' | 'FAILED' };

/** Asks QuickSight for the URL; missing credentials read as "not configured", any other failure as a failed load. */
export async function quickSightEmbed(
  settings: QuickSightSettings,
  report: ReportRecord,
  scope: EmbedScope,
  allowedDomains: string[],
): Promise<QuickSightOutcome> {
  if (!report.aws_id_dashboard) return { ok: false, reason: 'NOT_CONFIGURED' };
  if (settings.mode === 'REGISTERED' && !report.aws_username) return { ok: false, reason: 'NOT_CONFIGURED' };
  const parameters = reportParameters(report, scope).map((p) => ({ Name: p.name, Values: [p.value] }));
  try {
    const out =
      settings.mode === 'REGISTERED'
        ? await quickSight(settings.region).send(
            new GenerateEmbedUrlForRegisteredUserCommand(registeredRequest(settings, report, allowedDomains)),
          )
        : await quickSight(settings.region).send(
            new GenerateEmbedUrlForAnonymousUserCommand(anonymousRequest(settings, report, scope, allowedDomains)),
          );
    if (!out.EmbedUrl) return { ok: false, reason: 'FAILED' };
    return { ok: true, url: out.EmbedUrl, parameters };
  } catch (error) {
    const name = (error as Error).name;
    logger.warn('QuickSight embedding failed', { name, report: report.uuid });
    return { ok: false, reason: name === 'CredentialsProviderError' ? 'NOT_CONFIGURED' : 'FAILED' };
  }
}
