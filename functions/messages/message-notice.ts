import type { Context } from 'aws-lambda';
import type { Caller } from '../lib/auth/caller';
import { AwsError, withLambdaDeadline } from '../lib/aws/aws-client';
import { nowMs } from '../lib/clock';
import { config } from '../lib/config';
import type { GroupRecord } from '../lib/data/groups';
import { getItems } from '../lib/data/list-index';
import {
  claimNoticeWrite,
  hourAfter,
  hourBefore,
  markNoticesSentThrough,
  noticeHour,
  noticesSentThrough,
  queuedThreads,
  recordNotice,
  releaseNotice,
  unreadPairs,
} from '../lib/data/message-notices';
import { getThreadRecords, type ThreadRecord } from '../lib/data/messages';
import type { ProjectRecord } from '../lib/data/projects';
import { quotaWrite } from '../lib/data/quotas';
import type { SocietyRecord } from '../lib/data/societies';
import { keys } from '../lib/data/table';
import { newToken } from '../lib/data/tokens';
import { transactWrite } from '../lib/data/transact';
import type { UserRecord } from '../lib/data/user-record';
import { getUsers } from '../lib/data/users';
import { linkBase, messageNoticeMail, sendMail } from '../lib/email';
import { ApiError } from '../lib/errors';
import { firmLogo } from '../lib/firm-logo';
import { logger } from '../lib/logger';
import { pacer } from '../lib/mail-queue';
import { publishingMetrics } from '../lib/metrics';
import { recipientsFrom, takesPart } from './messages';

/**
 * The e-mail notice of new messages, run every hour by EventBridge Scheduler (infra/constructs/message-notice-schedule.ts).
 * For each UTC hour since the last one done, before the current one: the threads that got a message in it (a Query of
 * the hour's queue, written with each message), the people each message was counted as unread for, and of those the
 * ones who still have it unread (one batch of their unread states). Each such person gets one mail per firm and hour,
 * in the firm's branding, listing the threads with new messages (subject, company, how many unread) and a button to
 * 'Mensajes' on the firm's own domain. So a person hears of new messages at most once an hour, and not of what they
 * have read meanwhile; a thread with more messages in a later hour is named again in that hour's notice.
 *
 * Who: both sides of the conversation (client users and the firm's staff), whose account, firm, group and society are
 * enabled, who still reach the society and did not turn the notices off (`message_notices`); each mail carries an
 * unsubscribe link, written with its claim. Once: each mail is claimed (person, firm, hour) in a transaction with the
 * firm's quota before it goes, so a run repeated or retried never mails a person twice; a claim is given back only when
 * SES refused the mail outright. Suppressed addresses get none (sendMail). Runs read at most LOOKBACK_HOURS back.
 */
export const LOOKBACK_HOURS = 24;
const TIME_MARGIN_MS = 60_000;

export interface NoticeOutcome {
  hours: string[];
  sent: number;
  skipped: number;
  suppressed: number;
  failed: number;
  more: boolean;
}

export interface NoticeOptions {
  /** The run's time (the server's clock): the hours before its own are noticed. */
  now?: number;
  pace?: () => Promise<void>;
  /** Wall-clock time after which no new mail is started. */
  deadline?: number;
}

interface Recipient {
  user: UserRecord;
  project: ProjectRecord;
  threads: Array<{ thread: ThreadRecord; society: SocietyRecord; n: number }>;
}

/** Everyone to tell of an hour's messages, each with that hour's threads they still have unread, per firm. */
async function recipientsOfHour(hour: string): Promise<Recipient[]> {
  const queued = await queuedThreads(hour);
  if (queued.length === 0) return [];
  const [threads, societies, groups, projects] = await Promise.all([
    getThreadRecords(queued.map((q) => q.thread)),
    getItems<SocietyRecord>([...new Set(queued.map((q) => q.society_uuid))].map(keys.society)),
    getItems<GroupRecord>([...new Set(queued.map((q) => q.group_uuid))].map(keys.group)),
    getItems<ProjectRecord>([...new Set(queued.map((q) => q.project_uuid))].map(keys.project)),
  ]);
  const societyOf = new Map(societies.map((s) => [s.uuid, s]));
  const groupOf = new Map(groups.map((g) => [g.uuid, g]));
  const projectOf = new Map(projects.map((p) => [p.uuid, p]));
  const live = threads.filter((t) => {
    const society = societyOf.get(t.society_uuid);
    return (
      society !== undefined &&
      society.enable !== false &&
      groupOf.get(t.group_uuid)?.enable !== false &&
      projectOf.get(t.project_uuid)?.enable
    );
  });
  // Whom each message was counted for (messages.ts), from the records read above: no read per thread.
  const pairs = live.flatMap((t) =>
    recipientsFrom(societyOf.get(t.society_uuid), groupOf.get(t.group_uuid), projectOf.get(t.project_uuid), t, '').map(
      (user) => ({ user, thread: t.uuid }),
    ),
  );
  const unread = await unreadPairs(pairs);
  const users = new Map((await getUsers(unread.map((u) => u.user))).map((u) => [u.uuid, u]));
  const threadOf = new Map(live.map((t) => [t.uuid, t]));
  const byPerson = new Map<string, Recipient>();
  for (const { user: uuid, thread: threadUuid, n } of unread) {
    const user = users.get(uuid);
    const thread = threadOf.get(threadUuid);
    const society = thread && societyOf.get(thread.society_uuid);
    const project = thread && projectOf.get(thread.project_uuid);
    // Turned off by the person (Mi perfil, or a notice's unsubscribe link).
    if (!user?.enable || user.message_notices === false || !thread || !society || !project) continue;
    const caller: Caller = { user, role: user.user_role };
    // The thread's own place, as opening it checks (requireThread).
    if (
      !takesPart(caller, {
        uuid: thread.society_uuid,
        group_uuid: thread.group_uuid,
        project_uuid: thread.project_uuid,
      })
    )
      continue;
    const key = `${user.uuid}|${project.uuid}`;
    const recipient = byPerson.get(key) ?? { user, project, threads: [] };
    recipient.threads.push({ thread, society, n });
    byPerson.set(key, recipient);
  }
  return [...byPerson.values()];
}

