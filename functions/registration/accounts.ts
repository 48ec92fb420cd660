import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import type { registerInvitation } from '../../shared/contracts/registration';
import { endSessions } from '../lib/auth/access';
import { createIdentity, deleteIdentity, setPassword } from '../lib/auth/identities';
import { removeInvitationWrites } from '../lib/data/invitations';
import { getProject, projectAdminKey } from '../lib/data/projects';
import { keys, nowIso } from '../lib/data/table';
import { clearThrottle, countHit } from '../lib/data/throttle';
import { consumeToken, newToken, TOKEN_TTL_SECONDS, tokenOwner } from '../lib/data/tokens';
import { type TxWrite, transactWrite } from '../lib/data/transact';
import { type RequestOrigin, writeSessionEvent } from '../lib/data/user-logs';
import { getUser, getUserByEmail, newUserWrites, type UserRecord } from '../lib/data/users';
import { appendMember, putNew } from '../lib/data/writes';
import { DEFAULT_BRANDING, passwordResetMail, portalBase, sendMail } from '../lib/email';
import { ApiError, conflict } from '../lib/errors';
import { assetUrl } from '../lib/files';
import { mailLogo } from '../lib/mail-logo';
import { alreadyInvited, invitationOfToken } from './invitations';

/**
 * Accounts made and recovered by e-mail links: registration from an invitation (portal §2, "Registration by
 * invitation") and password recovery (portal §2, "Password recovery").
 */
type RegisterInput = z.output<NonNullable<typeof registerInvitation.body>>;

/** The invitation behind a live link: who is invited, what is known of them, and by which firm (issue 14). */
export async function verifyInvitationToken(token: string) {
  const invitation = await invitationOfToken(await tokenOwner('INVITE', token));
  const project = invitation.project_uuid ? await getProject(invitation.project_uuid) : undefined;
  return {
    email: invitation.email,
    user_role: invitation.user_role,
    first_name: invitation.first_name ?? null,
    last_name: invitation.last_name ?? null,
    rut_user: invitation.rut_user ?? null,
    phone_number: invitation.phone_number ?? null,
    project: project
      ? {
          project_name: project.project_name,
          logo: await assetUrl(project.logo),
          primary_color: project.primary_color,
          secondary_color: project.secondary_color,
        }
      : null,
  };
}

/** The entity lists an invited user joins, by role: admins of projects and groups, users of groups and societies. */
function joinWrites(user: UserRecord, targets: Awaited<ReturnType<typeof invitationOfToken>>['targets']): TxWrite[] {
  return targets.flatMap((target): TxWrite[] => {
    if (target.field === 'project_uuids') {
      if (user.user_role !== 'PROJECT_ADMIN') return [];
      return [
        appendMember(keys.project(target.uuid), 'admin', user.uuid),
        putNew({ ...projectAdminKey(user.uuid), owner_uuid: target.uuid }, () => conflict('ADMIN_ERROR')),
      ];
    }
    if (target.field === 'group_uuids') {
      return [appendMember(keys.group(target.uuid), user.user_role === 'GROUP_ADMIN' ? 'admin' : 'user', user.uuid)];
    }
    return [appendMember(keys.society(target.uuid), 'user', user.uuid)];
  });
}

/**
 * Creates the account in one step that cannot half-succeed: the Cognito identity first, then one transaction that
 * consumes the link, removes the invitation, writes the user, its e-mail marker, its memberships and the entities'
 * member lists. If that transaction fails, the identity is deleted again.
 */
export async function registerFromInvitation(input: RegisterInput, origin: RequestOrigin) {
  const invitation = await invitationOfToken(await tokenOwner('INVITE', input.token));
  const now = nowIso();
  const user: UserRecord = {
    uuid: randomUUID(),
    email: invitation.email,
    first_name: input.first_name,
    last_name: input.last_name,
    enable: true,
    user_role: invitation.user_role,
    image: null,
    phone_number: input.phone_number ?? null,
    position: null,
    documentation_projects: [],
    rut_user: input.rut_user ?? null,
    user_description: null,
    user_magnus: null,
    project_uuids: [],
    group_uuids: [],
    society_uuids: [],
    created: now,
    updated: now,
    version: 1,
  };
  await createIdentity(user.uuid, user.email, input.password);
  try {
    await transactWrite([
      consumeToken('INVITE', input.token),
      // The invitation, its address marker and its listing entries go (issue 9: lists read the entries).
      ...removeInvitationWrites(invitation, () => new ApiError(400, 'INVALID_TOKEN')),
      ...newUserWrites(user, invitation.targets, alreadyInvited),
      ...joinWrites(user, invitation.targets),
    ]);
  } catch (error) {
    await deleteIdentity(user.uuid);
    throw error;
  }
  await writeSessionEvent({ userUuid: user.uuid }, 'REGISTER', origin);
  return { detail: 'ok' };
}

/**
 * Mails a password link. Requests are throttled per address whether or not it has an account, so the answer
 * EMAIL_NOT_EXISTS (kept from the spec) cannot be used to sweep addresses quickly. A disabled user gets no mail.
 */
export async function requestPasswordReset(email: string) {
  await countHit('PASSWORD_RESET', email);
  const user = await getUserByEmail(email);
  if (!user) throw new ApiError(400, 'EMAIL_NOT_EXISTS');
  if (!user.enable) return { code: 'EMAIL_SENT' as const };
  const { token, write } = newToken('RESET', user.uuid);
  await transactWrite([write]);
  const project = user.project_uuids[0] ? await getProject(user.project_uuids[0]) : undefined;
  const link = `${portalBase(project?.custom_portal_url)}/password_reset/${token}`;
  const logo = await mailLogo(project?.logo);
  const mail = passwordResetMail(project ?? DEFAULT_BRANDING, link, TOKEN_TTL_SECONDS.RESET / 60, logo);
  await sendMail(user.email, mail.subject, mail);
  return { code: 'EMAIL_SENT' as const };
}

export async function confirmPasswordToken(token: string) {
  await tokenOwner('RESET', token);
  return { detail: 'ok' };
}

/**
 * Consumes the link, then sets the new password: two requests racing with one link cannot both set one. A success
 * ends every session of the user (issue 8: whoever held the old password is signed out) and lifts the sign-in lock.
 */
export async function resetPassword(token: string, password: string, origin: RequestOrigin) {
  const user = await getUser(await tokenOwner('RESET', token));
  if (!user) throw new ApiError(400, 'INVALID_TOKEN');
  await transactWrite([consumeToken('RESET', token)]);
  await setPassword(user.uuid, password);
  await Promise.all([
    endSessions(user.uuid),
    clearThrottle('LOGIN', user.email),
    writeSessionEvent({ userUuid: user.uuid }, 'PASSWORD_RESET', origin),
  ]);
  return { detail: 'ok' };
}
