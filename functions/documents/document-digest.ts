import type { Context } from 'aws-lambda';
import { mail as texts } from '../../shared/i18n/es/server';
import { CLIENT_ROLES } from '../../shared/roles';
import { AwsError, withLambdaDeadline } from '../lib/aws/aws-client';
import { nowMs } from '../lib/clock';
import { config } from '../lib/config';
import {
  claimDigestWrite,
  dayAfter,
  dayBefore,
  digestDay,
  digestsSentThrough,
  type FeedDocument,
  markDigestsSentThrough,
  queuedSocieties,
  recordDigest,
  releaseDigest,
  societyFeedDocuments,
} from '../lib/data/document-digests';
import { getTemplates } from '../lib/data/folders';
import type { GroupRecord } from '../lib/data/groups';
import { getItems } from '../lib/data/list-index';
import type { ProjectRecord } from '../lib/data/projects';
import { quotaWrite } from '../lib/data/quotas';
import type { SocietyRecord } from '../lib/data/societies';
import { keys } from '../lib/data/table';
import { newToken } from '../lib/data/tokens';
import { transactWrite } from '../lib/data/transact';
import { hasDocumentation } from '../lib/data/user-documentation';
import type { UserRecord } from '../lib/data/user-record';
import { getUsers } from '../lib/data/users';
import { documentDigestMail, linkBase, sendMail } from '../lib/email';
import { ApiError } from '../lib/errors';
import { firmLogo } from '../lib/firm-logo';
import { logger } from '../lib/logger';
import { pacer } from '../lib/mail-queue';
import { publishingMetrics } from '../lib/metrics';
import { splitExtension } from './documents';

/**
 * The daily digest of new documents, run once a day by EventBridge Scheduler (infra/constructs/digest-schedule.ts).
 * For each Chilean calendar day since the last one done, before today: the societies that got documents that day
 * (a Query of the day's queue, written with each document), their clients, and for each client and firm one mail in
 * the firm's branding listing that day's documents (name, company, folder) with a link to the documents page on the
 * firm's own domain and an unsubscribe link.
 *
 * Who: the firm's clients (USER_SOCIETY of the society, USER_GROUP of its group) whose account, firm, group and society
 * are enabled, to whom the firm opened its documents (`user_documentation`), and who did not turn it off
 * (`document_digest`). Admins get none: they upload the documents.
 *
 * Once: each mail is claimed (person, firm, day) in a transaction with its unsubscribe link and the firm's quota before
 * it goes, so a run repeated or retried never mails a person twice. A claim is given back only when SES refused the
 * mail outright (a 4xx: nothing went); after a failure that may have sent it, the claim stays. A day is marked done
 * only when no mail of it is left to retry, and runs read at most LOOKBACK_DAYS back.
 */
export const LOOKBACK_DAYS = 7;
/** A run stops starting mails this long before its function's time ends (the next run goes on). */
const TIME_MARGIN_MS = 60_000;

export interface DigestOutcome {
  days: string[];
  sent: number;
  /** Claimed before (a run repeated or retried): not sent again. */
  skipped: number;
  suppressed: number;
  /** Not sent: the quota, SES's refusal or a fault (logged). */
  failed: number;
  /** Days left for the next run (time ran out, or a mail to retry). */
  more: boolean;
}

export interface DigestOptions {
  /** The run's time (the server's clock): the days before its Chilean day are digested. */
  now?: number;
  /** Spaces the sends at SES's rate (wall clock: a real service's rate). */
  pace?: () => Promise<void>;
  /** Wall-clock time after which no new mail is started. */
  deadline?: number;
}

interface Recipient {
  user: UserRecord;
  project: ProjectRecord;
  documents: Array<FeedDocument & { society: SocietyRecord }>;
}

const isClient = (user: UserRecord) => (CLIENT_ROLES as readonly string[]).includes(user.user_role);

