import type { Context } from 'aws-lambda';
import { CLIENT_ROLES } from '../../shared/roles';
import { addDays, chileDay } from '../../shared/tax-calendar/rules';
import { AwsError, withLambdaDeadline } from '../lib/aws/aws-client';
import { nowMs } from '../lib/clock';
import { config } from '../lib/config';
import type { GroupRecord } from '../lib/data/groups';
import { getItems } from '../lib/data/list-index';
import type { ProjectRecord } from '../lib/data/projects';
import { quotaWrite } from '../lib/data/quotas';
import {
  claimReminderWrite,
  dropReminderRow,
  markRemindersDoneThrough,
  recordReminder,
  releaseReminder,
  reminderRows,
  remindersDoneThrough,
} from '../lib/data/request-reminders';
import {
  getRequestRecord,
  nextReminderDay,
  type RequestRecord,
  updateRequest,
  withRequestRetries,
} from '../lib/data/requests';
import type { SocietyRecord } from '../lib/data/societies';
import { keys } from '../lib/data/table';
import { newToken } from '../lib/data/tokens';
import { transactWrite } from '../lib/data/transact';
import type { UserRecord } from '../lib/data/user-record';
import { getUsers } from '../lib/data/users';
import { linkBase, requestReminderMail, sendMail } from '../lib/email';
import { ApiError } from '../lib/errors';
import { firmLogo } from '../lib/firm-logo';
import { logger } from '../lib/logger';
import { pacer } from '../lib/mail-queue';
import { publishingMetrics } from '../lib/metrics';

/**
 * The daily reminders of open document requests, run by EventBridge Scheduler (infra/constructs/request-jobs.ts). For
 * each Chilean day since the last one done, up to today: the requests whose reminder falls that day (one Query of the
 * day's rows, no Scan), and for each one still open a mail in the firm's branding to each of its society's client users
 * (USER_SOCIETY of the society, USER_GROUP of its group) whose account, firm, group and society are enabled and who did
 * not turn reminders off (`request_reminders`), with the request's link and an unsubscribe link. Then the row moves to
 * the request's next reminder day after today (nextReminderDay: the days before the due date, the due date, every N
 * days after it), or goes when none is left. A complete or cancelled request has no row: its own writes delete it.
 *
 * Once: each mail is claimed (request, day, person) in a transaction with its unsubscribe link and the firm's quota
 * before it goes, so a run repeated or retried never mails a person twice. A claim is given back only when SES refused
 * the mail outright (nothing went); the row then stays on its day and the next run mails it. A day is marked done only
 * when none of its rows is left.
 */
/** How far back a first run looks (later runs start the day after the last one done). */
export const FIRST_RUN_DAYS = 7;
const TIME_MARGIN_MS = 60_000;

export interface ReminderOutcome {
  days: string[];
  sent: number;
  /** Claimed before (a run repeated or retried): not sent again. */
  skipped: number;
  suppressed: number;
  /** Not sent: the quota, SES's refusal or a fault (logged). */
  failed: number;
  /** Rows of requests no longer open or gone, dropped. */
  stopped: number;
  more: boolean;
}

export interface ReminderOptions {
  /** The run's time (the event's, or a test's): reminders due on its Chilean day or before are sent. */
  now?: number;
  /** Spaces the sends at SES's rate (wall clock: a real service's rate). */
  pace?: () => Promise<void>;
  deadline?: number;
}

type Sent = 'SENT' | 'SKIPPED' | 'SUPPRESSED' | 'FAILED' | 'RETRY';

const isClient = (user: UserRecord) => (CLIENT_ROLES as readonly string[]).includes(user.user_role);

/** Whether a person is reminded of a society's requests. */
function reminded(user: UserRecord, society: SocietyRecord): boolean {
  if (!user.enable || !isClient(user) || user.request_reminders === false) return false;
  if (!user.project_uuids.includes(society.project_uuid)) return false;
  return user.user_role === 'USER_SOCIETY'
    ? user.society_uuids.includes(society.uuid)
    : user.group_uuids.includes(society.group_uuid);
}

interface Firm {
  project: ProjectRecord;
  base: string;
  logo: Awaited<ReturnType<typeof firmLogo>>;
}

interface Run {
  today: string;
  pace: () => Promise<void>;
  firms: Map<string, Promise<Firm | undefined>>;
  outcome: ReminderOutcome;
}

async function firmOf(run: Run, project: string): Promise<Firm | undefined> {
  if (!run.firms.has(project)) {
    run.firms.set(
      project,
      (async () => {
        const [found] = await getItems<ProjectRecord>([keys.project(project)]);
        if (!found) return undefined;
        const [base, logo] = await Promise.all([linkBase(found), firmLogo(found.logo)]);
        return { project: found, base, logo };
      })(),
    );
  }
  return run.firms.get(project) as Promise<Firm | undefined>;
}

/** The people to remind of a request, if its firm, group and society are enabled. */
async function recipientsOf(request: RequestRecord): Promise<UserRecord[]> {
  const [[society], [group]] = await Promise.all([
    getItems<SocietyRecord>([keys.society(request.society_uuid)]),
    getItems<GroupRecord>([keys.group(request.group_uuid)]),
  ]);
  if (!society || society.enable === false || !group || group.enable === false) return [];
  const users = await getUsers([...new Set([...society.user, ...group.user])]);
  return users.filter((u) => reminded(u, society));
}

