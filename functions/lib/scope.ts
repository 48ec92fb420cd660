import type { Caller } from './auth/caller';
import type { Partitions } from './data/table';

/**
 * What an admin may see and change (admin-area §6), from the caller's record, never from the request:
 * SUPER_ADMIN everything; PROJECT_ADMIN its projects and all they hold; GROUP_ADMIN its groups and their societies.
 * Data functions ask these before answering; anything outside answers 404, as if it did not exist.
 */
export function seesEverything(caller: Caller): boolean {
  return caller.role === 'SUPER_ADMIN';
}

export function projectInScope(caller: Caller, projectUuid: string): boolean {
  if (seesEverything(caller)) return true;
  return caller.role === 'PROJECT_ADMIN' && caller.user.project_uuids.includes(projectUuid);
}

export function groupInScope(caller: Caller, group: { uuid: string; project_uuid: string }): boolean {
  if (projectInScope(caller, group.project_uuid)) return true;
  return caller.role === 'GROUP_ADMIN' && caller.user.group_uuids.includes(group.uuid);
}

export function societyInScope(caller: Caller, society: { group_uuid: string; project_uuid: string }): boolean {
  return groupInScope(caller, { uuid: society.group_uuid, project_uuid: society.project_uuid });
}

/** The listing partitions an admin's unfiltered list reads: its own projects' or groups'. */
export function defaultPartitions(caller: Caller): Partitions {
  if (seesEverything(caller)) return 'all';
  if (caller.role === 'PROJECT_ADMIN') return { projects: caller.user.project_uuids, groups: [] };
  if (caller.role === 'GROUP_ADMIN') return { projects: [], groups: caller.user.group_uuids };
  return { projects: [], groups: [] };
}

/**
 * The listing partitions of the people a caller may assign (the admin forms' pickers, data/people-pickers.ts):
 * SUPER_ADMIN everyone; a PROJECT_ADMIN the members of its projects (one project when the form names one); a
 * GROUP_ADMIN the members of its groups and of their societies, never a sibling group's: it brings new people in by
 * invitation. SUPER_ADMIN reads every user: the project admin picker also offers admins of no project yet.
 */
export function assignablePartitions(caller: Caller, project: string | undefined): Partitions {
  const own = defaultPartitions(caller);
  if (own === 'all' || project === undefined) return own;
  return { projects: own.projects.filter((p) => p === project), groups: own.groups };
}

/** One membership of a user: a project, a group, or a society (with the group and project it sits in). */
export interface MembershipRef {
  field: 'project_uuids' | 'group_uuids' | 'society_uuids';
  uuid: string;
  project_uuid: string;
  group_uuid?: string;
}

/**
 * Whether the caller may add or remove this membership (scope is the caller's, for every write). A
 * PROJECT_ADMIN manages the memberships of its projects; a GROUP_ADMIN those of its groups and their societies, never
 * a project membership (that comes with an invitation).
 */
export function membershipInScope(caller: Caller, membership: MembershipRef): boolean {
  if (seesEverything(caller)) return true;
  if (caller.role === 'PROJECT_ADMIN') return caller.user.project_uuids.includes(membership.project_uuid);
  if (caller.role !== 'GROUP_ADMIN') return false;
  if (membership.field === 'group_uuids') return caller.user.group_uuids.includes(membership.uuid);
  if (membership.field === 'society_uuids') return caller.user.group_uuids.includes(membership.group_uuid ?? '');
  return false;
}

/**
 * A user as one admin reaches it (a person several firms share is seen and changed per firm):
 * - `visible`: its memberships inside the caller's scope, the only ones the caller sees (names included) and changes;
 *   a GROUP_ADMIN also sees the project membership of a project where it sees one of the user's groups or societies;
 * - `projects`: the projects (firms) those lie in, whose per-firm fields (document access) the caller reads and writes;
 * - `firmsWhole`: the caller's scope covers every membership of the user inside those projects (a GROUP_ADMIN whose
 *   member also belongs to a sibling group does not decide for the whole firm);
 * - `whole`: the scope covers every membership of the user, so the account-wide fields (e-mail, enable, names...) and
 *   the account itself are the caller's to change; otherwise 403 ACTION_NOT_ALLOWED.
 */
export function userSides(caller: Caller, memberships: MembershipRef[]) {
  const reached = (m: MembershipRef) => seesEverything(caller) || membershipInScope(caller, m);
  const seen = (m: MembershipRef) =>
    reached(m) ||
    (caller.role === 'GROUP_ADMIN' &&
      m.field === 'project_uuids' &&
      memberships.some((o) => o.field !== 'project_uuids' && o.project_uuid === m.uuid && reached(o)));
  const visible = memberships.filter(seen);
  const projects = [...new Set(visible.map((m) => m.project_uuid))];
  return {
    visible,
    projects,
    firmsWhole: memberships.filter((m) => projects.includes(m.project_uuid)).every(seen),
    whole: visible.length === memberships.length,
  };
}
