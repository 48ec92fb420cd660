import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import type { societyCreateSchema, societyPatchSchema } from '../../shared/contracts/societies';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import { auditWrite, diff, editAction, sentFields } from '../lib/data/audit';
import { societyHoldsNoDocuments } from '../lib/data/folders';
import { getGroup } from '../lib/data/groups';
import { getItems } from '../lib/data/list-index';
import {
  claimRutWrites,
  getSocietyWithPhone,
  releaseRutWrites,
  type SocietyRecord,
  societyItem,
  societyListingWrites,
  societyOfRut,
} from '../lib/data/societies';
import { keys, nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import type { TxWrite } from '../lib/data/tx-write';
import { addMembershipWrites, linkWrites, removeMembershipWrites, unlinkWrites } from '../lib/data/user-listing';
import type { UserRecord } from '../lib/data/user-record';
import { loadMembers, personRef } from '../lib/data/users';
import { bumpCounter, deleteWhen, putNew, putVersioned } from '../lib/data/writes';
import { conflict, fieldErrors, notFound } from '../lib/errors';
import { groupInScope, seesEverything, societyInScope } from '../lib/scope';
import { reachedBy } from '../lib/user-reach';

import { type SocietyView, societyViews } from './society-lists';

/**
 * The rules of societies (admin-area §3 to §6): a RUT unique within its project (several firms may serve one company),
 * a group in the caller's scope (which decides the project), users (USER_SOCIETY) of that project, counters on group,
 * project and industry, audit.
 */
type CreateInput = z.output<typeof societyCreateSchema>;
type PatchInput = z.output<typeof societyPatchSchema>;

const societyTarget = (society: SocietyRecord) => ({
  field: 'society_uuids' as const,
  uuid: society.uuid,
  project_uuid: society.project_uuid,
  group_uuid: society.group_uuid,
});
const rutTaken = () => conflict('RUT_TAKEN');
const badField = (field: string) => () => fieldErrors({ [field]: ['FORMAT_NOT_ALLOWED'] });

export async function requireSociety(caller: Caller, uuid: string): Promise<SocietyRecord> {
  return (await requireSocietyWithPhone(caller, uuid)).record;
}

async function requireSocietyWithPhone(caller: Caller, uuid: string) {
  const found = await getSocietyWithPhone(uuid);
  if (!found || !societyInScope(caller, found.record)) throw notFound();
  return found;
}

/** The group a form names, if the caller may place societies in it (else the same 400 whether or not it exists). */
async function groupForSociety(caller: Caller, groupUuid: string, projectUuid: string | undefined) {
  const group = await getGroup(groupUuid);
  if (!group || !groupInScope(caller, group)) throw badField('group')();
  if (projectUuid && projectUuid !== group.project_uuid) throw badField('group')();
  return group;
}

async function oneView(society: SocietyRecord): Promise<SocietyView> {
  return (await societyViews([society]))[0] as SocietyView;
}

type Parents = Pick<SocietyRecord, 'group_uuid' | 'project_uuid' | 'industry_uuid'>;

/**
 * Counter updates for a society leaving `from` and joining `to` (either may be absent): one write per parent with a
 * net change, since a transaction may touch an item only once (a move within a project leaves the project alone).
 */
function recount(from: Parents | undefined, to: Parents | undefined): TxWrite[] {
  const deltas = new Map<string, { key: { pk: string; sk: string }; field: string; by: number }>();
  const add = (parents: Parents | undefined, by: number) => {
    if (!parents) return;
    for (const [field, key] of [
      ['group', keys.group(parents.group_uuid)],
      ['project', keys.project(parents.project_uuid)],
      ['industry_type', keys.industry(parents.industry_uuid)],
    ] as const) {
      const entry = deltas.get(key.pk + key.sk) ?? { key, field, by: 0 };
      entry.by += by;
      deltas.set(key.pk + key.sk, entry);
    }
  };
  add(from, -1);
  add(to, 1);
  return [...deltas.values()]
    .filter((d) => d.by !== 0)
    .map((d) => ({
      ...bumpCounter(d.key, 'society_quantity', d.by),
      ...(d.field !== 'project' && { onConditionFail: badField(d.field) }),
    }));
}

export async function createSociety(caller: Caller, input: CreateInput) {
  const group = await groupForSociety(caller, input.group, input.project);
  const users = await loadMembers('user', input.user ?? [], {
    role: 'USER_SOCIETY',
    projectUuid: group.project_uuid,
    reaches: reachedBy(caller),
  });
  const now = nowIso();
  const society: SocietyRecord = {
    uuid: randomUUID(),
    society_business_name: input.society_business_name,
    society_rut: input.society_rut ?? null,
    business_line: input.business_line,
    company_code: input.company_code,
    industry_uuid: input.industry_type,
    society_email: input.society_email,
    currency: input.currency,
    group_uuid: group.uuid,
    project_uuid: group.project_uuid,
    user: users.map((u) => u.uuid),
    society_contact_name: input.society_contact_name,
    society_phone_number: input.society_phone_number,
    society_address: input.society_address ?? null,
    society_contact_email: input.society_contact_email ?? null,
    tax_module: input.tax_module,
    enable: input.enable ?? true,
    created: now,
    updated: now,
    version: 1,
  };
  await transactWrite([
    putNew(societyItem(society)),
    ...societyListingWrites(undefined, society),
    ...(await claimRutWrites(society, rutTaken)),
    ...recount(undefined, society),
    ...(await addMembershipWrites(users, societyTarget(society))),
    auditWrite(config.tableName, caller, 'CREATE', { type: 'SOCIETY', uuid: society.uuid }, diff({}, { ...society })),
  ]);
  return oneView(society);
}

export async function patchSociety(
  caller: Caller,
  uuid: string,
  input: PatchInput,
  taxModule: 'True' | 'False' | undefined,
) {
  const before = await requireSociety(caller, uuid);
  if (input.version !== undefined && input.version !== before.version) throw conflict('DATA_CONFLICT');
  const { version: _v, group: groupInput, project: projectInput, industry_type, user, ...fields } = input;
  const moving = groupInput !== undefined && groupInput !== before.group_uuid;
  const group = moving ? await groupForSociety(caller, groupInput, projectInput) : undefined;
  if (!moving && projectInput !== undefined && projectInput !== before.project_uuid) throw badField('group')();
  const projectUuid = group?.project_uuid ?? before.project_uuid;
  // Users already on the society stay assignable; a new one must be someone the caller manages.
  const users = user
    ? await loadMembers('user', user, {
        role: 'USER_SOCIETY',
        projectUuid,
        reaches: reachedBy(caller),
        kept: before.user,
      })
    : undefined;
  const after: SocietyRecord = {
    ...before,
    ...(sentFields(fields) as Partial<SocietyRecord>),
    ...(taxModule && { tax_module: taxModule }),
    ...(industry_type && { industry_uuid: industry_type }),
    ...(group && { group_uuid: group.uuid, project_uuid: group.project_uuid }),
    ...(users && { user: users.map((u) => u.uuid) }),
    updated: nowIso(),
    version: before.version + 1,
  };
  // A society that leaves the project keeps no user of the old one.
  if (after.project_uuid !== before.project_uuid && !users && after.user.length > 0) throw badField('user')();
  const { updated: _u, version: _ver, ...comparable } = after;
  const changes = diff(before as unknown as Record<string, unknown>, comparable);
  const writes: TxWrite[] = [putVersioned(societyItem(after), before.version), ...societyListingWrites(before, after)];
  // A RUT changed, or taken to another project (a move), is released where it was and claimed where it goes.
  if (before.society_rut !== after.society_rut || before.project_uuid !== after.project_uuid) {
    writes.push(...(await releaseRutWrites(before)), ...(await claimRutWrites(after, rutTaken)));
  }
  writes.push(...recount(before, after));
  // Portal §8: a society holding documents keeps its group; checked inside this same transaction.
  if (moving) writes.push(societyHoldsNoDocuments(uuid, () => conflict('GROUP_CHANGE_CONFLICT')));
  const added = after.user.filter((u) => !before.user.includes(u));
  const removed = before.user.filter((u) => !after.user.includes(u));
  const staying = group ? after.user.filter((u) => before.user.includes(u)) : [];
  const [removedUsers, stayingUsers] = await Promise.all([
    getItems<UserRecord>(removed.map((r) => keys.user(r))),
    getItems<UserRecord>(staying.map((r) => keys.user(r))),
  ]);
  writes.push(
    ...(await addMembershipWrites(users?.filter((u) => added.includes(u.uuid)) ?? [], societyTarget(after))),
    ...removeMembershipWrites(removedUsers, societyTarget(before)),
    // After a move, the users who stay are listed under the new group.
    ...stayingUsers.flatMap((u) => [...unlinkWrites(u, societyTarget(before)), ...linkWrites(u, societyTarget(after))]),
    auditWrite(config.tableName, caller, editAction(changes), { type: 'SOCIETY', uuid }, changes),
  );
  await transactWrite(writes);
  return oneView(after);
}

/**
 * Refused while users are attached (409 SOCIETY_HAS_USERS), so no user keeps a society that is gone, and while its
 * folders hold documents (409 SOCIETY_HAS_DOCUMENTS), so no stored file is left without the society that owns it.
 */
export async function deleteSociety(caller: Caller, uuid: string) {
  const society = await requireSociety(caller, uuid);
  await transactWrite([
    deleteWhen(
      keys.society(uuid),
      {
        expression: 'size(#user) = :zero AND version = :version',
        names: { '#user': 'user' },
        values: { ':zero': 0, ':version': society.version },
      },
      () => conflict('SOCIETY_HAS_USERS'),
    ),
    societyHoldsNoDocuments(uuid, () => conflict('SOCIETY_HAS_DOCUMENTS')),
    ...societyListingWrites(society, undefined),
    ...(await releaseRutWrites(society)),
    ...recount(society, undefined),
    auditWrite(config.tableName, caller, 'DELETE', { type: 'SOCIETY', uuid }, diff({ ...society }, {})),
  ]);
  return { detail: 'ok' };
}

/**
 * Whether a RUT is free where the caller would place a society: in the group's project (a group out of scope answers
 * 404, as one that does not exist), else in each of the caller's projects. A SUPER_ADMIN, who sees every firm, names
 * the group.
 */
export async function rutAvailable(caller: Caller, rut: string, groupUuid: string | undefined) {
  let projects: string[];
  if (groupUuid) {
    const group = await getGroup(groupUuid);
    if (!group || !groupInScope(caller, group)) throw notFound();
    projects = [group.project_uuid];
  } else if (seesEverything(caller)) throw fieldErrors({ group: ['REQUIRED'] });
  else projects = caller.user.project_uuids;
  const holders = await Promise.all(projects.map((project) => societyOfRut(project, rut)));
  return { available: holders.every((holder) => !holder) };
}

export async function getSocietyDetail(caller: Caller, uuid: string) {
  return detailOf(await requireSociety(caller, uuid));
}

/** The detail PDF's society: its detail, and its phone as shown (stored with it, so the PDF needs no phone parser). */
export async function getSocietySheet(caller: Caller, uuid: string) {
  const { record, phoneDisplay } = await requireSocietyWithPhone(caller, uuid);
  return { ...(await detailOf(record)), phoneDisplay };
}

async function detailOf(society: SocietyRecord) {
  const [view, users] = await Promise.all([
    oneView(society),
    getItems<UserRecord>(society.user.map((u) => keys.user(u))),
  ]);
  return { ...view, user_list: users.map(personRef) };
}
