import { INVITABLE_ROLES } from '../../shared/roles';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import type { Entry } from '../lib/data/directory';
import {
  allInvitations,
  type InvitationEntry,
  type InvitationRecord,
  invitationKey,
  invitationsOfProject,
  readInvitationEntries,
} from '../lib/data/invitations';
import { getItems, pageEntries, rowsWithinBudget } from '../lib/data/list-index';
import type { MembershipTarget } from '../lib/data/users';
import { groupInScope, projectInScope, seesEverything } from '../lib/scope';

/** What the lists show: targets split by kind, and the days since the invitation was made (admin-area §2). */
export function invitationView(invitation: InvitationRecord) {
  const of = (field: MembershipTarget['field']) =>
    invitation.targets.filter((t) => t.field === field).map((t) => t.uuid);
  return {
    uuid: invitation.uuid,
    email: invitation.email,
    user_role: invitation.user_role,
    status: invitation.status,
    created: invitation.created,
    sent: invitation.sent,
    // 'Días desde invitación' counts from the invitation, not from the last resend (issue 9).
    days: Math.max(0, Math.floor((nowMs() - Date.parse(invitation.created)) / 86_400_000)),
    project: of('project_uuids'),
    group: of('group_uuids'),
    society: of('society_uuids'),
    target: invitation.target_label ?? null,
  };
}

/**
 * An invitation is in scope when the caller could have made it: every target inside its scope. Decided from the
 * listing entry (role, project, the groups its targets sit in), so lists need not read invitations to filter them.
 */
function entryInScope(caller: Caller, entry: InvitationEntry): boolean {
  if (seesEverything(caller)) return true;
  if (!entry.p || !INVITABLE_ROLES[caller.role].includes(entry.r)) return false;
  if (projectInScope(caller, entry.p)) return true;
  const project = entry.p;
  return entry.g.every((group) => groupInScope(caller, { uuid: group, project_uuid: project }));
}

export function invitationInScope(caller: Caller, invitation: InvitationRecord): boolean {
  return entryInScope(caller, {
    c: invitation.created,
    s: '',
    r: invitation.user_role,
    p: invitation.project_uuid,
    g: invitation.targets.filter((t) => t.field !== 'project_uuids').map((t) => t.group_uuid ?? t.uuid),
  });
}

/**
 * Pending invitations in scope, in one call: every one for SUPER_ADMIN, else those of its projects (a GROUP_ADMIN is a
 * member of its groups' project), filtered to the ones it could have made.
 */
async function invitationEntriesInScope(caller: Caller): Promise<Array<Entry<InvitationEntry>>> {
  const directories = seesEverything(caller) ? [allInvitations()] : caller.user.project_uuids.map(invitationsOfProject);
  return (await readInvitationEntries(directories)).filter((e) => entryInScope(caller, e.value));
}

/** A page of the pending invitations in scope, newest first, searched by e-mail. */
export async function pageInvitations(caller: Caller, query: { search?: string; offset: number; limit: number }) {
  const { count, page } = pageEntries(await invitationEntriesInScope(caller), {
    ...query,
    text: (v) => v.s,
    ordering: { key: (v) => v.c, descending: true },
  });
  const rows = async (slice: Array<Entry<InvitationEntry>>) =>
    (await getItems<InvitationRecord>(slice.map((e) => invitationKey(e.id)))).map(invitationView);
  return { count, results: await rowsWithinBudget(page, rows) };
}
