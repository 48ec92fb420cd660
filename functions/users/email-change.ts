import { cognito } from '../lib/aws/cognito';
import { AdminUpdateUserAttributesCommand } from '../lib/aws/cognito-commands';
import { config } from '../lib/config';
import { auditWrite } from '../lib/data/audit';
import { pendingKey } from '../lib/data/invitations';
import { getProject } from '../lib/data/projects';
import { keys, nowIso } from '../lib/data/table';
import { consumeToken, invalidToken, newToken, TOKEN_TTL_SECONDS, tokenHash, tokenOwner } from '../lib/data/tokens';
import { transactWrite } from '../lib/data/transact';
import type { TxWrite } from '../lib/data/tx-write';
import { userListingWrites } from '../lib/data/user-listing';
import type { UserRecord } from '../lib/data/user-record';
import { getUser, membershipsOf, userItem } from '../lib/data/users';
import { checkWhen, deleteWhen, putNew, putVersioned } from '../lib/data/writes';
import { DEFAULT_BRANDING, emailChangeMail, emailChangeNoticeMail, linkBase, sendMail } from '../lib/email';
import { ApiError, fieldErrors } from '../lib/errors';
import { firmLogo } from '../lib/firm-logo';
import { logger } from '../lib/logger';

/**
 * E-mail changes are confirmed: an admin's change only records a pending address and mails it a single-use
 * link; the old address is told. The login (the e-mail marker, the record's e-mail, the identity's attribute) moves
 * only when the link is used, so a password-reset mail can only ever reach a confirmed address.
 */
const emailTaken = () => fieldErrors({ email: ['SAME_DATA'] });

/** No user owns the address and no invitation is pending for it. */
const addressFree = (email: string): TxWrite[] =>
  [keys.unique('EMAIL', email), pendingKey(email)].map((Key) =>
    checkWhen(Key, { expression: 'attribute_not_exists(pk)' }, emailTaken),
  );

/**
 * The writes of a change request, for the user edit's transaction: the address checked free, a fresh link token. The
 * record keeps the token's hash, so a newer request voids the older link.
 */
export function requestEmailChangeWrites(after: UserRecord, newEmail: string) {
  const { token, write } = newToken('EMAIL', after.uuid);
  after.pending_email = newEmail;
  after.pending_email_token = tokenHash(token);
  return { token, writes: [...addressFree(newEmail), write] };
}

async function brandingOf(user: UserRecord) {
  const project = user.project_uuids[0] ? await getProject(user.project_uuids[0]) : undefined;
  return {
    project,
    branding: project ?? DEFAULT_BRANDING,
    base: await linkBase(project),
    logo: await firmLogo(project?.logo),
  };
}

/** Mails the link to the new address and a notice to the current one; a failed mail is logged, the request stays. */
export async function mailEmailChange(user: UserRecord, newEmail: string, token: string) {
  const { project, branding, base, logo } = await brandingOf(user);
  const link = emailChangeMail(branding, `${base}/email_confirm/${token}`, TOKEN_TTL_SECONDS.EMAIL / 3600, logo);
  const notice = emailChangeNoticeMail(branding, newEmail, `${base}/login`, logo);
  for (const [to, mail] of [
    [newEmail, link],
    [user.email, notice],
  ] as const) {
    try {
      await sendMail(to, mail.subject, mail, { project });
    } catch (error) {
      logger.error('E-mail change mail not sent', { user: user.uuid, reason: (error as Error).name });
    }
  }
}

/**
 * POST api/v1/users/email/confirm/: the pending address becomes the login, in one transaction (token consumed, old
 * marker released only if still this user's, new marker taken, record and links rewritten, audit). 400 INVALID_TOKEN
 * for an unknown, used, expired or superseded link.
 */
export async function confirmEmailChange(token: string) {
  const uuid = await tokenOwner('EMAIL', token);
  // A concurrent edit of the user moves its version: read again and retry, the link is still valid.
  for (let attempt = 0; ; attempt += 1) {
    const user = await getUser(uuid);
    if (!user?.pending_email || user.pending_email_token !== tokenHash(token)) throw invalidToken();
    const newEmail = user.pending_email;
    const after: UserRecord = {
      ...user,
      email: newEmail,
      pending_email: null,
      pending_email_token: null,
      updated: nowIso(),
      version: user.version + 1,
    };
    const links = userListingWrites(user, after, await membershipsOf(after));
    try {
      await transactWrite([
        consumeToken('EMAIL', token),
        putVersioned(userItem(after), user.version),
        deleteWhen(keys.unique('EMAIL', user.email), { expression: 'owner_uuid = :uuid', values: { ':uuid': uuid } }),
        putNew({ ...keys.unique('EMAIL', newEmail), owner_uuid: uuid }, emailTaken),
        { ...(addressFree(newEmail)[1] as TxWrite) },
        ...links,
        auditWrite(
          config.tableName,
          { user, role: user.user_role },
          'UPDATE',
          { type: 'USER', uuid },
          { email: [user.email, newEmail], pending_email: [newEmail, null] },
        ),
      ]);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'DATA_CONFLICT' && attempt < 2) continue;
      throw error;
    }
    break;
  }
  // The identity is named by the uuid and sign-in goes through the e-mail marker, so the attribute only mirrors the
  // login: the change is done once the transaction lands, and a failed mirror is logged, not turned into an error.
  const user = (await getUser(uuid)) as UserRecord;
  try {
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: config.userPoolId,
        Username: uuid,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } catch (error) {
    logger.error('Identity e-mail attribute not updated', { user: uuid, reason: (error as Error).name });
  }
  return { detail: 'ok' };
}