const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

async function mailOne(run: Run, request: RequestRecord, day: string, user: UserRecord, firm: Firm): Promise<Sent> {
  const taken = new ApiError(409, 'DATA_CONFLICT');
  const link = newToken('REMINDER', user.uuid);
  // Before the claim: a run that stops while it waits leaves this person unclaimed for the retry.
  await run.pace();
  try {
    await transactWrite([
      claimReminderWrite(request.uuid, day, user.uuid, () => taken),
      link.write,
      quotaWrite({ kind: 'REMINDER_PROJECT', key: request.project_uuid }),
    ]);
  } catch (error) {
    if (error === taken) return 'SKIPPED';
    logger.warn('Reminder not claimed', { request: request.uuid, user: user.uuid, reason: (error as Error).name });
    return error instanceof ApiError && error.status === 429 ? 'FAILED' : 'RETRY';
  }
  const pending = request.items.filter((i) => i.state === 'PENDING' || i.state === 'RETURNED').length;
  const message = requestReminderMail(
    firm.project,
    user.first_name,
    {
      title: request.title,
      company: request.society_name,
      due: request.due_date,
      days: daysBetween(run.today, request.due_date),
      pending,
    },
    {
      request: `${firm.base}/requests/${request.uuid}`,
      unsubscribe: `${firm.base}/requests/reminders/unsubscribe/${link.token}`,
    },
    firm.logo,
  );
  try {
    const sent = await sendMail(user.email, message.subject, message, { project: firm.project });
    await recordReminder(request.uuid, day, user.uuid, sent ? 'SENT' : 'SUPPRESSED');
    return sent ? 'SENT' : 'SUPPRESSED';
  } catch (error) {
    const refused = error instanceof AwsError && error.$fault === 'client';
    logger.warn('Reminder not sent', {
      request: request.uuid,
      user: user.uuid,
      reason: (error as Error).name,
      refused,
    });
    if (!refused) return 'FAILED';
    // SES answered that it sent nothing: the claim goes, so the next run mails it.
    await releaseReminder(request.uuid, day, user.uuid).catch(() => undefined);
    return 'RETRY';
  }
}

/** One row: the request's mails of that day, then its row moved on. Answers whether the row must be tried again. */
async function remind(run: Run, day: string, uuid: string): Promise<boolean> {
  const request = await getRequestRecord(uuid);
  if (!request) {
    await dropReminderRow(day, uuid);
    run.outcome.stopped += 1;
    return false;
  }
  // A row the request no longer names was moved or dropped by one of its own writes meanwhile.
  if (request.remind_day !== day) return false;
  let retry = false;
  if (request.state === 'OPEN') {
    const firm = await firmOf(run, request.project_uuid);
    if (firm?.project.enable) {
      for (const user of await recipientsOf(request)) {
        const result = await mailOne(run, request, day, user, firm);
        if (result === 'SENT') run.outcome.sent += 1;
        else if (result === 'SKIPPED') run.outcome.skipped += 1;
        else if (result === 'SUPPRESSED') run.outcome.suppressed += 1;
        else run.outcome.failed += 1;
        if (result === 'RETRY') retry = true;
      }
    }
  } else run.outcome.stopped += 1;
  if (retry) return true;
  // The next day after today (a late run does not send the days it missed one by one).
  await withRequestRetries(async () => {
    const before = await getRequestRecord(uuid);
    if (!before || before.remind_day !== day) return;
    const next = before.state === 'OPEN' ? nextReminderDay(before, before.reminders, run.today) : null;
    await updateRequest(before, { ...before, remind_day: next, version: before.version + 1 });
  });
  return false;
}

export async function sendRequestReminders(options: ReminderOptions = {}): Promise<ReminderOutcome> {
  const today = chileDay(options.now ?? nowMs());
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const outcome: ReminderOutcome = { days: [], sent: 0, skipped: 0, suppressed: 0, failed: 0, stopped: 0, more: false };
  const run: Run = { today, pace: options.pace ?? pacer(config.mailSendRate), firms: new Map(), outcome };
  const through = await remindersDoneThrough();
  let day = through ? addDays(through, 1) : addDays(today, -FIRST_RUN_DAYS);
  for (; day <= today; day = addDays(day, 1)) {
    outcome.days.push(day);
    let retry = false;
    for (const row of await reminderRows(day)) {
      if (Date.now() > deadline) {
        outcome.more = true;
        return outcome;
      }
      if (await remind(run, day, row.request)) retry = true;
    }
    if (retry) {
      // The day stays open: the next run mails what was given back (the claims skip the rest).
      outcome.more = true;
      return outcome;
    }
    // Today stays open too: a request made later today may place a row on it (the next run reads it again).
    if (day < today) await markRemindersDoneThrough(day);
  }
  return outcome;
}

/** The scheduled run: 'now' is the event's time (EventBridge Scheduler's), so a retried event reminds the same day. */
export function handler(event: { time?: string } | undefined, context?: Pick<Context, 'getRemainingTimeInMillis'>) {
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - TIME_MARGIN_MS : undefined;
  const at = event?.time ? Date.parse(event.time) : Number.NaN;
  return publishingMetrics(
    withLambdaDeadline(context, async () => {
      const outcome = await sendRequestReminders({ now: Number.isNaN(at) ? undefined : at, deadline });
      logger.info('request reminders', { ...outcome });
      return outcome;
    }),
  );
}
