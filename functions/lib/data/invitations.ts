import { INVITABLE_ROLES, type Role } from '../../../shared/roles';
import { dynamo } from '../aws/dynamo';
import { GetCommand, UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { ApiError, conflict } from '../errors';
import { putEntry, readDirectories, removeEntry } from './directory';
import { normalizeSearch, uniqueEntries } from './list-index';
import { type Indexed, indexWrites } from './sorted-index';
import { type Directory, directories, keys, recordOf } from './table';
import type { TxWrite } from './tx-write';
import type { MembershipTarget } from './user-record';
import { type Condition, checkWhen, deleteKey, deleteWhen, markerOwner, putNew } from './writes';

/** A pending invitation as stored (admin-area §3, §6). */
export interface InvitationRecord {
  uuid: string;
  email: string;
  user_role: Role;
  status: 'PENDING' | 'SEND_FAILED';
  created: string;
  sent: string | null;
  token_hash: string;
  /** The project the invited user joins (none for a SUPER_ADMIN). */
  project_uuid: string | null;
  targets: MembershipTarget[];
  invited_by: string;
  /** The names of the societies, groups or project it leads to, for the pending list. */
  target_label?: string;
  /** A client invited with access to the firm's documents: the account gets it for the invitation's project. */
  user_documentation?: boolean;
  /** What a CSV row knew of the person: the registration form starts from it. */
  first_name?: string;
  last_name?: string;
  rut_user?: string;
  phone_number?: string;
  /**
   * 'PROJECT' on invitations made since one address may be invited by several firms: their marker is
   * projectPendingKey; older ones hold pendingKey.
   */
  pending_key?: 'PROJECT';
  /** Its mail waits in the mail queue (a CSV import); the worker that sends it removes the flag. */
  mail_queued?: boolean;
}

export const invitationKey = keys.invitation;
/**
 * The marker of a pending invitation's address in its project (PORTAL for a SUPER_ADMIN's): one pending invitation per
 * address and firm, so whether another firm invited an address is never said.
 */
export const projectPendingKey = (email: string, project: string | null) =>
  keys.unique('EMAIL', `INVITE#${project ?? 'PORTAL'}#${email}`);
/** The marker of invitations made when one address had one pending invitation portal-wide: read, never written. */
export const pendingKey = (email: string) => keys.unique('EMAIL', `INVITE#${email}`);
const markerOf = (invitation: InvitationRecord) =>
  invitation.pending_key === 'PROJECT'
    ? projectPendingKey(invitation.email, invitation.project_uuid)
    : pendingKey(invitation.email);

/**
 * An invitation's listing entry: created (order), e-mail (search), role, project and the groups its targets sit in
 * (scope), so the list pages without reading invitations.
 */
export interface InvitationEntry {
  c: string;
  s: string;
  r: Role;
  p: string | null;
  g: string[];
}

const invitationEntry = (invitation: InvitationRecord): InvitationEntry => ({
  c: invitation.created,
  s: normalizeSearch(invitation.email),
  r: invitation.user_role,
  p: invitation.project_uuid,
  g: invitation.targets.filter((t) => t.field !== 'project_uuids').map((t) => t.group_uuid ?? t.uuid),
});

const invitationDirectories = (invitation: InvitationRecord) => [
  directories.invitations(),
  ...(invitation.project_uuid ? [directories.invitationsOfProject(invitation.project_uuid)] : []),
];

/**
 * The invitations a PROJECT_ADMIN lists in its project (the roles it may invite, INVITABLE_ROLES): a partition of the
 * sorted index only (its directory is the project's, filtered in memory), so such a page is one range too.
 */
export const managedInvitationsOfProject = (project: string) => ({
  ...directories.invitationsOfProject(project),
  partition: `PROJECT#${project}#INVITATIONS#MANAGED`,
});

/** The orders of an invitation's index rows (sorted-index.ts): `C` by creation (the list's one order), `M` by e-mail. */
export const INVITATION_ORDERS = { created: 'C', email: 'M' } as const;

/** An invitation's index rows, from its listing entry (so a backfill builds them from the directory alone). */
export const invitationIndexedOfEntry = (id: string, entry: InvitationEntry): Indexed => ({
  id,
  entry,
  values: [
    { order: INVITATION_ORDERS.created, value: entry.c, ordered: true },
    { order: INVITATION_ORDERS.email, value: entry.s, ordered: true },
  ],
});

const managedRole = (entry: Pick<InvitationEntry, 'r'>) => INVITABLE_ROLES.PROJECT_ADMIN.includes(entry.r);

/**
 * The index writes of an invitation made or removed (an invitation's listed values never change): every invitation's
 * partition, and its project's managed one when a PROJECT_ADMIN may invite its role.
 */
function invitationIndexWrites(invitation: InvitationRecord, made: boolean): TxWrite[] {
  const entry = invitationEntry(invitation);
  const indexed = invitationIndexedOfEntry(invitation.uuid, entry);
  return [
    directories.invitations(),
    ...(entry.p && managedRole(entry) ? [managedInvitationsOfProject(entry.p)] : []),
  ].flatMap((d) => indexWrites(d, made ? undefined : indexed, made ? indexed : undefined));
}

/** Every partition of the invitations' index and where its entries are (the backfill's). */
export async function invitationIndexSources() {
  const [projects = []] = (await readDirectories([directories.projects()])).entries;
  return [
    directories.invitations(),
    ...projects.map((p) => ({
      directory: managedInvitationsOfProject(p.id),
      source: directories.invitationsOfProject(p.id),
      keep: managedRole,
    })),
  ];
}

const alreadyInvited = () => new ApiError(400, 'USER_ALREADY_INVITED');

/**
 * A new invitation: no other invitation of its project is pending for the address (an older one, under the portal-wide
 * marker, is checked by its project), listed where it belongs. Whether the address has an account is the caller's.
 */
export async function newInvitationWrites(invitation: InvitationRecord): Promise<TxWrite[]> {
  const older = await markerOwner(pendingKey(invitation.email));
  const sameProject: Condition = invitation.project_uuid
    ? {
        expression: 'attribute_not_exists(pk) OR project_uuid <> :project',
        values: { ':project': invitation.project_uuid },
      }
    : { expression: 'attribute_not_exists(pk) OR attribute_type(project_uuid, :string)', values: { ':string': 'S' } };
  const record: InvitationRecord = { ...invitation, pending_key: 'PROJECT' };
  return [
    putNew({ ...markerOf(record), owner_uuid: invitation.uuid }, alreadyInvited),
    ...(older ? [checkWhen(invitationKey(older), sameProject, alreadyInvited)] : []),
    putNew({ ...invitationKey(invitation.uuid), ...record }),
    ...invitationDirectories(invitation).map((d) => putEntry(d, invitation.uuid, invitationEntry(invitation))),
    ...invitationIndexWrites(invitation, true),
  ];
}

/**
 * An invitation withdrawn or used: the item (still there, else `onGone`), its address marker and its listing entries.
 */
export function removeInvitationWrites(invitation: InvitationRecord, onGone?: () => ApiError): TxWrite[] {
  return [
    deleteWhen(invitationKey(invitation.uuid), { expression: 'attribute_exists(pk)' }, onGone),
    deleteKey(markerOf(invitation)),
    ...invitationDirectories(invitation).map((d) => removeEntry(d, invitation.uuid)),
    ...invitationIndexWrites(invitation, false),
  ];
}

/** A resend: the new link's hash replaces the old, only if nobody resent, withdrew or used it meanwhile. */
export function replaceTokenWrite(uuid: string, oldHash: string, newHash: string): TxWrite {
  return {
    write: {
      Update: {
        TableName: config.tableName,
        Key: invitationKey(uuid),
        // A resend of a mail still queued mails it now: the queue's worker then finds nothing to send.
        UpdateExpression: 'SET token_hash = :new REMOVE mail_queued',
        ConditionExpression: 'attribute_exists(pk) AND token_hash = :old',
        ExpressionAttributeValues: { ':new': newHash, ':old': oldHash },
      },
    },
    onConditionFail: () => conflict('DATA_CONFLICT'),
  };
}

/**
 * The queue's worker takes an invitation's queued mail: the link it mails replaces the import's (never mailed), only
 * while the mail is still queued, so a message delivered twice mails once. `onGone`: withdrawn, used or taken.
 */
export function takeQueuedMailWrite(uuid: string, oldHash: string, newHash: string, onGone: () => ApiError): TxWrite {
  return {
    write: {
      Update: {
        TableName: config.tableName,
        Key: invitationKey(uuid),
        UpdateExpression: 'SET token_hash = :new REMOVE mail_queued',
        ConditionExpression: 'attribute_exists(pk) AND token_hash = :old AND mail_queued = :queued',
        ExpressionAttributeValues: { ':new': newHash, ':old': oldHash, ':queued': true },
      },
    },
    onConditionFail: onGone,
  };
}

/**
 * Records how the mail went, on the invitation this mail belongs to only: one withdrawn, registered or resent
 * meanwhile is not brought back as a ghost item. Returns false when it changed meanwhile.
 */
export async function recordInvitationMail(
  invitation: InvitationRecord,
  status: InvitationRecord['status'],
  sent: string | null,
): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: invitationKey(invitation.uuid),
        UpdateExpression: 'SET #status = :status, sent = :sent',
        ConditionExpression: 'attribute_exists(pk) AND token_hash = :hash',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':sent': sent, ':hash': invitation.token_hash },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return false;
  }
}

export async function getInvitation(uuid: string): Promise<InvitationRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: invitationKey(uuid), ConsistentRead: true }),
  );
  return recordOf<InvitationRecord>(Item);
}

export const invitationsOfProject = (project: string) => directories.invitationsOfProject(project);
export const allInvitations = () => directories.invitations();

/** Invitation entries of directories, once each, in one call. */
export async function readInvitationEntries(list: Directory[]) {
  return uniqueEntries((await readDirectories<InvitationEntry>(list)).entries.flat());
}

/**
 * The pending invitation of an address to one firm, if any (its marker names it): a Microsoft sign-in on that firm's
 * portal completes it. Invitations older than the per-firm marker are found by the address's marker, if of this firm.
 */
export async function pendingInvitationOf(email: string, projectUuid: string): Promise<InvitationRecord | undefined> {
  const owner = (await markerOwner(projectPendingKey(email, projectUuid))) ?? (await markerOwner(pendingKey(email)));
  const invitation = owner ? await getInvitation(owner) : undefined;
  return invitation?.project_uuid === projectUuid && invitation.email === email ? invitation : undefined;
}
