import type { z } from 'zod/mini';
import type { generateInvitation } from '../../shared/contracts/registration';
import type { Caller } from '../lib/auth/caller';
import { type GroupRecord, getGroup } from '../lib/data/groups';
import { getProject, type ProjectRecord } from '../lib/data/projects';
import { getSociety, type SocietyRecord } from '../lib/data/societies';
import type { MembershipTarget } from '../lib/data/user-record';
import { fieldErrors } from '../lib/errors';
import { groupInScope, projectInScope, societyInScope } from '../lib/scope';

/** The targets of an invitation (admin-area §3, §6): which memberships each invited role receives, in scope. */
export type InvitationInput = z.output<NonNullable<typeof generateInvitation.body>>;

const required = (field: string) => fieldErrors({ [field]: ['REQUIRED'] });
const notAllowed = (field: string) => fieldErrors({ [field]: ['FORMAT_NOT_ALLOWED'] });

/** One project for all targets: an invitation makes a user of one project. */
function oneProject(field: string, projects: string[]): string {
  const unique = [...new Set(projects)];
  if (unique.length !== 1) throw notAllowed(field);
  return unique[0] as string;
}

/** How targets are read: straight from the table, or through a cache when one request makes many invitations. */
export interface EntityLoaders {
  project: (uuid: string) => Promise<ProjectRecord | undefined>;
  group: (uuid: string) => Promise<GroupRecord | undefined>;
  society: (uuid: string) => Promise<SocietyRecord | undefined>;
}

export const loadersDirect: EntityLoaders = { project: getProject, group: getGroup, society: getSociety };

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

/**
 * The memberships an invitation gives, checked against the caller's scope (targets outside it answer the same 400 as
 * targets that do not exist): PROJECT_ADMIN one project; GROUP_ADMIN and USER_GROUP groups; USER_SOCIETY societies.
 */
export async function resolveTargets(
  caller: Caller,
  input: Pick<InvitationInput, 'user_role' | 'project' | 'group' | 'society'>,
  load: EntityLoaders = loadersDirect,
): Promise<{ project: ProjectRecord | null; targets: MembershipTarget[]; label?: string }> {
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
    return {
      project,
      targets: [{ field: 'project_uuids', uuid: project.uuid, project_uuid: project.uuid }],
      label: project.project_name,
    };
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
      label: groups.map((g) => g.group_name).join(', '),
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
    label: societies.map((s) => s.society_business_name).join(', '),
  };
}
