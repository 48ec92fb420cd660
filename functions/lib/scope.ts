import type { Caller } from './http/types';

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
export function defaultPartitions(caller: Caller): { projects: string[]; groups: string[] } | 'all' {
  if (seesEverything(caller)) return 'all';
  if (caller.role === 'PROJECT_ADMIN') return { projects: caller.user.project_uuids, groups: [] };
  if (caller.role === 'GROUP_ADMIN') return { projects: [], groups: caller.user.group_uuids };
  return { projects: [], groups: [] };
}
