import type { ErrorCode } from '../../../shared/errors';
import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { ApiError } from '../errors';
import { epochSeconds } from './table';
import { transactWrite } from './transact';
import type { TxWrite } from './tx-write';

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Quotas on what costs the portal or its shared sender ("Mail has quotas", "Throttles per tenant"): counters
 * of fixed windows (an hour or a UTC day), one item per key and window, taken in the same transaction as the work's
 * own writes where it has some, so a refused call writes nothing and concurrent calls cannot pass a cap together.
 * Sign-in and reset limits are throttle.ts's (sliding windows with a lock); these are budgets that simply run out
 * until the window ends.
 *
 * - MAIL_*: invitation mails (creation, resend, each CSV row) per admin who makes them go, per firm (project) and per
 *   invitation. SES's reputation is shared by every firm; a firm's onboarding (one 2,000-row CSV) fits in a day.
 * - TICKET_PROJECT: support tickets mailed to one firm per day (each user also has throttle.ts's 5 an hour).
 * - DIGEST_PROJECT: daily document digests mailed to one firm's clients per day (apart from MAIL_PROJECT, so a
 *   digest never eats the firm's invitations).
 * - REMINDER_PROJECT: request reminders mailed to one firm's clients per day (their own budget, as the digest's).
 * - REQUEST_MAIL_PROJECT: the mails of requests made and items returned to one firm's clients per day (a monthly
 *   request to 1,000 companies mails each one's people at once).
 * - CHATBOT_*: questions to the chatbot (a paid model call once configured) per user an hour and per firm a day.
 * - HEAVY_*: accounting PDF/Excel exports and report embed URLs (QuickSight sessions are billed) per user an hour and
 *   per firm a day.
 */
export const QUOTAS = {
  MAIL_ADMIN: { max: 2000, windowSeconds: DAY, code: 'MAIL_QUOTA_EXCEEDED' },
  MAIL_PROJECT: { max: 3000, windowSeconds: DAY, code: 'MAIL_QUOTA_EXCEEDED' },
  MAIL_INVITATION: { max: 5, windowSeconds: DAY, code: 'MAIL_QUOTA_EXCEEDED' },
  TICKET_PROJECT: { max: 50, windowSeconds: DAY, code: 'MAIL_QUOTA_EXCEEDED' },
  DIGEST_PROJECT: { max: 5000, windowSeconds: DAY, code: 'MAIL_QUOTA_EXCEEDED' },
  REMINDER_PROJECT: { max: 5000, windowSeconds: DAY, code: 'MAIL_QUOTA_EXCEEDED' },
  REQUEST_MAIL_PROJECT: { max: 10000, windowSeconds: DAY, code: 'MAIL_QUOTA_EXCEEDED' },
  CHATBOT_USER: { max: 30, windowSeconds: HOUR, code: 'QUOTA_EXCEEDED' },
  CHATBOT_PROJECT: { max: 1000, windowSeconds: DAY, code: 'QUOTA_EXCEEDED' },
  HEAVY_USER: { max: 120, windowSeconds: HOUR, code: 'QUOTA_EXCEEDED' },
  HEAVY_PROJECT: { max: 5000, windowSeconds: DAY, code: 'QUOTA_EXCEEDED' },
} as const satisfies Record<string, { max: number; windowSeconds: number; code: ErrorCode }>;
export type QuotaKind = keyof typeof QUOTAS;

/** Minimum time between two resends of one invitation (the first resend goes at once). */
export const RESEND_COOLDOWN_SECONDS = 10 * 60;

/** One use of a quota: its kind, whose (a user, project or invitation uuid) and how many units. */
export interface QuotaUse {
  kind: QuotaKind;
  key: string;
  units?: number;
}

const windowOf = (kind: QuotaKind, now: number) => {
  const { windowSeconds } = QUOTAS[kind];
  const start = Math.floor(now / windowSeconds) * windowSeconds;
  return { start, end: start + windowSeconds };
};

export const quotaKey = (kind: QuotaKind, key: string, now = epochSeconds()) => ({
  pk: `QUOTA#${kind}#${key}#${windowOf(kind, now).start}`,
  sk: 'QUOTA',
});
const cooldownKey = (invitation: string) => ({ pk: `QUOTA#RESEND#${invitation}`, sk: 'QUOTA' });

/** The 429 of a spent quota: its code and the seconds until its window ends. */
export const quotaExceeded = (code: ErrorCode, remainingSeconds: number) =>
  new ApiError(429, code, { remaining_time: Math.max(1, Math.ceil(remainingSeconds)) });

/**
 * Takes `units` of a quota inside a transaction: `used` grows only while it stays within the cap, else the
 * transaction fails with the quota's 429 (the seconds left in its window). The item expires with its window.
 */
export function quotaWrite({ kind, key, units = 1 }: QuotaUse, now = epochSeconds()): TxWrite {
  const { max, code } = QUOTAS[kind];
  const { end } = windowOf(kind, now);
  return {
    write: {
      Update: {
        TableName: config.tableName,
        Key: quotaKey(kind, key, now),
        UpdateExpression: 'SET used = if_not_exists(used, :zero) + :units, expires_at = :end',
        ConditionExpression: 'attribute_not_exists(used) OR used <= :room',
        ExpressionAttributeValues: { ':zero': 0, ':units': units, ':room': max - units, ':end': end },
      },
    },
    onConditionFail: () => quotaExceeded(code, end - now),
  };
}

/** Takes every use at once, or none (429 of the first one spent): for work that writes nothing else. */
export async function spendQuotas(uses: readonly QuotaUse[], now = epochSeconds()): Promise<void> {
  for (const use of uses) {
    const { max, code } = QUOTAS[use.kind];
    if ((use.units ?? 1) > max) throw quotaExceeded(code, windowOf(use.kind, now).end - now);
  }
  if (uses.length > 0) await transactWrite(uses.map((use) => quotaWrite(use, now)));
}

/** How many units of a quota are left in its current window, and when it ends (a read, for a check before work). */
export async function quotaLeft(kind: QuotaKind, key: string, now = epochSeconds()) {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: quotaKey(kind, key, now), ConsistentRead: true }),
  );
  return {
    left: Math.max(0, QUOTAS[kind].max - ((Item?.used as number | undefined) ?? 0)),
    endsIn: windowOf(kind, now).end - now,
  };
}

/** The seconds before an invitation may be resent (0: now). */
export async function resendWait(invitation: string, now = epochSeconds()): Promise<number> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: cooldownKey(invitation), ConsistentRead: true }),
  );
  const next = (Item?.next_at as number | undefined) ?? 0;
  return Math.max(0, next - now);
}

/**
 * A resend of one invitation starts its cooldown, only if the last one's has passed; a concurrent resend that won the
 * race makes this one fail with RESEND_COOLDOWN (its wait at most the whole cooldown).
 */
export function resendCooldownWrite(invitation: string, now = epochSeconds()): TxWrite {
  const next = now + RESEND_COOLDOWN_SECONDS;
  return {
    write: {
      Update: {
        TableName: config.tableName,
        Key: cooldownKey(invitation),
        UpdateExpression: 'SET next_at = :next, expires_at = :next',
        ConditionExpression: 'attribute_not_exists(next_at) OR next_at <= :now',
        ExpressionAttributeValues: { ':next': next, ':now': now },
      },
    },
    onConditionFail: () => quotaExceeded('RESEND_COOLDOWN', RESEND_COOLDOWN_SECONDS),
  };
}
