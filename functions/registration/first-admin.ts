import type { Caller } from '../lib/auth/caller';
import { allInvitations, readInvitationEntries } from '../lib/data/invitations';
import { normalizeSearch } from '../lib/data/list-index';
import { allUsers, readUserEntries } from '../lib/data/user-listing';
import { createInvitation, resendInvitation } from './invitations';

/** Who the first administrator's invitation says invited them (its invited_by and audit line). */
const OPERATOR = {
  user: { uuid: 'first-admin-command', email: 'first-admin-command@portal.local' },
  role: 'SUPER_ADMIN',
} as unknown as Caller;

export type FirstAdminOutcome =
  | { done: 'INVITED' | 'RESENT'; invitation: { uuid: string; email: string; status: string } }
  | { done: false; reason: 'ADMIN_EXISTS' | 'ADMIN_INVITED' | 'NOT_INVITED'; emails: string[] };

/**
 * The portal's first SUPER_ADMIN (docs/deploy.md, "First administrator"): an invitation mailed to them, so their
 * account (Cognito user named by its uuid, user record, e-mail marker, directory entries) is made by the registration
 * every other user goes through. Refused while a SUPER_ADMIN or a pending invitation for one exists, unless `another`
 * says a further one is meant; `resend` mails a new link of that address's pending invitation (a mail that never
 * came, while nobody can sign in to resend it). Reads two directories: a command's cost, not a request's.
 */
export async function inviteFirstAdmin(
  email: string,
  { another = false, resend = false } = {},
): Promise<FirstAdminOutcome> {
  const invited = (await readInvitationEntries([allInvitations()])).filter((entry) => entry.value.r === 'SUPER_ADMIN');
  if (resend) {
    const own = invited.find((entry) => entry.value.s === normalizeSearch(email));
    if (!own) return { done: false, reason: 'NOT_INVITED', emails: invited.map((entry) => entry.value.s) };
    const invitation = await resendInvitation(OPERATOR, own.id);
    return {
      done: 'RESENT',
      invitation: { uuid: invitation.uuid, email: invitation.email, status: invitation.status },
    };
  }
  if (!another) {
    const { entries: users } = await readUserEntries([allUsers()]);
    const admins = users.filter((entry) => entry.value.r === 'SUPER_ADMIN').map((entry) => entry.value.m);
    if (admins.length > 0) return { done: false, reason: 'ADMIN_EXISTS', emails: admins };
    if (invited.length > 0) return { done: false, reason: 'ADMIN_INVITED', emails: invited.map((e) => e.value.s) };
  }
  const invitation = await createInvitation(OPERATOR, { email, user_role: 'SUPER_ADMIN' } as never);
  return { done: 'INVITED', invitation: { uuid: invitation.uuid, email: invitation.email, status: invitation.status } };
}
