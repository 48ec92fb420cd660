import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { generateInvitation } from '../../shared/contracts/registration';
import { INVITABLE_ROLES, ROLE_LABELS, type Role } from '../../shared/roles';
import { dynamo } from '../lib/aws/dynamo';
import { config } from '../lib/config';
import { auditWrite, diff } from '../lib/data/audit';
import { type GroupRecord, getGroup } from '../lib/data/groups';
import { getItems, normalizeSearch, readIndex, searchText } from '../lib/data/list-index';
import { getProject, type ProjectRecord } from '../lib/data/projects';
import { getSociety, type SocietyRecord } from '../lib/data/societies';
import { keys, nowIso } from '../lib/data/table';
import { dropTokenHash, newToken, TOKEN_TTL_SECONDS, tokenHash } from '../lib/data/tokens';
import { transactWrite } from '../lib/data/transact';
import type { MembershipTarget } from '../lib/data/users';
import { deleteKey, putNew } from '../lib/data/writes';
import { DEFAULT_BRANDING, invitationMail, portalBase, sendMail } from '../lib/email';
import { ApiError, conflict, fieldErrors, forbidden, notFound } from '../lib/errors';
import type { Caller } from '../lib/auth/caller';
import { logger } from '../lib/logger';
import { groupInScope, projectInScope, seesEverything, societyInScope } from '../lib/scope';

/**
 * Invitations (admin-area §3, §6): who may invite which role, which targets each role receives, one pending
 * invitation per address and none for a registered one, a single-use link that expires, and a mail that may fail
 * without losing the invitation (it stays pending, marked, to resend).
 */
export type InvitationInput = z.output<NonNullable<typeof generateInvitation.body>>;

/** Who may invite which role: one table, shared with the SPA's invite form. */
export const INVITABLE = INVITABLE_ROLES;

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
  first_name?: string;
  last_name?: string;
  rut_user?: string;
}

export const alreadyInvited = () => new ApiError(400, 'USER_ALREADY_INVITED');
const invitationKey = (uuid: string) => ({ pk: `INVITATION#${uuid}`, sk: 'INVITATION' });
const pendingKey = (email: string) => keys.unique('EMAIL', `INVITE#${email}`);

function invitationItem(invitation: InvitationRecord) {
  return {
    ...invitationKey(invitation.uuid),
    ...(invitation.project_uuid && {
      gsi1pk: `PROJECT#${invitation.project_uuid}#INVITATIONS`,
      gsi1sk: invitation.uuid,
    }),
    gsi3pk: 'INVITATIONS',
    gsi3sk: invitation.uuid,
    search_text: searchText(invitation.email),
    updated: invitation.created,
    ...invitation,
  };
}

/** What the lists show: targets split by kind, and the days since it was sent (admin-area §2). */
export function invitationView(invitation: InvitationRecord) {
  const of = (field: MembershipTarget['field']) =>
    invitation.targets.filter((t) => t.field === field).map((t) => t.uuid);
  const since = invitation.sent ?? invitation.created;
  return {
    uuid: invitation.uuid,
    email: invitation.email,
    user_role: invitation.user_role,
    status: invitation.status,
    created: invitation.created,
    sent: invitation.sent,
    days: Math.max(0, Math.floor((Date.now() - Date.parse(since)) / 86_400_000)),
    project: of('project_uuids'),
    group: of('group_uuids'),
    society: of('society_uuids'),
  };
}

const required = (field: string) => fieldErrors({ [field]: ['REQUIRED'] });
const notAllowed = (field: string) => fieldErrors({ [field]: ['FORMAT_NOT_ALLOWED'] });

/** One project for all targets: an invitation makes a user of one project. */
function oneProject(field: string, projects: string[]): string {
  const unique = [...new Set(projects)];
  if (unique.length !== 1) throw notAllowed(field);
  return unique[0] as string;
}

/**
 * The memberships an invitation gives, checked against the caller's scope (targets outside it answer the same 400 as
 * targets that do not exist): PROJECT_ADMIN one project; GROUP_ADMIN and USER_GROUP groups; USER_SOCIETY societies.
 */
/** How targets are read: straight from the table, or through a cache when one request makes many invitations. */
export interface EntityLoaders {
  project: (uuid: string) => Promise<ProjectRecord | undefined>;
  group: (uuid: string) => Promise<GroupRecord | undefined>;
  society: (uuid: string) => Promise<SocietyRecord | undefined>;
}

const DIRECT: EntityLoaders = { project: getProject, group: getGroup, society: getSociety };

