import type { Role } from '@shared/roles';
import { useSyncExternalStore } from 'react';
import { type SelectionKind, storedSelection } from '@/components/admin/stored-selection';
import type { UserInfo } from './session';
import { writeLocal } from './storage';

/**
 * The home's per-role selection (portal §2 Home): PROJECT_ADMIN picks among its projects, GROUP_ADMIN and
 * USER_GROUP among their groups, USER_SOCIETY among its societies (SUPER_ADMIN has none). The stored uuid is used
 * when it is still one of the profile's, else the first; it is kept in local storage under the same keys as
 * storedSelection, so the report and accounting lists of the sidebar read the same choice. Every change is announced
 * to this page's subscribers (useSelection re-renders them).
 */
export const SELECTION_KIND_OF_ROLE: Record<Role, SelectionKind | null> = {
  SUPER_ADMIN: null,
  PROJECT_ADMIN: 'project',
  GROUP_ADMIN: 'group',
  USER_GROUP: 'group',
  USER_SOCIETY: 'society',
};

export interface SelectionItem {
  uuid: string;
  name: string;
}

export function selectionItems(kind: SelectionKind, profile: UserInfo): SelectionItem[] {
  switch (kind) {
    case 'project':
      return profile.projects.map((p) => ({ uuid: p.uuid, name: String(p.project_name) }));
    case 'group':
      return profile.groups.map((g) => ({ uuid: g.uuid, name: String(g.group_name) }));
    case 'society':
      return profile.societies.map((s) => ({ uuid: s.uuid, name: String(s.society_business_name) }));
  }
}

/** Pages whose content depends on the selection: changing it there goes back to /home (portal §2 Home). */
export function returnsHomeOnSelectionChange(pathname: string): boolean {
  return /^\/(reportView|accounting)\//.test(pathname);
}

const listeners = new Set<() => void>();
let version = 0;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Stores a new selection and tells every subscriber of this page. */
export function chooseSelection(kind: SelectionKind, uuid: string): void {
  writeLocal(kind, uuid);
  version += 1;
  for (const listener of listeners) listener();
}

export interface Selection {
  kind: SelectionKind | null;
  items: SelectionItem[];
  /** '' when the role has no selection or the profile has no item of its kind. */
  selected: string;
}

/** The caller's selection, re-read whenever chooseSelection runs. */
export function useSelection(profile: UserInfo | null): Selection {
  useSyncExternalStore(subscribe, () => version);
  const kind = profile ? SELECTION_KIND_OF_ROLE[profile.profile.user_role] : null;
  if (!profile || !kind) return { kind: null, items: [], selected: '' };
  return { kind, items: selectionItems(kind, profile), selected: storedSelection(kind, profile) };
}
