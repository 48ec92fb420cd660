import type { Caller } from '../auth/caller';
import type { GroupRecord } from '../data/groups';
import { getItems } from '../data/list-index';
import type { ProjectRecord } from '../data/projects';
import type { Anchor } from '../data/reports';
import type { SocietyRecord } from '../data/societies';
import { keys } from '../data/table';
import { fieldErrors } from '../errors';
import { groupInScope, projectInScope, seesEverything, societyInScope } from '../scope';

/**
 * Targets of a module assignment (project_list, group_list, society_list) and the admin scope over them (portal §6,
 * admin-area §6): an admin names only targets it manages; it reads an item that touches its scope (with the targets
 * outside it left out of the answer) and changes one only when every target is its own.
 */
export interface TargetLists {
  project_list: string[];
  group_list: string[];
  society_list: string[];
}

/**
 * Checks every target against the caller's write scope and resolves where each lies (400 FORMAT_NOT_ALLOWED on the
 * list naming one that does not exist or is not the caller's: the same answer for both, nothing leaks).
 */
export async function resolveTargets(
  caller: Caller,
  lists: TargetLists,
): Promise<{ anchors: Anchor[]; projects: string[] }> {
  const unique = (ids: string[]) => [...new Set(ids)];
  const projectIds = unique(lists.project_list);
  const groupIds = unique(lists.group_list);
  const societyIds = unique(lists.society_list);
  const found = await getItems<Record<string, unknown> & { uuid: string }>([
    ...projectIds.map((u) => keys.project(u)),
    ...groupIds.map((u) => keys.group(u)),
    ...societyIds.map((u) => keys.society(u)),
  ]);
  const byUuid = new Map(found.map((item) => [item.uuid, item]));
  const errors: Record<string, string[]> = {};
  const anchors: Anchor[] = [];
  for (const p of projectIds) {
    const project = byUuid.get(p) as ProjectRecord | undefined;
    if (!project || !('project_name' in project) || !projectInScope(caller, p))
      errors.project_list = ['FORMAT_NOT_ALLOWED'];
    else anchors.push({ p });
  }
  for (const g of groupIds) {
    const group = byUuid.get(g) as GroupRecord | undefined;
    if (!group || !('group_name' in group) || !groupInScope(caller, group)) errors.group_list = ['FORMAT_NOT_ALLOWED'];
    else anchors.push({ p: group.project_uuid, g });
  }
  for (const s of societyIds) {
    const society = byUuid.get(s) as SocietyRecord | undefined;
    if (!society || !('society_business_name' in society) || !societyInScope(caller, society)) {
      errors.society_list = ['FORMAT_NOT_ALLOWED'];
    } else anchors.push({ p: society.project_uuid, g: society.group_uuid, s });
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return { anchors, projects: [...new Set(anchors.map((a) => a.p))] };
}

/** May the admin see this target (and so the item, and this target in the answer)? */
export function anchorReadable(caller: Caller, anchor: Anchor): boolean {
  if (seesEverything(caller)) return true;
  const { project_uuids, group_uuids } = caller.user;
  if (caller.role === 'PROJECT_ADMIN') return project_uuids.includes(anchor.p);
  if (caller.role === 'GROUP_ADMIN') {
    return anchor.g ? group_uuids.includes(anchor.g) : project_uuids.includes(anchor.p);
  }
  return false;
}

/** May the admin change this target (and the item, when every target is)? */
export function anchorWritable(caller: Caller, anchor: Anchor): boolean {
  if (seesEverything(caller)) return true;
  if (caller.role === 'PROJECT_ADMIN') return caller.user.project_uuids.includes(anchor.p);
  if (caller.role === 'GROUP_ADMIN') return Boolean(anchor.g && caller.user.group_uuids.includes(anchor.g));
  return false;
}

export const readable = (caller: Caller, anchors: readonly Anchor[]) => anchors.some((a) => anchorReadable(caller, a));
export const writable = (caller: Caller, anchors: readonly Anchor[]) =>
  anchors.length > 0 && anchors.every((a) => anchorWritable(caller, a));

/** The ids of the targets the caller may see, per list (the answer never names another tenant's). */
export function readableTargets(caller: Caller, anchors: readonly Anchor[]): TargetLists {
  const shown = anchors.filter((a) => anchorReadable(caller, a));
  return {
    project_list: shown.filter((a) => !a.g).map((a) => a.p),
    group_list: shown.filter((a) => a.g && !a.s).map((a) => a.g as string),
    society_list: shown.filter((a) => a.s).map((a) => a.s as string),
  };
}

/** The keys of the names a view shows (projects, groups, societies), to read with the rows in one BatchGet. */
export function nameKeys(lists: TargetLists) {
  return [
    ...lists.project_list.map((u) => keys.project(u)),
    ...lists.group_list.map((u) => keys.group(u)),
    ...lists.society_list.map((u) => keys.society(u)),
  ];
}

/** The display name of a project, group or society item. */
export function nameOf(item: Record<string, unknown> | undefined): string {
  if (!item) return '';
  return String(item.project_name ?? item.group_name ?? item.society_business_name ?? '');
}