/** Loaders that read each entity once (a CSV import names the same few groups on many rows). */
export function cachedLoaders(): EntityLoaders {
  const memo = <T>(load: (uuid: string) => Promise<T>) => {
    const cache = new Map<string, Promise<T>>();
    return (uuid: string) => {
      let found = cache.get(uuid);
      if (!found) {
        found = load(uuid);
        cache.set(uuid, found);
      }
      return found;
    };
  };
  return { project: memo(getProject), group: memo(getGroup), society: memo(getSociety) };
}

export async function resolveTargets(
  caller: Caller,
  input: Pick<InvitationInput, 'user_role' | 'project' | 'group' | 'society'>,
  load: EntityLoaders = DIRECT,
): Promise<{ project: ProjectRecord | null; targets: MembershipTarget[] }> {
  const getProject = load.project;
  const getGroup = load.group;
  const getSociety = load.society;
  const role = input.user_role;
  const unexpected = (field: 'project' | 'group' | 'society') => (input[field]?.length ?? 0) > 0;
  if (role === 'SUPER_ADMIN') {
    for (const field of ['project', 'group', 'society'] as const) if (unexpected(field)) throw notAllowed(field);
    return { project: null, targets: [] };
  }
  if (role === 'PROJECT_ADMIN') {
    if (input.project?.length !== 1) throw input.project?.length ? notAllowed('project') : required('project');
    const project = await getProject(input.project[0] as string);
    if (!project || !projectInScope(caller, project.uuid)) throw notAllowed('project');
    return { project, targets: [{ field: 'project_uuids', uuid: project.uuid, project_uuid: project.uuid }] };
  }
  if (role === 'GROUP_ADMIN' || role === 'USER_GROUP') {
    if (!input.group?.length) throw required('group');
    const groups = await Promise.all(input.group.map(getGroup));
    if (!groups.every((g): g is GroupRecord => Boolean(g && groupInScope(caller, g)))) throw notAllowed('group');
    const projectUuid = oneProject(
      'group',
      groups.map((g) => g.project_uuid),
    );
    return {
      project: (await getProject(projectUuid)) ?? null,
      targets: [
        { field: 'project_uuids', uuid: projectUuid, project_uuid: projectUuid },
        ...groups.map((g) => ({ field: 'group_uuids' as const, uuid: g.uuid, project_uuid: projectUuid })),
      ],
    };
  }
  if (!input.society?.length) throw required('society');
  const societies = await Promise.all(input.society.map(getSociety));
  if (!societies.every((s): s is SocietyRecord => Boolean(s && societyInScope(caller, s)))) throw notAllowed('society');
  const projectUuid = oneProject(
    'society',
    societies.map((s) => s.project_uuid),
  );
  return {
    project: (await getProject(projectUuid)) ?? null,
    targets: [
      { field: 'project_uuids', uuid: projectUuid, project_uuid: projectUuid },
      ...societies.map((s) => ({
        field: 'society_uuids' as const,
        uuid: s.uuid,
        project_uuid: projectUuid,
        group_uuid: s.group_uuid,
      })),
    ],
  };
}

/** Mails the link; a failure is logged and recorded on the invitation, which stays pending to resend. */
async function mailInvitation(invitation: InvitationRecord, token: string, project: ProjectRecord | null) {
  const link = `${portalBase(project?.custom_portal_url)}/register/${token}`;
  const branding = project ?? DEFAULT_BRANDING;
  const mail = invitationMail(branding, ROLE_LABELS[invitation.user_role], link, TOKEN_TTL_SECONDS.INVITE / 86_400);
  let status: InvitationRecord['status'] = 'PENDING';
  try {
    await sendMail(invitation.email, mail.subject, mail);
  } catch (error) {
    logger.error('Invitation mail not sent', { invitation: invitation.uuid, reason: (error as Error).name });
    status = 'SEND_FAILED';
  }
  const sent = status === 'PENDING' ? nowIso() : invitation.sent;
  try {
    // Only the invitation this mail belongs to: one withdrawn, registered or resent meanwhile is not brought back as
    // a ghost item by this update (issue 8).
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
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    logger.info('Invitation changed while its mail was sent', { invitation: invitation.uuid });
  }
  return { ...invitation, status, sent };
}