/** Whether the person receives a society's documents in its digest (the same reach as its notifications). */
function receives(user: UserRecord, society: SocietyRecord): boolean {
  if (!user.enable || !isClient(user) || user.document_digest === false) return false;
  if (!user.project_uuids.includes(society.project_uuid) || !hasDocumentation(user, society.project_uuid)) return false;
  return user.user_role === 'USER_SOCIETY'
    ? user.society_uuids.includes(society.uuid)
    : user.group_uuids.includes(society.group_uuid);
}

/** Everyone to mail for one day, each with the day's documents of one firm they may see. */
async function recipientsOf(day: string): Promise<Recipient[]> {
  const queued = await queuedSocieties(day);
  if (queued.length === 0) return [];
  const [societies, groups, projects] = await Promise.all([
    getItems<SocietyRecord>(queued.map((q) => keys.society(q.society_uuid))),
    getItems<GroupRecord>([...new Set(queued.map((q) => q.group_uuid))].map(keys.group)),
    getItems<ProjectRecord>([...new Set(queued.map((q) => q.project_uuid))].map(keys.project)),
  ]);
  const groupOf = new Map(groups.map((g) => [g.uuid, g]));
  const projectOf = new Map(projects.map((p) => [p.uuid, p]));
  const live = societies.filter(
    (s) => s.enable !== false && groupOf.get(s.group_uuid)?.enable !== false && projectOf.get(s.project_uuid)?.enable,
  );
  const feeds = await societyFeedDocuments(live.map((s) => s.uuid));
  const users = new Map(
    (await getUsers(live.flatMap((s) => [...s.user, ...(groupOf.get(s.group_uuid)?.user ?? [])]))).map((u) => [
      u.uuid,
      u,
    ]),
  );
  const byPerson = new Map<string, Recipient>();
  for (const society of live) {
    const documents = (feeds.get(society.uuid) ?? []).filter((d) => digestDay(Date.parse(d.created)) === day);
    if (documents.length === 0) continue;
    const candidates = new Set([...society.user, ...(groupOf.get(society.group_uuid)?.user ?? [])]);
    for (const uuid of candidates) {
      const user = users.get(uuid);
      const project = projectOf.get(society.project_uuid);
      if (!user || !project || !receives(user, society)) continue;
      const key = `${user.uuid}|${project.uuid}`;
      const recipient = byPerson.get(key) ?? { user, project, documents: [] };
      recipient.documents.push(...documents.map((d) => ({ ...d, society })));
      byPerson.set(key, recipient);
    }
  }
  return [...byPerson.values()];
}

/** Folder names: the template's, or the tax form and year ('F22 2021'). */
async function folderNames(recipients: Recipient[]): Promise<Map<string, string>> {
  const keysOf = new Set(recipients.flatMap((r) => r.documents.map((d) => d.folderKey)));
  const templates = await getTemplates([...keysOf].filter((k) => !k.startsWith('TAX#')));
  const names = new Map(templates.map((t) => [t.uuid, t.folder_name]));
  for (const key of keysOf) {
    if (!key.startsWith('TAX#')) continue;
    const [, form = '', year = ''] = key.split('#');
    names.set(key, texts.documentDigest.taxFolder(form, Number(year)));
  }
  return names;
}

type Sent = 'SENT' | 'SKIPPED' | 'SUPPRESSED' | 'FAILED' | 'RETRY';

/** What every digest of one firm shares, read once per run: its logo and where its links point. */
interface FirmParts {
  logo: Awaited<ReturnType<typeof firmLogo>>;
  base: string;
}

async function firmParts(project: ProjectRecord): Promise<FirmParts> {
  const [logo, base] = await Promise.all([firmLogo(project.logo), linkBase(project)]);
  return { logo, base };
}

