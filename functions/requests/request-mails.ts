import { CLIENT_ROLES } from '../../shared/roles';
import { AwsError } from '../lib/aws/aws-client';
import type { GroupRecord } from '../lib/data/groups';
import { batchGet } from '../lib/data/list-index';
import type { ProjectRecord } from '../lib/data/projects';
import { quotaWrite } from '../lib/data/quotas';
import { claimRequestMailWrite, getRequestRecord, type RequestRecord, releaseRequestMail } from '../lib/data/requests';
import type { SocietyRecord } from '../lib/data/societies';
import { keys } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import type { UserRecord } from '../lib/data/user-record';
import { getUsers } from '../lib/data/users';
import { linkBase, requestItemReturnedMail, requestMadeMail, sendMail } from '../lib/email';
import { ApiError } from '../lib/errors';
import { firmLogo } from '../lib/firm-logo';
import { logger } from '../lib/logger';
import { enqueueRequestMails, type RequestMail } from '../lib/mail-queue';

/**
 * The mails of document requests to their company's client users (USER_SOCIETY of the society, USER_GROUP of its
 * group, enabled), in the firm's branding, through the mail queue: the request's write only queues one message per
 * request (a request for 1,000 societies answers at once), and the queue's worker mails them at SES's rate. Each mail
 * is claimed per person before it goes, so a message delivered twice mails nobody twice.
 */

/** Where a mail's button leads: the request's page in the portal (the SPA's route). */
export const requestLink = (base: string, uuid: string) => `${base}/requests/${uuid}`;

/** Queues mails; a queue that cannot be reached leaves the request made (logged, as the CSV import's invitations). */
export async function queueRequestMails(mails: RequestMail[]): Promise<void> {
  if (mails.length === 0) return;
  const failed = await enqueueRequestMails(mails);
  if (failed > 0) logger.error('Request mails not queued', { failed, of: mails.length });
}

const isClient = (user: UserRecord) => (CLIENT_ROLES as readonly string[]).includes(user.user_role);

/** The company's client users who receive its requests' mails, the society, and the firm. */
async function audienceOf(request: RequestRecord) {
  const wanted = [
    keys.society(request.society_uuid),
    keys.group(request.group_uuid),
    keys.project(request.project_uuid),
  ];
  const found = await batchGet(wanted);
  const [society, group, project] = wanted.map((k) => found.get(`${k.pk}|${k.sk}`)) as [
    SocietyRecord | undefined,
    GroupRecord | undefined,
    ProjectRecord | undefined,
  ];
  if (!society || !project || society.enable === false || group?.enable === false || !project.enable) return undefined;
  const users = await getUsers([...new Set([...society.user, ...(group?.user ?? [])])]);
  const people = users.filter(
    (u) =>
      u.enable &&
      isClient(u) &&
      u.project_uuids.includes(project.uuid) &&
      (u.user_role === 'USER_SOCIETY'
        ? u.society_uuids.includes(society.uuid)
        : u.group_uuids.includes(society.group_uuid)),
  );
  return { society, project, people };
}

/**
 * Claims a person's mail with the firm's daily quota of request mails: false when it was claimed before, or when the
 * quota is spent (logged; that mail is not sent, as the digest's past its quota).
 */
async function claim(request: RequestRecord, event: string, user: string): Promise<boolean> {
  const taken = new ApiError(409, 'DATA_CONFLICT');
  try {
    await transactWrite([
      claimRequestMailWrite(request.uuid, event, user, () => taken),
      quotaWrite({ kind: 'REQUEST_MAIL_PROJECT', key: request.project_uuid }),
    ]);
    return true;
  } catch (error) {
    if (error === taken) return false;
    if (error instanceof ApiError && error.status === 429) {
      logger.warn('Request mail not sent: the firm spent its daily quota', { request: request.uuid, user });
      return false;
    }
    throw error;
  }
}

/** Mails one queued request event to each of its company's client users, once each. */
export async function mailQueuedRequest(mail: RequestMail, pace: () => Promise<void>): Promise<void> {
  const request = await getRequestRecord(mail.request);
  // A request cancelled before its mail went needs none; a return is mailed while the request is open.
  if (!request || request.state === 'CANCELLED') return;
  const item = mail.event === 'RETURNED' ? request.items.find((i) => i.uuid === mail.item) : undefined;
  const returned = item?.history.findLast((e) => e.kind === 'RETURNED' && e.at === (mail as { at: string }).at);
  if (mail.event === 'RETURNED' && (!item || !returned)) return;
  const audience = await audienceOf(request);
  if (!audience) return;
  const { society, project, people } = audience;
  const [logo, base] = await Promise.all([firmLogo(project.logo), linkBase(project)]);
  const link = requestLink(base, request.uuid);
  const event = mail.event === 'CREATED' ? 'CREATED' : `RETURNED#${mail.item}#${mail.at}`;
  let failure: unknown;
  for (const person of people) {
    if (!(await claim(request, event, person.uuid))) continue;
    await pace();
    const message =
      mail.event === 'CREATED'
        ? requestMadeMail(
            project,
            person.first_name,
            {
              title: request.title,
              company: society.society_business_name,
              due_date: request.due_date,
              items: request.items,
            },
            link,
            logo,
          )
        : requestItemReturnedMail(
            project,
            person.first_name,
            {
              item: item?.name ?? '',
              request: request.title,
              company: society.society_business_name,
              comment: returned?.comment ?? '',
            },
            link,
            logo,
          );
    try {
      await sendMail(person.email, message.subject, message, { project });
    } catch (error) {
      // SES answered that it sent nothing: the claim goes back, and the message's retry mails this person.
      if (error instanceof AwsError && error.$fault === 'client') {
        await releaseRequestMail(request.uuid, event, person.uuid).catch(() => undefined);
        failure = error;
      } else logger.warn('Request mail may not have gone', { request: request.uuid, reason: (error as Error).name });
    }
  }
  if (failure) throw failure;
}
