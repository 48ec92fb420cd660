import type { z } from 'zod/mini';
import type { userPatchSchema } from '../../shared/contracts/users';
import { INVITABLE_ROLES as INVITABLE } from '../../shared/roles';
import type { Caller } from '../lib/auth/caller';
import { deleteIdentity } from '../lib/auth/identities';
import { nowMs } from '../lib/clock';
import { config } from '../lib/config';
import { auditWrite, diff, editAction, sentFields } from '../lib/data/audit';
import { type Cleanup, cleanupId, cleanupWrite, REQUEST_GRACE_MS, settleCleanup } from '../lib/data/cleanups';
import { type GroupRecord, getGroup } from '../lib/data/groups';
import { getItems } from '../lib/data/list-index';
import { sessionsEndInstant } from '../lib/data/sessions';
import { getSociety, type SocietyRecord } from '../lib/data/societies';
import { keys, nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import type { TxWrite } from '../lib/data/tx-write';
import { documentationProjects } from '../lib/data/user-documentation';
import { unlinkWrites, userListingWrites, userUnlistingWrites } from '../lib/data/user-listing';
import type { MembershipTarget, UserRecord } from '../lib/data/user-record';
import { getUser, membershipsOf, userItem } from '../lib/data/users';
import { deleteKey, deleteWhen, putVersioned } from '../lib/data/writes';
import { conflict, fieldErrors, forbidden, notFound } from '../lib/errors';
import { assetUrl, deleteAsset } from '../lib/files';
import { storeImages } from '../lib/image-writes';
import {
  groupInScope,
  membershipInScope,
  projectInScope,
  seesEverything,
  societyInScope,
  userSides,
} from '../lib/scope';
import type { UploadedFile } from '../lib/uploaded-file';
import { mailEmailChange, requestEmailChangeWrites } from './email-change';
import { joinWrites, leaveWrites } from './memberships';
import { userView } from './user-lists';

/**
 * The rules of users (admin-area §2 to §8): an admin sees and changes only users of the roles it may invite, inside
 * its scope; SUPER_ADMIN alone changes a role; a user who administers a project or group cannot be deleted; disabling
 * blocks sign-in and live tokens (the authorizer reads enable on every request). Membership lists reach only
 * the caller's scope; an e-mail change waits for the new address's confirmation (email-change.ts). A person
 * several firms share is changed per firm: document access for the firms of the caller's scope only; the account
 * (delete) and its account-wide fields only by an admin whose scope covers every membership, else 403.
 */
type PatchInput = z.output<typeof userPatchSchema>;

/** Whether the caller may see and manage this user. */
async function userInScope(caller: Caller, user: UserRecord): Promise<boolean> {
  if (seesEverything(caller)) return true;
  if (!INVITABLE[caller.role].includes(user.user_role)) return false;
  if (user.project_uuids.some((p) => projectInScope(caller, p))) return true;
  if (caller.role !== 'GROUP_ADMIN') return false;
  if (user.group_uuids.some((g) => caller.user.group_uuids.includes(g))) return true;
  const societies = await getItems<SocietyRecord>(user.society_uuids.map((s) => keys.society(s)));
  return societies.some((s) => societyInScope(caller, s));
}

export async function requireUser(caller: Caller, uuid: string): Promise<UserRecord> {
  const user = await getUser(uuid);
  if (!user || !(await userInScope(caller, user))) throw notFound();
  return user;
}

/** The membership targets of a user form's lists, each checked against the caller's scope. */
async function targetsOf(caller: Caller, field: 'project' | 'group' | 'society', uuids: string[]) {
  const bad = () => fieldErrors({ [field]: ['FORMAT_NOT_ALLOWED'] });
  if (field === 'project') {
    if (!uuids.every((p) => projectInScope(caller, p))) throw bad();
    return uuids.map((uuid): MembershipTarget => ({ field: 'project_uuids', uuid, project_uuid: uuid }));
  }
  if (field === 'group') {
    const groups = await Promise.all(uuids.map(getGroup));
    if (!groups.every((g): g is GroupRecord => Boolean(g && groupInScope(caller, g)))) throw bad();
    return groups.map((g): MembershipTarget => ({ field: 'group_uuids', uuid: g.uuid, project_uuid: g.project_uuid }));
  }
  const societies = await Promise.all(uuids.map(getSociety));
  if (!societies.every((s): s is SocietyRecord => Boolean(s && societyInScope(caller, s)))) throw bad();
  return societies.map(
    (s): MembershipTarget => ({
      field: 'society_uuids',
      uuid: s.uuid,
      project_uuid: s.project_uuid,
      group_uuid: s.group_uuid,
    }),
  );
}

const FIELD_OF = { project: 'project_uuids', group: 'group_uuids', society: 'society_uuids' } as const;

/**
 * Fields of the account rather than of one firm's side of it: every firm that shares the person sees them, and the
 * e-mail and enable decide what the person reaches everywhere. Only an admin whose scope covers every membership of
 * the user changes them (the role is SUPER_ADMIN's alone).
 */
const ACCOUNT_FIELDS = [
  'enable',
  'first_name',
  'last_name',
  'rut_user',
  'phone_number',
  'position',
  'user_description',
  'user_magnus',
] as const;

/** 403 ACTION_NOT_ALLOWED when the user also belongs where the caller does not manage (and 21). */
export function requireWholeUserInScope(caller: Caller, memberships: MembershipTarget[]) {
  if (!userSides(caller, memberships).whole) throw forbidden();
}

/**
 * The projects whose documents the user may browse after a patch: the caller's answer speaks for the firms of its
 * scope (after the patch's membership changes) and no other; a firm the user no longer belongs to keeps none open.
 */
function documentationAfter(
  caller: Caller,
  before: UserRecord,
  memberships: MembershipTarget[],
  wanted: boolean | undefined,
): string[] {
  const open = new Set(documentationProjects(before));
  if (wanted !== undefined) {
    const sides = userSides(caller, memberships);
    const changes = sides.projects.filter((p) => open.has(p) !== wanted);
    // A GROUP_ADMIN whose member also belongs to a sibling group does not decide for the whole firm.
    if (changes.length > 0 && !sides.firmsWhole) throw forbidden();
    for (const p of changes) {
      if (wanted) open.add(p);
      else open.delete(p);
    }
  }
  const belongs = new Set(memberships.map((m) => m.project_uuid));
  return [...open].filter((p) => belongs.has(p));
}

export async function patchUser(caller: Caller, uuid: string, input: PatchInput) {
  const before = await requireUser(caller, uuid);
  if (input.user_role !== undefined && input.user_role !== before.user_role && caller.role !== 'SUPER_ADMIN') {
    throw forbidden();
  }
  if (input.version !== undefined && input.version !== before.version) throw conflict('DATA_CONFLICT');
  const { version: _v, project, group, society, email, user_documentation, ...fields } = input;
  const memberships = await membershipsOf(before);
  const emailChange = email !== undefined && email !== before.email;
  const sent = sentFields(fields) as Partial<UserRecord>;
  const accountChange = ACCOUNT_FIELDS.some(
    (f) => f in sent && JSON.stringify(sent[f] ?? null) !== JSON.stringify(before[f] ?? null),
  );
  // The account-wide fields: only for a user wholly inside the caller's scope.
  if (emailChange || accountChange) requireWholeUserInScope(caller, memberships);
  const after: UserRecord = { ...before, ...sent, updated: nowIso(), version: before.version + 1 };
  // The coordinator's authenticate reads this: a disabled user's sessions end at once.
  // Ends every session, in this same write.
  if (before.enable && after.enable === false) {
    after.sessions_valid_after = sessionsEndInstant();
    // Its share links end with it, for good: one attribute here, no write per link.
    after.links_valid_after = after.sessions_valid_after;
  }
  const writes: TxWrite[] = [];
  const joined: MembershipTarget[] = [];
  for (const [name, uuids] of Object.entries({ project, group, society }) as Array<
    [keyof typeof FIELD_OF, string[] | undefined]
  >) {
    if (!uuids) continue;
    const field = FIELD_OF[name];
    // Memberships outside the caller's scope are neither added nor removed: the form's list speaks for the
    // caller's scope only, whatever it holds (or leaves out) about the rest.
    const untouchable = memberships
      .filter((m) => m.field === field && !membershipInScope(caller, m))
      .map((m) => m.uuid);
    const requested = [...new Set(uuids)].filter((u) => !untouchable.includes(u));
    const targets = await targetsOf(caller, name, requested);
    const added = targets.filter((t) => !before[field].includes(t.uuid));
    const removed = before[field].filter((u) => !untouchable.includes(u) && !requested.includes(u));
    after[field] = [...before[field].filter((u) => untouchable.includes(u)), ...targets.map((t) => t.uuid)];
    joined.push(...added);
    for (const target of added) writes.push(...joinWrites(after, target));
    for (const removedUuid of removed) {
      const target = memberships.find((m) => m.field === field && m.uuid === removedUuid) ?? {
        field,
        uuid: removedUuid,
        project_uuid: '',
      };
      // The user's own lists are rewritten whole below; of the removal writes only the listing's are needed.
      writes.push(...(await leaveWrites(before, target)), ...unlinkWrites(before, target));
    }
  }
  const mailing = emailChange ? requestEmailChangeWrites(after, email) : undefined;
  const kept = (await membershipsOf(after)).filter((t) => !joined.some((j) => j.uuid === t.uuid));
  // Document access per firm; a record written before stores its list now (its one flag leaves with this write).
  after.documentation_projects = documentationAfter(caller, before, [...kept, ...joined], user_documentation);
  delete after.user_documentation;
  const { updated: _u, version: _ver, pending_email_token: _t, ...comparable } = after;
  const { user_documentation: _legacy, ...stored } = before;
  const changes = diff({ ...stored, documentation_projects: documentationProjects(before) }, comparable);
  writes.unshift(putVersioned(userItem(after), before.version));
  writes.push(...(mailing?.writes ?? []));
  // Listing entries carry the user's list attributes: every entry of the user is rewritten with the new ones.
  writes.push(...userListingWrites(before, after, [...kept, ...joined]));
  writes.push(auditWrite(config.tableName, caller, editAction(changes), { type: 'USER', uuid }, changes));
  await transactWrite(writes);
  if (mailing && email) await mailEmailChange(before, email, mailing.token);
  return userView(caller, after);
}

/** Whether the user administers a project or a group (then it cannot be deleted: 409 USER_IS_ADMIN). */
function administers(user: UserRecord): boolean {
  return (
    (user.user_role === 'PROJECT_ADMIN' && user.project_uuids.length > 0) ||
    (user.user_role === 'GROUP_ADMIN' && user.group_uuids.length > 0)
  );
}

export async function deleteUser(caller: Caller, uuid: string) {
  const user = await requireUser(caller, uuid);
  if (uuid === caller.user.uuid) throw forbidden();
  if (administers(user)) throw conflict('USER_IS_ADMIN');
  const targets = await membershipsOf(user);
  requireWholeUserInScope(caller, targets);
  const writes: TxWrite[] = [
    deleteWhen(keys.user(uuid), { expression: 'version = :version', values: { ':version': user.version } }, () =>
      conflict('DATA_CONFLICT'),
    ),
    deleteKey(keys.unique('EMAIL', user.email)),
    ...userUnlistingWrites(user, targets),
    auditWrite(config.tableName, caller, 'DELETE', { type: 'USER', uuid }, diff({ ...user }, {})),
  ];
  for (const target of targets) writes.push(...(await leaveWrites(user, target)));
  // The record goes with a marker naming its identity and avatar; what the request cannot delete after it (Cognito
  // busy, the function stopped) the sweeper does. The identity alone signs nobody in: every call reads the record.
  const cleanup: Cleanup = {
    id: cleanupId('USER', uuid, 'DELETE'),
    due: nowMs() + REQUEST_GRACE_MS,
    identities: [uuid],
    ...(user.image && { objects: [{ bucket: 'assets', key: user.image }] }),
  };
  writes.push(cleanupWrite(cleanup));
  await transactWrite(writes);
  await settleCleanup(cleanup, async () => {
    await deleteIdentity(uuid);
    await deleteAsset(user.image);
  });
  return { detail: 'ok' };
}

/** The caller's own avatar: an image, replaced only once the new one is saved. */
const ownFields = (user: UserRecord): Record<string, unknown> => ({
  first_name: user.first_name,
  last_name: user.last_name,
  phone_number: user.phone_number,
  image: user.image,
});

/**
 * The caller's own profile ('Mi perfil'): its avatar, names and phone, whichever are sent (400 when none is). These
 * are the person's own, so no admin scope applies; e-mail, RUT and role stay an admin's (or the e-mail change's).
 */
export async function changeOwnProfile(
  caller: Caller,
  fields: { first_name?: string; last_name?: string; phone_number?: string | null },
  files: UploadedFile[],
) {
  const file = files.find((f) => f.field === 'image');
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (!file && Object.keys(changes).length === 0) throw fieldErrors({ image: ['REQUIRED'] });
  const images = await storeImages(
    { entity: 'USER', uuid: caller.user.uuid },
    `avatars/${caller.user.uuid}`,
    file ? [file] : [],
  );
  const key = images.keys.image ?? caller.user.image;
  const after: UserRecord = {
    ...caller.user,
    ...changes,
    image: key,
    updated: nowIso(),
    version: caller.user.version + 1,
  };
  const uuid = caller.user.uuid;
  try {
    await transactWrite([
      putVersioned(userItem(after), caller.user.version),
      // `updated` and perhaps the names moved: the user's listing entries follow.
      ...userListingWrites(caller.user, after, await membershipsOf(after)),
      auditWrite(
        config.tableName,
        caller,
        'UPDATE',
        { type: 'USER', uuid },
        diff(ownFields(caller.user), ownFields(after)),
      ),
      // The replaced avatar goes only once the new one is saved.
      ...images.writes([file ? caller.user.image : null]),
    ]);
  } catch (error) {
    await images.discard();
    throw error;
  }
  await images.finish();
  return { image: key ? await assetUrl(key) : null };
}
