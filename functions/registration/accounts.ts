import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import type { registerInvitation } from '../../shared/contracts/registration';
import { endSessions } from '../lib/auth/access';
import { createIdentity, deleteIdentity, setPassword } from '../lib/auth/identities';
import { CredentialsRefused, revokeRefresh, signIn } from '../lib/auth/sessions';
import { nowMs } from '../lib/clock';
import {
  type Cleanup,
  claimCleanupWrite,
  cleanupId,
  putCleanup,
  REQUEST_GRACE_MS,
  settleCleanup,
} from '../lib/data/cleanups';
import { type InvitationRecord, removeInvitationWrites } from '../lib/data/invitations';
import { getProject, projectAdminKey } from '../lib/data/projects';
import { keys, nowIso } from '../lib/data/table';
import { clearThrottle, countHit, lockIfFull, takeSlot } from '../lib/data/throttle';
import { consumeToken, consumeTokenHash, newToken, TOKEN_TTL_SECONDS, tokenOwner } from '../lib/data/tokens';
import { transactWrite } from '../lib/data/transact';
import type { TxWrite } from '../lib/data/tx-write';
import { documentationProjects } from '../lib/data/user-documentation';
import { listedMemberships, userListingWrites } from '../lib/data/user-listing';
import { type RequestOrigin, writeSessionEvent } from '../lib/data/user-logs';
import type { UserRecord } from '../lib/data/user-record';
import { getUser, getUserByEmail, getUserByEmailEvenly, newUserWrites, userItem } from '../lib/data/users';
import { appendMember, putNew, putVersioned } from '../lib/data/writes';
import { DEFAULT_BRANDING, linkBase, passwordResetMail, sendMail } from '../lib/email';
import { ApiError, conflict, fieldErrors } from '../lib/errors';
import { assetUrl } from '../lib/files';
import { firmLogo } from '../lib/firm-logo';
import { alreadyInvited, invitationOfToken } from './invitations';

/**
 * Accounts made and recovered by e-mail links: registration from an invitation (portal §2, "Registration by
 * invitation") and password recovery (portal §2, "Password recovery").
 */
type RegisterInput = z.output<NonNullable<typeof registerInvitation.body>>;

/** The invitation behind a live link: who is invited, what is known of them, and by which firm. */
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
    // Told to the holder of the link only (the address's owner): the form then asks for that account's password.
    has_account: Boolean(await getUserByEmail(invitation.email)),
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
  const account = await getUserByEmail(invitation.email);
  if (account) return joinFromInvitation(account, invitation, input, origin);
  const missing = (['first_name', 'last_name'] as const).filter((field) => !input[field]);
  if (missing.length > 0) throw fieldErrors(Object.fromEntries(missing.map((field) => [field, ['REQUIRED']])));
  await createInvitedAccount(
    invitation,
    input as RegisterInput & { first_name: string; last_name: string },
    input.password,
    consumeToken('INVITE', input.token),
    origin,
  );
  return { detail: 'ok' };
}

/**
 * A pending invitation of the firm completed by a Microsoft sign-in (functions/auth/microsoft-sign-in-callback.ts):
 * the account is made as the invitation's link would make it, with the names Microsoft gave (or the invitation's),
 * and a random password no one is told (Cognito needs one; 'Olvidé mi contraseña' sets a real one). The invitation's
 * link is spent in the same transaction.
 */
export async function registerFromMicrosoft(
  invitation: InvitationRecord,
  names: { first_name: string; last_name: string },
  origin: RequestOrigin,
): Promise<UserRecord> {
  const password = `${randomBytes(24).toString('base64url')}aA1!`;
  return createInvitedAccount(invitation, names, password, consumeTokenHash('INVITE', invitation.token_hash), origin);
}

async function createInvitedAccount(
  invitation: InvitationRecord,
  input: { first_name: string; last_name: string; phone_number?: string | null; rut_user?: string | null },
  password: string,
  consume: TxWrite,
  origin: RequestOrigin,
): Promise<UserRecord> {
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
    documentation_projects: invitation.user_documentation && invitation.project_uuid ? [invitation.project_uuid] : [],
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
  // The identity is made before the record that uses it: its marker first, removed by the record's own transaction,
  // so an identity whose record never landed is garbage the sweeper removes (cleanups.ts).
  const cleanup: Cleanup = {
    id: cleanupId('USER', user.uuid, 'REGISTER'),
    due: nowMs() + REQUEST_GRACE_MS,
    identities: [user.uuid],
  };
  await putCleanup(cleanup);
  await createIdentity(user.uuid, user.email, password);
  try {
    await transactWrite([
      consume,
      // The invitation, its address marker and its listing entries go (lists read the entries).
      ...removeInvitationWrites(invitation, () => new ApiError(400, 'INVALID_TOKEN')),
      ...newUserWrites(user, invitation.targets, alreadyInvited),
      ...joinWrites(user, invitation.targets),
      claimCleanupWrite(cleanup, () => conflict('DATA_CONFLICT')),
    ]);
  } catch (error) {
    await settleCleanup(cleanup, () => deleteIdentity(user.uuid));
    throw error;
  }
  await writeSessionEvent({ userUuid: user.uuid }, 'REGISTER', origin);
  return user;
}