async function mailOne(
  recipient: Recipient,
  day: string,
  folders: Map<string, string>,
  firms: Map<string, Promise<FirmParts>>,
  pace: () => Promise<void>,
): Promise<Sent> {
  const { user, project } = recipient;
  const taken = new ApiError(409, 'DATA_CONFLICT');
  const link = newToken('DIGEST', user.uuid);
  // Before the claim: a run that stops while it waits leaves this person unclaimed for the retry.
  await pace();
  try {
    await transactWrite([
      claimDigestWrite(user.uuid, project.uuid, day, () => taken),
      link.write,
      quotaWrite({ kind: 'DIGEST_PROJECT', key: project.uuid }),
    ]);
  } catch (error) {
    if (error === taken) return 'SKIPPED';
    logger.warn('Digest not claimed', { user: user.uuid, project: project.uuid, day, reason: (error as Error).name });
    return error instanceof ApiError && error.status === 429 ? 'FAILED' : 'RETRY';
  }
  if (!firms.has(project.uuid)) firms.set(project.uuid, firmParts(project));
  const { base, logo } = await (firms.get(project.uuid) as Promise<FirmParts>);
  const documents = [...recipient.documents]
    .sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0))
    .map((d) => ({
      name: splitExtension(d.file_name).base,
      company: d.society.society_business_name,
      folder: folders.get(d.folderKey) ?? '',
    }));
  const message = documentDigestMail(
    project,
    user.first_name,
    documents,
    { documents: `${base}/documents_user/root`, unsubscribe: `${base}/digest/unsubscribe/${link.token}` },
    logo,
  );
  try {
    const sent = await sendMail(user.email, message.subject, message, { project });
    await recordDigest(user.uuid, project.uuid, day, sent ? 'SENT' : 'SUPPRESSED');
    return sent ? 'SENT' : 'SUPPRESSED';
  } catch (error) {
    const refused = error instanceof AwsError && error.$fault === 'client';
    logger.warn('Digest mail not sent', { user: user.uuid, day, reason: (error as Error).name, retry: refused });
    if (!refused) return 'FAILED';
    // SES answered that it sent nothing: the claim goes, so the next run mails it.
    await releaseDigest(user.uuid, project.uuid, day).catch(() => undefined);
    return 'RETRY';
  }
}

export async function sendDocumentDigests(options: DigestOptions = {}): Promise<DigestOutcome> {
  const now = options.now ?? nowMs();
  const pace = options.pace ?? pacer(config.mailSendRate);
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const outcome: DigestOutcome = { days: [], sent: 0, skipped: 0, suppressed: 0, failed: 0, more: false };
  const today = digestDay(now);
  let oldest = today;
  for (let i = 0; i < LOOKBACK_DAYS; i += 1) oldest = dayBefore(oldest);
  const through = await digestsSentThrough();
  let day = through && through >= oldest ? dayAfter(through) : through ? oldest : dayBefore(today);
  const firms = new Map<string, Promise<FirmParts>>();
  for (; day < today; day = dayAfter(day)) {
    const recipients = await recipientsOf(day);
    const folders = await folderNames(recipients);
    outcome.days.push(day);
    let retry = false;
    for (const recipient of recipients) {
      if (Date.now() > deadline) {
        outcome.more = true;
        return outcome;
      }
      const result = await mailOne(recipient, day, folders, firms, pace);
      if (result === 'SENT') outcome.sent += 1;
      else if (result === 'SKIPPED') outcome.skipped += 1;
      else if (result === 'SUPPRESSED') outcome.suppressed += 1;
      else outcome.failed += 1;
      if (result === 'RETRY') retry = true;
    }
    if (retry) {
      // The day stays open: the next run mails what was given back (the claims skip the rest).
      outcome.more = true;
      return outcome;
    }
    await markDigestsSentThrough(day);
  }
  return outcome;
}

/** The scheduled run: its AWS calls, and its new mails, end before the function's time does. */
export function handler(_event: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<DigestOutcome> {
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - TIME_MARGIN_MS : undefined;
  return publishingMetrics(
    withLambdaDeadline(context, async () => {
      const outcome = await sendDocumentDigests({ deadline });
      logger.info('document digests', { ...outcome });
      return outcome;
    }),
  );
}
