import { INVITABLE_ROLES } from '../../shared/roles';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { config } from '../lib/config';
import {
  allInvitations,
  INVITATION_ORDERS,
  type InvitationEntry,
  type InvitationRecord,
  invitationKey,
  invitationsOfProject,
  managedInvitationsOfProject,
  readInvitationEntries,
} from '../lib/data/invitations';
import { batchGet, normalizeSearch, pageEntries, rowsWithinBudget } from '../lib/data/list-index';
import { counterKeys, countIn, readCountedPage, readPrefix } from '../lib/data/sorted-index';
import { type MailSuppression, readSuppressions, suppressionAddress, suppressionKey } from '../lib/data/suppression';
import { type Directory, type Entry, recordOf } from '../lib/data/table';
import type { MembershipTarget } from '../lib/data/user-record';
import { groupInScope, projectInScope, seesEverything } from '../lib/scope';

/**
 * What the lists show: targets split by kind, the days since the invitation was made (admin-area §2), and, when SES
 * reported the address as bouncing for good or complaining, that no mail goes to it (`mail_suppressed`).
 */
export function invitationView(invitation: InvitationRecord, suppressed?: MailSuppression) {
  const of = (field: MembershipTarget['field']) =>
    invitation.targets.filter((t) => t.field === field).map((t) => t.uuid);
  return {
    uuid: invitation.uuid,
    email: invitation.email,
    user_role: invitation.user_role,
    status: invitation.status,
    created: invitation.created,
    sent: invitation.sent,
    // 'Días desde invitación' counts from the invitation, not from the last resend.
    days: Math.max(0, Math.floor((nowMs() - Date.parse(invitation.created)) / 86_400_000)),
    project: of('project_uuids'),
    group: of('group_uuids'),
    society: of('society_uuids'),
    target: invitation.target_label ?? null,
    ...(suppressed && { mail_suppressed: suppressed }),
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

const NEWEST_FIRST = { key: (v: InvitationEntry) => v.c, descending: true };

/**
 * The one partition whose sorted index serves a page (docs/decisions/list-paging.md): every invitation for a
 * SUPER_ADMIN, those a PROJECT_ADMIN of one project may have made; undefined where a page reads the directories (a
 * GROUP_ADMIN, a PROJECT_ADMIN of several projects, indexes not yet backfilled).
 */
function indexedPartition(caller: Caller): Directory | undefined {
  if (!config.listIndexes) return undefined;
  if (seesEverything(caller)) return allInvitations();
  const [only, ...more] = caller.user.project_uuids;
  return caller.role === 'PROJECT_ADMIN' && only && more.length === 0 ? managedInvitationsOfProject(only) : undefined;
}

/**
 * Invitation rows of a page, in one BatchGet: the invitations, their addresses' suppressions (the entries name the
 * addresses) and, when asked, the partition's count (sorted-index.ts).
 */
async function invitationRows(slice: Array<Entry<InvitationEntry>>, counted?: Directory) {
  const keyList = slice.map((e) => invitationKey(e.id));
  const addresses = new Set(slice.map((e) => suppressionAddress(e.value.s)));
  const found = await batchGet([
    ...keyList,
    ...[...addresses].map(suppressionKey),
    ...(counted ? counterKeys(counted) : []),
  ]);
  const items = keyList.flatMap((k) => recordOf<InvitationRecord>(found.get(`${k.pk}|${k.sk}`)) ?? []);
  const suppressions = await readSuppressions(
    items.map((i) => i.email),
    { addresses, found },
  );
  return {
    rows: items.map((i) => invitationView(i, suppressions.get(suppressionAddress(i.email)))),
    count: counted ? countIn(found, counted) : undefined,
  };
}

/**
 * A page of the pending invitations in scope, newest first, searched by e-mail. The default page and a prefix of the
 * e-mail read the partition's sorted index; text anywhere in the e-mail reads the directories (it grows with them).
 */
export async function pageInvitations(
  caller: Caller,
  query: { search?: string; match?: 'contains' | 'prefix'; offset: number; limit: number },
) {
  const prefix = query.match === 'prefix' && query.search ? normalizeSearch(query.search) : undefined;
  const directory = indexedPartition(caller);
  const rowsOf = async (slice: Array<Entry<InvitationEntry>>) => (await invitationRows(slice)).rows;
  if (!directory || (query.search && !prefix)) {
    const { count, page } = pageEntries(await invitationEntriesInScope(caller), {
      ...query,
      search: prefix ? undefined : query.search,
      text: (v) => v.s,
      filter: prefix ? (e) => e.value.s.startsWith(prefix) : undefined,
      ordering: NEWEST_FIRST,
    });
    return { count, results: await rowsWithinBudget(page, rowsOf) };
  }
  if (prefix) {
    const matches = await readPrefix<InvitationEntry>(directory, INVITATION_ORDERS.email, prefix);
    const { count, page } = pageEntries(matches, { ...query, search: undefined, ordering: NEWEST_FIRST });
    return { count, results: await rowsWithinBudget(page, rowsOf) };
  }
  return readCountedPage(
    directory,
    INVITATION_ORDERS.created,
    { offset: query.offset, limit: query.limit, descending: true },
    invitationRows,
  );
}