/**
 * An invitation to an address that already has an account (another firm's client): the person proves the
 * account is theirs with its password, and the account joins the invited memberships. Nothing of the account itself
 * changes (its names, phone and password are its own, and other firms' memberships stay as they were); the form's
 * other fields are not used. An account has one role: an invitation to another one is refused, to the person only.
 */
async function joinFromInvitation(
  account: UserRecord,
  invitation: Awaited<ReturnType<typeof invitationOfToken>>,
  input: RegisterInput,
  origin: RequestOrigin,
) {
  // A wrong password counts against the address's sign-in lock, as a failed sign-in does (else a way to guess).
  const attempts = await takeSlot('LOGIN', account.email);
  try {
    await revokeRefresh((await signIn(account.uuid, input.password)).refresh);
  } catch (error) {
    if (!(error instanceof CredentialsRefused)) throw error;
    await lockIfFull('LOGIN', account.email, attempts);
    throw new ApiError(400, 'WRONG_PASSWORD');
  }
  await clearThrottle('LOGIN', account.email);
  if (!account.enable) throw new ApiError(400, 'WRONG_PASSWORD');
  await joinInvitedAccount(account, invitation, consumeToken('INVITE', input.token), origin);
  return { detail: 'ok' };
}

/**
 * An existing account (another firm's client) whose Microsoft sign-in on this firm's portal proved the invited address:
 * it joins the invitation's memberships as the link's password proof would make it join (joinFromInvitation).
 */
export async function joinFromMicrosoft(
  account: UserRecord,
  invitation: InvitationRecord,
  origin: RequestOrigin,
): Promise<void> {
  await joinInvitedAccount(account, invitation, consumeTokenHash('INVITE', invitation.token_hash), origin);
}

/** The account joins the invitation's memberships; the invitation and its link (`consume`) are spent with it. */
async function joinInvitedAccount(
  account: UserRecord,
  invitation: InvitationRecord,
  consume: TxWrite,
  origin: RequestOrigin,
): Promise<void> {
  if (account.user_role !== invitation.user_role) throw new ApiError(400, 'INVITATION_ROLE_CONFLICT');
  const added = invitation.targets.filter((t) => !account[t.field].includes(t.uuid));
  const joined: UserRecord = { ...account, updated: nowIso(), version: account.version + 1 };
  for (const target of added) joined[target.field] = [...joined[target.field], target.uuid];
  // Document access is per firm: this invitation grants it for its own project, other firms' stay as they are.
  if (invitation.user_documentation && invitation.project_uuid) {
    joined.documentation_projects = [...new Set([...documentationProjects(account), invitation.project_uuid])];
  }
  const listed = (await listedMemberships([account])).get(account.uuid) ?? [];
  await transactWrite([
    consume,
    ...removeInvitationWrites(invitation, () => new ApiError(400, 'INVALID_TOKEN')),
    putVersioned(userItem(joined), account.version),
    ...userListingWrites(account, joined, [...listed, ...added]),
    ...joinWrites(joined, added),
  ]);
  await writeSessionEvent({ userUuid: account.uuid }, 'REGISTER', origin);
}

/**
 * Mails a password link. Every address gets EMAIL_SENT (the spec's EMAIL_NOT_EXISTS told anyone who is a
 * firm's client; README, deviations), after the same reads; only a registered, enabled user gets the mail. Requests
 * are throttled per address, so no one mails a person over and over.
 */
export async function requestPasswordReset(email: string) {
  await countHit('PASSWORD_RESET', email);
  const user = await getUserByEmailEvenly(email);
  if (!user?.enable) return { code: 'EMAIL_SENT' as const };
  const { token, write } = newToken('RESET', user.uuid);
  await transactWrite([write]);
  const project = user.project_uuids[0] ? await getProject(user.project_uuids[0]) : undefined;
  const link = `${await linkBase(project)}/password_reset/${token}`;
  const logo = await firmLogo(project?.logo);
  const mail = passwordResetMail(project ?? DEFAULT_BRANDING, link, TOKEN_TTL_SECONDS.RESET / 60, logo);
  await sendMail(user.email, mail.subject, mail, { project });
  return { code: 'EMAIL_SENT' as const };
}

export async function confirmPasswordToken(token: string) {
  await tokenOwner('RESET', token);
  return { detail: 'ok' };
}

/**
 * Consumes the link, then sets the new password: two requests racing with one link cannot both set one. A success
 * ends every session of the user (whoever held the old password is signed out) and lifts the sign-in lock.
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
