import type { Caller } from './auth/caller';
import { type QuotaUse, spendQuotas } from './data/quotas';

/**
 * What a costly call spends: the caller's own hourly quota and the daily quota of
 * every firm (project) it belongs to, so no firm's budget can be dodged by a person two firms share. A SUPER_ADMIN
 * belongs to none and spends its own only. CHATBOT: a question (a paid model call once configured); HEAVY: an
 * accounting PDF or Excel export, a report's embed URL.
 */
export function callerQuotas(caller: Caller, family: 'CHATBOT' | 'HEAVY'): QuotaUse[] {
  return [
    { kind: `${family}_USER`, key: caller.user.uuid },
    ...caller.user.project_uuids.map((project) => ({ kind: `${family}_PROJECT` as const, key: project })),
  ];
}

/** Spends them all or none: 429 QUOTA_EXCEEDED with the seconds until the first spent one's window ends. */
export const spendCallerQuota = (caller: Caller, family: 'CHATBOT' | 'HEAVY') =>
  spendQuotas(callerQuotas(caller, family));
