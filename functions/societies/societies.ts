import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { societyCreateSchema, societyPatchSchema } from '../../shared/contracts/societies';
import { config } from '../lib/config';
import { auditWrite, diff, editAction, sentFields } from '../lib/data/audit';
import { type GroupRecord, getGroup } from '../lib/data/groups';
import { getItems, listPage, readIndex } from '../lib/data/list-index';
import type { ProjectRecord } from '../lib/data/projects';
import { getSociety, type IndustryRecord, rutKey, type SocietyRecord, societyItem } from '../lib/data/societies';
import { keys, nowIso } from '../lib/data/table';
import { type TxWrite, transactWrite } from '../lib/data/transact';
import {
  addMembershipWrites,
  linkItem,
  loadMembers,
  personRef,
  removeMembershipWrites,
  type UserRecord,
} from '../lib/data/users';
import { bumpCounter, deleteKey, putNew, putVersioned } from '../lib/data/writes';
import { conflict, fieldErrors, notFound } from '../lib/errors';
import type { Caller } from '../lib/http/types';
import { defaultPartitions, groupInScope, projectInScope, societyInScope } from '../lib/scope';

/**
 * The rules of societies (admin-area §3 to §6): a RUT unique across the portal, a group in the caller's scope (which
 * decides the project), users (USER_SOCIETY) of that project, counters on group, project and industry, audit.
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
  const society = await getSociety(uuid);
  if (!society || !societyInScope(caller, society)) throw notFound();
  return society;
}

/** The group a form names, if the caller may place societies in it (else the same 400 whether or not it exists). */
async function groupForSociety(caller: Caller, groupUuid: string, projectUuid: string | undefined) {
  const group = await getGroup(groupUuid);
  if (!group || !groupInScope(caller, group)) throw badField('group')();
  if (projectUuid && projectUuid !== group.project_uuid) throw badField('group')();
  return group;
}

export async function societyViews(societies: SocietyRecord[]) {
  const unique = <T>(values: T[]) => [...new Set(values)];
  const [groups, projects, industries] = await Promise.all([
    getItems<GroupRecord>(unique(societies.map((s) => s.group_uuid)).map((g) => keys.group(g))),
    getItems<ProjectRecord>(unique(societies.map((s) => s.project_uuid)).map((p) => keys.project(p))),
    getItems<IndustryRecord>(unique(societies.map((s) => s.industry_uuid)).map((i) => keys.industry(i))),
  ]);
  const group = new Map(groups.map((g) => [g.uuid, g.group_name]));
  const project = new Map(projects.map((p) => [p.uuid, p.project_name]));
  const industry = new Map(industries.map((i) => [i.uuid, i.industry]));
  return societies.map(({ group_uuid, project_uuid, industry_uuid, ...rest }) => ({
    ...rest,
    group: { uuid: group_uuid, group_name: group.get(group_uuid) ?? '' },
    project: { uuid: project_uuid, project_name: project.get(project_uuid) ?? '' },
    industry_type: industry.has(industry_uuid)
      ? { uuid: industry_uuid, industry: industry.get(industry_uuid) as string }
      : null,
  }));
}

export type SocietyView = Awaited<ReturnType<typeof societyViews>>[number];

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
    caller,
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
    ...(society.society_rut ? [putNew({ ...rutKey(society.society_rut), owner_uuid: society.uuid }, rutTaken)] : []),
    ...recount(undefined, society),
    ...addMembershipWrites(users, societyTarget(society)),
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
  // Users already on the society stay assignable; a new one must be someone the caller manages (issue 8).
  const users = user
    ? await loadMembers('user', user, { role: 'USER_SOCIETY', projectUuid, caller, kept: before.user })
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
  const writes: TxWrite[] = [putVersioned(societyItem(after), before.version)];
  if (before.society_rut !== after.society_rut) {
    if (before.society_rut) writes.push(deleteKey(rutKey(before.society_rut)));
    if (after.society_rut) writes.push(putNew({ ...rutKey(after.society_rut), owner_uuid: uuid }, rutTaken));
  }
  writes.push(...recount(before, after));
  const added = after.user.filter((u) => !before.user.includes(u));
  const removed = before.user.filter((u) => !after.user.includes(u));
  const staying = group ? after.user.filter((u) => before.user.includes(u)) : [];
  const [removedUsers, stayingUsers] = await Promise.all([
    getItems<UserRecord>(removed.map((r) => keys.user(r))),
    getItems<UserRecord>(staying.map((r) => keys.user(r))),
  ]);
  writes.push(
    ...addMembershipWrites(users?.filter((u) => added.includes(u.uuid)) ?? [], societyTarget(after)),
    ...removeMembershipWrites(removedUsers, societyTarget(before)),
    // After a move, the users who stay are listed under the new group and project.
    ...stayingUsers.map((u) => ({
      write: { Put: { TableName: config.tableName, Item: linkItem(u, societyTarget(after)) } },
    })),
    auditWrite(config.tableName, caller, editAction(changes), { type: 'SOCIETY', uuid }, changes),
  );
  await transactWrite(writes);
  return oneView(after);
}