type Sent = 'SENT' | 'SKIPPED' | 'SUPPRESSED' | 'FAILED' | 'RETRY';
/** What every notice of one firm shares, read once per run: its logo and where its links point. */
type FirmParts = Promise<{ logo: Awaited<ReturnType<typeof firmLogo>>; base: string }>;

async function mailOne(
  recipient: Recipient,
  hour: string,
  firms: Map<string, FirmParts>,
  pace: () => Promise<void>,
): Promise<Sent> {
  const { user, project } = recipient;
  const taken = new ApiError(409, 'DATA_CONFLICT');
  const link = newToken('NOTICE', user.uuid);
  await pace();
  try {
    await transactWrite([
      claimNoticeWrite(user.uuid, project.uuid, hour, () => taken),
      link.write,
      quotaWrite({ kind: 'NOTICE_PROJECT', key: project.uuid }),
    ]);
  } catch (error) {
    if (error === taken) return 'SKIPPED';
    logger.warn('Message notice not claimed', { user: user.uuid, hour, reason: (error as Error).name });
    return error instanceof ApiError && error.status === 429 ? 'FAILED' : 'RETRY';
  }
  if (!firms.has(project.uuid)) {
    firms.set(
      project.uuid,
      Promise.all([firmLogo(project.logo), linkBase(project)]).then(([logo, base]) => ({ logo, base })),
    );
  }
  const { logo, base } = await (firms.get(project.uuid) as FirmParts);
  const threads = [...recipient.threads]
    .sort((a, b) => b.thread.updated.localeCompare(a.thread.updated))
    .map((t) => ({ subject: t.thread.subject, company: t.society.society_business_name, unread: t.n }));
  const message = messageNoticeMail(
    project,
    user.first_name,
    threads,
    { messages: `${base}/messages`, unsubscribe: `${base}/messages/notices/unsubscribe/${link.token}` },
    logo,
  );
  try {
    const sent = await sendMail(user.email, message.subject, message, { project });
    await recordNotice(user.uuid, project.uuid, hour, sent ? 'SENT' : 'SUPPRESSED');
    return sent ? 'SENT' : 'SUPPRESSED';
  } catch (error) {
    const refused = error instanceof AwsError && error.$fault === 'client';
    logger.warn('Message notice not sent', { user: user.uuid, hour, reason: (error as Error).name, retry: refused });
    if (!refused) return 'FAILED';
    await releaseNotice(user.uuid, project.uuid, hour).catch(() => undefined);
    return 'RETRY';
  }
}

export async function sendMessageNotices(options: NoticeOptions = {}): Promise<NoticeOutcome> {
  const now = options.now ?? nowMs();
  const pace = options.pace ?? pacer(config.mailSendRate);
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const outcome: NoticeOutcome = { hours: [], sent: 0, skipped: 0, suppressed: 0, failed: 0, more: false };
  const current = noticeHour(now);
  let oldest = current;
  for (let i = 0; i < LOOKBACK_HOURS; i += 1) oldest = hourBefore(oldest);
  const through = await noticesSentThrough();
  let hour = through && through >= oldest ? hourAfter(through) : through ? oldest : hourBefore(current);
  const firms = new Map<string, FirmParts>();
  for (; hour < current; hour = hourAfter(hour)) {
    const recipients = await recipientsOfHour(hour);
    outcome.hours.push(hour);
    let retry = false;
    for (const recipient of recipients) {
      if (Date.now() > deadline) {
        outcome.more = true;
        return outcome;
      }
      const result = await mailOne(recipient, hour, firms, pace);
      if (result === 'SENT') outcome.sent += 1;
      else if (result === 'SKIPPED') outcome.skipped += 1;
      else if (result === 'SUPPRESSED') outcome.suppressed += 1;
      else outcome.failed += 1;
      if (result === 'RETRY') retry = true;
    }
    if (retry) {
      // The hour stays open: the next run mails what was given back (the claims skip the rest).
      outcome.more = true;
      return outcome;
    }
    await markNoticesSentThrough(hour);
  }
  return outcome;
}

/** The scheduled run: its AWS calls, and its new mails, end before the function's time does. */
export function handler(_event: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<NoticeOutcome> {
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - TIME_MARGIN_MS : undefined;
  return publishingMetrics(
    withLambdaDeadline(context, async () => {
      const outcome = await sendMessageNotices({ deadline });
      logger.info('message notices', { ...outcome });
      return outcome;
    }),
  );
}