export async function createInvitation(
  caller: Caller,
  input: InvitationInput,
  extra: Pick<InvitationRecord, 'first_name' | 'last_name' | 'rut_user'> = {},
  load: EntityLoaders = DIRECT,
) {
  if (!INVITABLE[caller.role].includes(input.user_role)) throw forbidden();
  const { project, targets } = await resolveTargets(caller, input, load);
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
    ...extra,
  };
  await transactWrite([
    {
      write: {
        ConditionCheck: {
          TableName: config.tableName,
          Key: keys.unique('EMAIL', input.email),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      onConditionFail: alreadyInvited,
    },
    putNew({ ...pendingKey(input.email), owner_uuid: uuid }, alreadyInvited),
    putNew(invitationItem(invitation)),
    tokenWrite,
    auditWrite(config.tableName, caller, 'CREATE', { type: 'INVITATION', uuid }, diff({}, { ...invitation })),
  ]);
  return invitationView(await mailInvitation(invitation, token, project));
}

export async function getInvitation(uuid: string): Promise<InvitationRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: invitationKey(uuid), ConsistentRead: true }),
  );
  return Item as InvitationRecord | undefined;
}

/** An invitation is in scope when the caller could have made it: every target inside its scope. */
function invitationInScope(caller: Caller, invitation: InvitationRecord): boolean {
  if (seesEverything(caller)) return true;
  if (!invitation.project_uuid || !INVITABLE[caller.role].includes(invitation.user_role)) return false;
  if (projectInScope(caller, invitation.project_uuid)) return true;
  return invitation.targets
    .filter((t) => t.field !== 'project_uuids')
    .every((t) => groupInScope(caller, { uuid: t.group_uuid ?? t.uuid, project_uuid: t.project_uuid }));
}

async function requireInvitation(caller: Caller, uuid: string) {
  const invitation = await getInvitation(uuid);
  if (!invitation || !invitationInScope(caller, invitation)) throw notFound();
  return invitation;
}

export async function resendInvitation(caller: Caller, uuid: string) {
  const invitation = await requireInvitation(caller, uuid);
  const { token, write } = newToken('INVITE', uuid);
  await transactWrite([
    {
      write: {
        Update: {
          TableName: config.tableName,
          Key: invitationKey(uuid),
          UpdateExpression: 'SET token_hash = :new',
          ConditionExpression: 'attribute_exists(pk) AND token_hash = :old',
          ExpressionAttributeValues: { ':new': tokenHash(token), ':old': invitation.token_hash },
        },
      },
      // Withdrawn, registered or resent by someone else meanwhile: nothing is written.
      onConditionFail: () => conflict('DATA_CONFLICT'),
    },
    dropTokenHash('INVITE', invitation.token_hash),
    write,
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

export async function deleteInvitation(caller: Caller, uuid: string) {
  const invitation = await requireInvitation(caller, uuid);
  await transactWrite([
    {
      write: {
        Delete: { TableName: config.tableName, Key: invitationKey(uuid), ConditionExpression: 'attribute_exists(pk)' },
      },
    },
    deleteKey(pendingKey(invitation.email)),
    dropTokenHash('INVITE', invitation.token_hash),
    auditWrite(config.tableName, caller, 'DELETE', { type: 'INVITATION', uuid }, diff({ ...invitation }, {})),
  ]);
  return { detail: 'ok' };
}

/** Pending invitations in scope: every one for SUPER_ADMIN, else those of its projects (or of its groups). */
export async function invitationsInScope(caller: Caller): Promise<InvitationRecord[]> {
  const projects = seesEverything(caller)
    ? undefined
    : caller.role === 'PROJECT_ADMIN'
      ? caller.user.project_uuids
      : [
          ...new Set(
            (await getItems<GroupRecord>(caller.user.group_uuids.map((g) => keys.group(g)))).map((g) => g.project_uuid),
          ),
        ];
  const entries = projects
    ? (await Promise.all(projects.map((p) => readIndex('gsi1', `PROJECT#${p}#INVITATIONS`)))).flat()
    : await readIndex('gsi3', 'INVITATIONS');
  const invitations = await getItems<InvitationRecord>(entries.map((e) => invitationKey(e.uuid)));
  return invitations.filter((i) => invitationInScope(caller, i));
}

/** For the registration: the invitation behind a live token, or 400 INVALID_TOKEN. */
export async function invitationOfToken(ownerUuid: string): Promise<InvitationRecord> {
  const invitation = await getInvitation(ownerUuid);
  if (!invitation) throw new ApiError(400, 'INVALID_TOKEN');
  return invitation;
}

export { invitationKey, pendingKey };

/** A page of the pending invitations in scope, newest first, searched by e-mail. */
export async function pageInvitations(caller: Caller, query: { search?: string; offset: number; limit: number }) {
  const needle = query.search ? normalizeSearch(query.search) : '';
  const invitations = (await invitationsInScope(caller))
    .filter((i) => !needle || normalizeSearch(i.email).includes(needle))
    .sort((a, b) => b.created.localeCompare(a.created));
  return {
    count: invitations.length,
    results: invitations.slice(query.offset, query.offset + query.limit).map(invitationView),
  };
}