/** Refused while users are attached (409 SOCIETY_HAS_USERS), so no user keeps a society that is gone. */
export async function deleteSociety(caller: Caller, uuid: string) {
  const society = await requireSociety(caller, uuid);
  await transactWrite([
    {
      write: {
        Delete: {
          TableName: config.tableName,
          Key: keys.society(uuid),
          ConditionExpression: 'size(#user) = :zero AND version = :version',
          ExpressionAttributeNames: { '#user': 'user' },
          ExpressionAttributeValues: { ':zero': 0, ':version': society.version },
        },
      },
      onConditionFail: () => conflict('SOCIETY_HAS_USERS'),
    },
    ...(society.society_rut ? [deleteKey(rutKey(society.society_rut))] : []),
    ...recount(society, undefined),
    auditWrite(config.tableName, caller, 'DELETE', { type: 'SOCIETY', uuid }, diff({ ...society }, {})),
  ]);
  return { detail: 'ok' };
}

export async function getSocietyDetail(caller: Caller, uuid: string) {
  const society = await requireSociety(caller, uuid);
  const [view, users] = await Promise.all([
    oneView(society),
    getItems<UserRecord>(society.user.map((u) => keys.user(u))),
  ]);
  return { ...view, user_list: users.map(personRef) };
}

/**
 * The listing entries of the societies a caller may list: of one group, of one project, or by default of its scope
 * (every society for SUPER_ADMIN, its projects' for PROJECT_ADMIN, its groups' for GROUP_ADMIN). 404 outside scope.
 */
export async function societyEntriesInScope(caller: Caller, filter: { project?: string; group?: string }) {
  if (filter.group) {
    const group = await getGroup(filter.group);
    if (!group || !groupInScope(caller, group)) throw notFound();
    if (filter.project && filter.project !== group.project_uuid) return [];
    return readIndex('gsi2', `GROUP#${group.uuid}#SOCIETIES`);
  }
  if (filter.project) {
    if (projectInScope(caller, filter.project)) return readIndex('gsi1', `PROJECT#${filter.project}#SOCIETIES`);
    // A group admin filtering by its own project sees its groups' societies there.
    const partitions = defaultPartitions(caller);
    if (partitions === 'all' || partitions.groups.length === 0) throw notFound();
    const groups = await getItems<GroupRecord>(partitions.groups.map((g) => keys.group(g)));
    const inProject = groups.filter((g) => g.project_uuid === filter.project);
    if (inProject.length === 0) throw notFound();
    return (await Promise.all(inProject.map((g) => readIndex('gsi2', `GROUP#${g.uuid}#SOCIETIES`)))).flat();
  }
  const partitions = defaultPartitions(caller);
  if (partitions === 'all') return readIndex('gsi3', 'SOCIETIES');
  const lists = await Promise.all([
    ...partitions.projects.map((p) => readIndex('gsi1', `PROJECT#${p}#SOCIETIES`)),
    ...partitions.groups.map((g) => readIndex('gsi2', `GROUP#${g}#SOCIETIES`)),
  ]);
  return lists.flat();
}

/** A page of the societies list (and of its search twin): in scope, by project and group, searched by name or RUT. */
export async function pageSocieties(
  caller: Caller,
  query: { project?: string; group?: string; search?: string; societySearch?: string; offset: number; limit: number },
) {
  const { count, items } = await listPage<SocietyRecord>(
    await societyEntriesInScope(caller, query),
    { ...query, search: query.search ?? query.societySearch, ordering: { field: 'updated', descending: true } },
    keys.society,
  );
  return { count, results: await societyViews(items) };
}
