import { randomUUID } from 'node:crypto';
import { CLIENT_ROLES, INVITABLE_ROLES, ROLE_LABELS } from '../../shared/roles';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import { auditWrite, diff } from '../lib/data/audit';
import {
  getInvitation,
  type InvitationRecord,
  newInvitationWrites,
  recordInvitationMail,
  removeInvitationWrites,
  replaceTokenWrite,
  takeQueuedMailWrite,
} from '../lib/data/invitations';
import { getProject, type ProjectRecord } from '../lib/data/projects';
import { quotaExceeded, quotaWrite, resendCooldownWrite, resendWait } from '../lib/data/quotas';
import { nowIso } from '../lib/data/table';
import { dropTokenHash, newToken, TOKEN_TTL_SECONDS, tokenHash } from '../lib/data/tokens';
import { transactWrite } from '../lib/data/transact';
import { getUserByEmail } from '../lib/data/users';
import { DEFAULT_BRANDING, invitationMail, linkBase, sendMail } from '../lib/email';
import { ApiError, forbidden, notFound } from '../lib/errors';
import { firmLogo } from '../lib/firm-logo';
import { logger } from '../lib/logger';
import { type EntityLoaders, type InvitationInput, loadersDirect, resolveTargets } from './invitation-targets';
import { invitationInScope, invitationView } from './invitation-views';

/**
 * Invitations (admin-area §3, §6): who may invite which role, one pending invitation per address and firm and none
 * for someone of that firm already, a single-use link that expires, and a mail that may fail without losing the invitation (it stays
 * pending, marked, to resend). Targets: invitation-targets.ts; views and lists: invitation-views.ts.
 */

/** Who may invite which role: one table, shared with the SPA's invite form. */
export const INVITABLE = INVITABLE_ROLES;

export const alreadyInvited = () => new ApiError(400, 'USER_ALREADY_INVITED');

/**
 * Mails the link; a failure (or a suppressed address) is logged and recorded on the invitation, which stays pending to
 * resend.
 */
async function mailInvitation(invitation: InvitationRecord, token: string, project: ProjectRecord | null) {
  const link = `${await linkBase(project)}/register/${token}`;
  const branding = project ?? DEFAULT_BRANDING;
  const days = TOKEN_TTL_SECONDS.INVITE / 86_400;
  const mail = invitationMail(branding, ROLE_LABELS[invitation.user_role], link, days, await firmLogo(project?.logo));
  let status: InvitationRecord['status'] = 'PENDING';
  try {
    if (!(await sendMail(invitation.email, mail.subject, mail, { project }))) status = 'SEND_FAILED';
  } catch (error) {
    logger.error('Invitation mail not sent', { invitation: invitation.uuid, reason: (error as Error).name });
    status = 'SEND_FAILED';
  }
  const sent = status === 'PENDING' ? nowIso() : invitation.sent;
  if (!(await recordInvitationMail(invitation, status, sent))) {
    logger.info('Invitation changed while its mail was sent', { invitation: invitation.uuid });
  }
  return { ...invitation, status, sent };
}

/**
 * The mail quotas an invitation mail spends: the admin who makes it go, the firm it invites into, and the
 * invitation itself, taken in the same transaction as the invitation's writes.
 */
const mailQuotaWrites = (caller: Caller, invitation: Pick<InvitationRecord, 'uuid' | 'project_uuid'>) => [
  quotaWrite({ kind: 'MAIL_ADMIN', key: caller.user.uuid }),
  ...(invitation.project_uuid ? [quotaWrite({ kind: 'MAIL_PROJECT', key: invitation.project_uuid })] : []),
  quotaWrite({ kind: 'MAIL_INVITATION', key: invitation.uuid }),
];

/**
 * A new invitation, its mail sent now, or (`queued`, a CSV import) left to the mail queue: the invitation is flagged
 * and its record returned for the caller to enqueue.
 */
