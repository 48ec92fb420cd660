import {
  GenerateEmbedUrlForAnonymousUserCommand,
  type GenerateEmbedUrlForAnonymousUserCommandInput,
  QuickSightClient,
} from '@aws-sdk/client-quicksight';
import { RESERVED_PARAMETER_NAMES } from '../../../shared/contracts/reports';
import { logger } from '../logger';
import type { QuickSightSettings } from './config';
import type { EmbedScope, ScopeParameter } from './scope';

/**
 * QuickSight embedding (design/reports.md): a fresh single-use URL every time the viewer opens, for anonymous users
 * only (no firm names a QuickSight user). The dashboard is the registry's (never a report's free text); the
 * caller's scope travels as session tags (row-level security through the dataset's tag rules), whose keys no report
 * parameter may take.
 */
const SCOPE_TAGS = RESERVED_PARAMETER_NAMES;
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

/** The whole request, from the registered dashboard id, the caller's scope and the report's parameters only. */
export function anonymousRequest(
  settings: QuickSightSettings,
  dashboardId: string,
  scope: EmbedScope,
  parameters: ScopeParameter[],
  allowedDomains: string[],
): GenerateEmbedUrlForAnonymousUserCommandInput {
  return {
    AwsAccountId: settings.accountId,
    Namespace: settings.namespace,
    SessionLifetimeInMinutes: settings.sessionMinutes,
    AuthorizedResourceArns: [dashboardArn(settings, dashboardId)],
    ExperienceConfiguration: { Dashboard: { InitialDashboardId: dashboardId } },
    SessionTags: sessionTags(settings, scope, parameters),
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
  dashboardId: string,
  scope: EmbedScope,
  parameters: ScopeParameter[],
  allowedDomains: string[],
  report: string,
): Promise<QuickSightOutcome> {
  try {
    const out = await quickSight(settings.region).send(
      new GenerateEmbedUrlForAnonymousUserCommand(
        anonymousRequest(settings, dashboardId, scope, parameters, allowedDomains),
      ),
    );
    if (!out.EmbedUrl) return { ok: false, reason: 'FAILED' };
    return { ok: true, url: out.EmbedUrl, parameters: parameters.map((p) => ({ Name: p.name, Values: [p.value] })) };
  } catch (error) {
    const name = (error as Error).name;
    logger.warn('QuickSight embedding failed', { name, report });
    return { ok: false, reason: name === 'CredentialsProviderError' ? 'NOT_CONFIGURED' : 'FAILED' };
  }
}
