import type { Role } from '../../../shared/roles';
import type { Anchor } from '../data/reports';

/**
 * THE visibility rule of module assignments (portal §6 "Report and accounting visibility per user is set by four
 * flags"), written once for reports and accounting assignments: an item is shown to a caller for its
 * selection when it is enabled, its flag for the caller's role is on, one of its targets covers the selection, and
 * no reference hides it from this user (reports only).
 *
 * Every match requires the target's project to be the selection's, so a society moved to another project since the
 * item was saved no longer matches.
 */
export interface Selection {
  project: string;
  group?: string;
  society?: string;
}

export interface Visible {
  /** enable */
  e: boolean;
  /** Flags: project admin, group admin, user group, user society. */
  f: readonly [boolean, boolean, boolean, boolean];
  a: readonly Anchor[];
}

const FLAG_OF_ROLE: Partial<Record<Role, 0 | 1 | 2 | 3>> = {
  PROJECT_ADMIN: 0,
  GROUP_ADMIN: 1,
  USER_GROUP: 2,
  USER_SOCIETY: 3,
};

/**
 * Does one target cover the selection? A project target covers everything in its project, a group target the group
 * and its societies, a society target that society; a selection of a project (PROJECT_ADMIN) is covered by any target
 * in it, one of a group (GROUP_ADMIN, USER_GROUP) also by the targets of its societies. The admin lists' project ›
 * group › society filters use the same rule.
 */
export function coversSelection(anchor: Anchor, selection: Selection): boolean {
  if (anchor.p !== selection.project) return false;
  if (anchor.g && selection.group && anchor.g !== selection.group) return false;
  if (anchor.s && selection.society && anchor.s !== selection.society) return false;
  return true;
}

export const targetsSelection = (anchors: readonly Anchor[], selection: Selection) =>
  anchors.some((a) => coversSelection(a, selection));

export function isVisible(
  item: Visible,
  role: Role,
  selection: Selection,
  hidden: ReadonlySet<string> = new Set(),
  id = '',
): boolean {
  const flag = FLAG_OF_ROLE[role];
  if (flag === undefined) return false;
  if (!item.e || !item.f[flag] || hidden.has(id)) return false;
  return targetsSelection(item.a, selection);
}

/** Where a member was found: a project's, a group's or a society's users directory (the society's group known). */
export interface MemberPlace {
  project: string;
  group?: string;
  society?: string;
}

/** A group or society the place does not tell: covered by a project target only. */
const ELSEWHERE = '-';

/**
 * Does an item reach a member found at this place, enabled or not (the screen of report references lists whom a
 * report reaches, hidden or not)? The member's selection goes through the one rule above: a PROJECT_ADMIN
 * selects its project; anyone else found in a project's list only is somewhere in it, which a project target covers.
 */
export function reachesMember(item: Omit<Visible, 'e'>, role: Role, place: MemberPlace): boolean {
  const selection: Selection =
    role === 'PROJECT_ADMIN'
      ? { project: place.project }
      : {
          project: place.project,
          group: place.group ?? ELSEWHERE,
          ...(role === 'USER_SOCIETY' && { society: place.society ?? ELSEWHERE }),
        };
  return isVisible({ ...item, e: true }, role, selection);
}