export async function createInvitation(
  caller: Caller,
  input: InvitationInput,
  extra: Pick<InvitationRecord, 'first_name' | 'last_name' | 'rut_user' | 'phone_number'> = {},
  load: EntityLoaders = loadersDirect,
  { queued = false }: { queued?: boolean } = {},
) {
  if (!INVITABLE[caller.role].includes(input.user_role)) throw forbidden();
  const { project, targets, label } = await resolveTargets(caller, input, load);
  // Said only of the invitation's own firm: an account elsewhere is invited as a new address is, and joins on
  // accepting (accounts.ts), so no firm learns who another firm's clients are.
  const account = await getUserByEmail(input.email);
  if (account && (!project || account.project_uuids.includes(project.uuid))) throw alreadyInvited();
  const uuid = randomUUID();
  const { token, write: tokenWrite } = newToken('INVITE', uuid);
  const invitation: InvitationRecord = {
    uuid,
    email: input.email,
    user_role: input.user_role,
    status: 'PENDING',
    created: nowIso(),
    sent: null,
    token_hash: tokenHash(token),
    project_uuid: project?.uuid ?? null,
    targets,
    invited_by: caller.user.uuid,
    ...(label && { target_label: label.slice(0, 500) }),
    // Admin roles browse their scope's documents without the flag; only a client's invitation carries it.
    ...(input.user_documentation === true &&
      project &&
      CLIENT_ROLES.includes(input.user_role) && { user_documentation: true }),
    ...extra,
    ...(queued && { mail_queued: true }),
  };
  await transactWrite([
    ...(await newInvitationWrites(invitation)),
    tokenWrite,
    ...mailQuotaWrites(caller, invitation),
    auditWrite(config.tableName, caller, 'CREATE', { type: 'INVITATION', uuid }, diff({}, { ...invitation })),
  ]);
  if (queued) return invitationView(invitation);
  return invitationView(await mailInvitation(invitation, token, project));
}

async function requireInvitation(caller: Caller, uuid: string) {
  const invitation = await getInvitation(uuid);
  if (!invitation || !invitationInScope(caller, invitation)) throw notFound();
  return invitation;
}

/**
 * A new link by mail. The first resend goes at once (the invitee says the first mail never came); the next ones wait
 * for the cooldown (429 RESEND_COOLDOWN), and every one spends the mail quotas (429 MAIL_QUOTA_EXCEEDED). A refused
 * resend writes nothing: the live link stays the one last mailed.
 */
export async function resendInvitation(caller: Caller, uuid: string) {
  const invitation = await requireInvitation(caller, uuid);
  const wait = await resendWait(uuid);
  if (wait > 0) throw quotaExceeded('RESEND_COOLDOWN', wait);
  const { token, write } = newToken('INVITE', uuid);
  await transactWrite([
    // Withdrawn, registered or resent by someone else meanwhile: nothing is written.
    replaceTokenWrite(uuid, invitation.token_hash, tokenHash(token)),
    dropTokenHash('INVITE', invitation.token_hash),
    write,
    resendCooldownWrite(uuid),
    ...mailQuotaWrites(caller, invitation),
    auditWrite(
      config.tableName,
      caller,
      'UPDATE',
      { type: 'INVITATION', uuid },
      { resent: [invitation.sent, nowIso()] },
    ),
  ]);
  const project = invitation.project_uuid ? ((await getProject(invitation.project_uuid)) ?? null) : null;
  return invitationView(await mailInvitation({ ...invitation, token_hash: tokenHash(token) }, token, project));
}

/**
 * The mail queue's worker (invitation-mail-worker.ts): mails a queued invitation with a fresh link. One withdrawn,
 * registered or already mailed (a message delivered twice) is skipped. Its quotas were spent when it was queued.
 */
export async function mailQueuedInvitation(uuid: string): Promise<'SENT' | 'SEND_FAILED' | 'SKIPPED'> {
  const invitation = await getInvitation(uuid);
  if (!invitation?.mail_queued) return 'SKIPPED';
  const { token, write } = newToken('INVITE', uuid);
  const gone = () => new ApiError(409, 'DATA_CONFLICT');
  try {
    await transactWrite([
      takeQueuedMailWrite(uuid, invitation.token_hash, tokenHash(token), gone),
      dropTokenHash('INVITE', invitation.token_hash),
      write,
    ]);
  } catch (error) {
    if (error instanceof ApiError) return 'SKIPPED';
    throw error;
  }
  const project = invitation.project_uuid ? ((await getProject(invitation.project_uuid)) ?? null) : null;
  const mailed = await mailInvitation({ ...invitation, token_hash: tokenHash(token) }, token, project);
  return mailed.status === 'PENDING' ? 'SENT' : 'SEND_FAILED';
}

export async function deleteInvitation(caller: Caller, uuid: string) {
  const invitation = await requireInvitation(caller, uuid);
  await transactWrite([
    ...removeInvitationWrites(invitation),
    dropTokenHash('INVITE', invitation.token_hash),
    auditWrite(config.tableName, caller, 'DELETE', { type: 'INVITATION', uuid }, diff({ ...invitation }, {})),
  ]);
  return { detail: 'ok' };
}

/** For the registration: the invitation behind a live token, or 400 INVALID_TOKEN. */
export async function invitationOfToken(ownerUuid: string): Promise<InvitationRecord> {
  const invitation = await getInvitation(ownerUuid);
  if (!invitation) throw new ApiError(400, 'INVALID_TOKEN');
  return invitation;
}
