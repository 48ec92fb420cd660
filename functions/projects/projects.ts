import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import { DEFAULT_COLOR } from '../../shared/contracts/fields';
import type { projectCreateSchema, projectPatchSchema } from '../../shared/contracts/projects';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { config } from '../lib/config';
import { auditWrite, diff, editAction, sentFields } from '../lib/data/audit';
import { type Cleanup, cleanupId, cleanupWrite, REQUEST_GRACE_MS, settleCleanup } from '../lib/data/cleanups';
import { detachMembers } from '../lib/data/detach';
import { groupsOfProject, readGroupEntries } from '../lib/data/groups';
import { getItems } from '../lib/data/list-index';
import {
  getProjectWithPhone,
  type ProjectRecord,
  portalUrlKey,
  projectAdminKey,
  projectItem,
  projectListingWrites,
  projectNameKey,
} from '../lib/data/projects';
import { keys, normalizePortalUrl, nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import type { TxWrite } from '../lib/data/tx-write';
import { addMembershipWrites, readUserEntries, removeMembershipWrites, usersOfProject } from '../lib/data/user-listing';
import type { UserRecord } from '../lib/data/user-record';
import { loadMembers, personRef } from '../lib/data/users';
import { deleteKey, deleteWhen, putNew, putVersioned } from '../lib/data/writes';
import { conflict, fieldErrors, notFound } from '../lib/errors';
import { assetUrl, deleteAsset } from '../lib/files';
import { storeImages } from '../lib/image-writes';
import type { UploadedFile } from '../lib/uploaded-file';
import { provisionFirmDomain } from './firm-domain';

/**
 * The rules of projects (admin-area §3 to §6), in one place: uniqueness of name, portal URL and admin (markers in the
 * same transaction), versions, counters, files replaced only when sent, audit of every change.
 */
type CreateInput = z.output<typeof projectCreateSchema>;
type PatchInput = z.output<typeof projectPatchSchema>;

const TABLE = () => config.tableName;
const put = putNew;
const remove = deleteKey;

const projectTarget = (uuid: string) => ({ field: 'project_uuids' as const, uuid, project_uuid: uuid });
const nameTaken = () => conflict('PROJECT_NAME_TAKEN');
const urlTaken = () => fieldErrors({ custom_portal_url: ['URL_EXISTS'] });
const adminTaken = () => conflict('ADMIN_ERROR');

const nameMarker = (p: ProjectRecord) => ({ ...projectNameKey(p.project_name), owner_uuid: p.uuid });
const urlMarker = (p: ProjectRecord) =>
  p.custom_portal_url ? [{ ...portalUrlKey(p.custom_portal_url), owner_uuid: p.uuid }] : [];

/** A project as the API shows it: file keys become short-lived URLs. */
export async function projectView(project: ProjectRecord) {
  const [logo, icon, image] = await Promise.all([
    assetUrl(project.logo),
    assetUrl(project.icon),
    assetUrl(project.image),
  ]);
  return { ...project, logo, icon, image, admin_quantity: project.admin.length };
}

/** Stores the sent images under a clean-up marker (image-writes.ts); their keys by field. */
async function storeFiles(projectUuid: string, files: UploadedFile[]) {
  const images = await storeImages({ entity: 'PROJECT', uuid: projectUuid }, `projects/${projectUuid}`, files);
  return { images, stored: images.keys as Partial<Record<'logo' | 'icon' | 'image', string>> };
}

export async function createProject(caller: Caller, input: CreateInput, files: UploadedFile[]) {
  const uuid = randomUUID();
  const admins = await loadMembers('admin', input.admin ?? [], { role: 'PROJECT_ADMIN' });
  const { images, stored } = await storeFiles(uuid, files);
  const now = nowIso();
  const project: ProjectRecord = {
    uuid,
    project_name: input.project_name,
    client_name: input.client_name,
    associated_service_description: input.associated_service_description,
    service_description: input.service_description,
    admin: admins.map((a) => a.uuid),
    meta_title: input.meta_title ?? 'default',
    meta_content: input.meta_content ?? 'default',
    url_own_site: input.url_own_site ?? null,
    custom_portal_url: input.custom_portal_url ? normalizePortalUrl(input.custom_portal_url) : null,
    header_title: input.header_title ?? null,
    subtitle: input.subtitle ?? null,
    footer_disclaimer: input.footer_disclaimer ?? null,
    contact_email: input.contact_email ?? null,
    contact_phone: input.contact_phone ?? null,
    primary_color: input.primary_color ?? DEFAULT_COLOR,
    secondary_color: input.secondary_color ?? DEFAULT_COLOR,
    logo: stored.logo ?? null,
    icon: stored.icon ?? null,
    image: stored.image ?? null,
    enable: input.enable ?? true,
    created: now,
    updated: now,
    version: 1,
    groups: 0,
    society_quantity: 0,
    mfa_policy: input.mfa_policy ?? 'NONE',
    microsoft_tenant: input.microsoft_tenant ?? '',
    microsoft_second_factor: input.microsoft_second_factor ?? false,
  };
  try {
    await transactWrite([
      put(projectItem(project)),
      ...projectListingWrites(project),
      put(nameMarker(project), nameTaken),
      ...urlMarker(project).map((marker) => put(marker, urlTaken)),
      ...project.admin.map((admin) => put({ ...projectAdminKey(admin), owner_uuid: uuid }, adminTaken)),
      ...(await addMembershipWrites(admins, projectTarget(uuid))),
      auditWrite(TABLE(), caller, 'CREATE', { type: 'PROJECT', uuid }, diff({}, { ...project })),
      ...images.writes([]),
    ]);
  } catch (error) {
    await images.discard();
    throw error;
  }
  // The saved URL is the domain's desired state; the edge and mail follow it (the domain screen finishes a stop here).
  if (project.custom_portal_url) await provisionFirmDomain(uuid, project.custom_portal_url);
  return projectView(project);
}

async function requireProject(uuid: string): Promise<ProjectRecord> {
  return (await requireProjectWithPhone(uuid)).record;
}

async function requireProjectWithPhone(uuid: string) {
  const found = await getProjectWithPhone(uuid);
  if (!found) throw notFound();
  return found;
}

export async function patchProject(caller: Caller, uuid: string, input: PatchInput, files: UploadedFile[]) {
  const before = await requireProject(uuid);
  if (input.version !== undefined && input.version !== before.version) throw conflict('DATA_CONFLICT');
  const { version: _version, admin: adminInput, ...fields } = input;
  const admins = adminInput ? await loadMembers('admin', adminInput, { role: 'PROJECT_ADMIN' }) : undefined;
  const { images, stored } = await storeFiles(uuid, files);

  const after: ProjectRecord = {
    ...before,
    ...(sentFields(fields) as Partial<ProjectRecord>),
    ...stored,
    // '' clears it (its marker and the firm's domain at the edge go with it).
    ...(fields.custom_portal_url !== undefined && {
      custom_portal_url: fields.custom_portal_url ? normalizePortalUrl(fields.custom_portal_url) : null,
    }),
    ...(admins && { admin: admins.map((a) => a.uuid) }),
    updated: nowIso(),
    version: before.version + 1,
  };
  const { updated: _u, version: _v, ...comparable } = after;
  const changes = diff(before as unknown as Record<string, unknown>, comparable);
  const writes: TxWrite[] = [putVersioned(projectItem(after), before.version), ...projectListingWrites(after)];
  if (normalizeForMarker(before.project_name) !== normalizeForMarker(after.project_name)) {
    writes.push(remove(projectNameKey(before.project_name)), put(nameMarker(after), nameTaken));
  }
  if (before.custom_portal_url !== after.custom_portal_url) {
    if (before.custom_portal_url) writes.push(remove(portalUrlKey(before.custom_portal_url)));
    writes.push(...urlMarker(after).map((marker) => put(marker, urlTaken)));
  }
  const added = after.admin.filter((a) => !before.admin.includes(a));
  const removed = before.admin.filter((a) => !after.admin.includes(a));
  const removedUsers = await getItems<UserRecord>(removed.map((r) => keys.user(r)));
  writes.push(
    ...added.map((admin) => put({ ...projectAdminKey(admin), owner_uuid: uuid }, adminTaken)),
    ...removed.map((admin) => remove(projectAdminKey(admin))),
    ...(await addMembershipWrites(admins?.filter((a) => added.includes(a.uuid)) ?? [], projectTarget(uuid))),
    ...removeMembershipWrites(removedUsers, projectTarget(uuid)),
  );
  writes.push(auditWrite(TABLE(), caller, editAction(changes), { type: 'PROJECT', uuid }, changes));
  // Replaced files go only once the new ones are saved.
  writes.push(...images.writes((['logo', 'icon', 'image'] as const).filter((f) => stored[f]).map((f) => before[f])));
  try {
    await transactWrite(writes);
  } catch (error) {
    await images.discard();
    throw error;
  }
  await images.finish();
  if (before.custom_portal_url !== after.custom_portal_url) await provisionFirmDomain(uuid, after.custom_portal_url);
  return projectView(after);
}

const normalizeForMarker = (name: string) => projectNameKey(name).pk;

/**
 * Refused while the project holds groups: deleting is not a cascade (documented in docs/data-model.md). Its admins and
 * plain members (a project membership without group) are detached first, in batches (detachMembers), so any number of
 * them works; then the emptied project goes in one transaction.
 */
export async function deleteProject(caller: Caller, uuid: string) {
  const project = await requireProject(uuid);
  const { entries: members } = await readUserEntries([usersOfProject(uuid)]);
  const notEmpty = { expression: '#groups = :zero', names: { '#groups': 'groups' }, values: { ':zero': 0 } };
  const lastVersion = await detachMembers({
    key: keys.project(uuid),
    lists: ['admin'],
    target: projectTarget(uuid),
    others: members.map((e) => e.id),
    guard: notEmpty,
    refusal: (p) => (p.groups === 0 ? undefined : conflict('PROJECT_NOT_EMPTY')),
    perMember: (member) => (project.admin.includes(member) ? [remove(projectAdminKey(member))] : []),
  });
  // Its images go after it, named by a marker in its last transaction (the sweeper finishes what the request cannot).
  const images = [project.logo, project.icon, project.image].filter((key): key is string => Boolean(key));
  const cleanup: Cleanup = {
    id: cleanupId('PROJECT', uuid, 'DELETE'),
    due: nowMs() + REQUEST_GRACE_MS,
    objects: images.map((key) => ({ bucket: 'assets' as const, key })),
  };
  await transactWrite([
    deleteWhen(
      keys.project(uuid),
      {
        expression: '#groups = :zero AND version = :version',
        names: { '#groups': 'groups' },
        values: { ':zero': 0, ':version': lastVersion },
      },
      () => conflict('PROJECT_NOT_EMPTY'),
    ),
    ...projectListingWrites(project, true),
    remove(projectNameKey(project.project_name)),
    ...(project.custom_portal_url ? [remove(portalUrlKey(project.custom_portal_url))] : []),
    auditWrite(TABLE(), caller, 'DELETE', { type: 'PROJECT', uuid }, diff({ ...project }, {})),
    ...(images.length > 0 ? [cleanupWrite(cleanup)] : []),
  ]);
  if (images.length > 0) await settleCleanup(cleanup, () => Promise.all(images.map(deleteAsset)));
  // Its tenant is disabled (its domain stops serving; CloudFront deletes only a deployed disabled tenant, later) and
  // its mail identity removed.
  if (project.custom_portal_url) await provisionFirmDomain(uuid, null);
  return { detail: 'ok' };
}

export async function getProjectDetail(uuid: string) {
  const project = await requireProject(uuid);
  const [view, lists] = await Promise.all([projectView(project), listsOf(project)]);
  return { ...view, ...lists };
}

/**
 * The detail PDF's project: the record with its groups and admins, and its contact phone as shown (stored with it, so
 * the PDF needs no phone parser). No image URLs: the PDF shows no image, and signing them brought the S3 signer in.
 */
export async function getProjectSheet(uuid: string) {
  const { record, phoneDisplay } = await requireProjectWithPhone(uuid);
  return { ...record, ...(await listsOf(record)), phoneDisplay };
}

async function listsOf(project: ProjectRecord) {
  const [{ entries: groups }, admins] = await Promise.all([
    readGroupEntries([groupsOfProject(project.uuid)]),
    getItems<UserRecord>(project.admin.map((a) => keys.user(a))),
  ]);
  return {
    group_list: groups
      .sort((a, b) => a.value.s.localeCompare(b.value.s))
      .map((g) => ({ uuid: g.id, group_name: g.value.n, enable: g.value.e })),
    admin_list: admins.map(personRef),
  };
}

export { requireProject };
