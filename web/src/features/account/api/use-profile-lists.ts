import { listMyGroups } from '@shared/contracts/groups';
import { listMyProjects } from '@shared/contracts/projects';
import { listSocietiesForUsers } from '@shared/contracts/societies';
import type { Role } from '@shared/roles';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

export interface NamedList {
  items: Array<{ uuid: string; name: string }>;
  /** How many exist (more than items when the list is cut at one page). */
  total: number;
}

export type ProfileListKind = 'projects' | 'groups' | 'societies';

/** Portal §6: the profile loads projects only for SUPER_ADMIN, groups also for PROJECT_ADMIN, societies also for GROUP_ADMIN. */
export function profileListsFor(role: Role): ProfileListKind[] {
  if (role === 'SUPER_ADMIN') return ['projects', 'groups', 'societies'];
  if (role === 'PROJECT_ADMIN') return ['groups', 'societies'];
  if (role === 'GROUP_ADMIN') return ['societies'];
  return [];
}

const PAGE = 100;

async function load(kind: ProfileListKind, signal: AbortSignal): Promise<NamedList> {
  if (kind === 'projects') {
    const projects = await api(listMyProjects, { signal });
    return { items: projects.map((p) => ({ uuid: p.uuid, name: p.project_name })), total: projects.length };
  }
  if (kind === 'groups') {
    const groups = await api(listMyGroups, { signal });
    return { items: groups.map((g) => ({ uuid: g.uuid, name: g.group_name })), total: groups.length };
  }
  const page = await api(listSocietiesForUsers, { query: { limit: PAGE }, signal });
  return {
    items: page.results.map((s) => ({ uuid: s.uuid, name: s.society_business_name })),
    total: page.count,
  };
}

/** The lists of the profile page for a role; a list that fails to load stays empty (spec: load failures are silent). */
export function useProfileLists(role: Role | undefined) {
  const [lists, setLists] = useState<Partial<Record<ProfileListKind, NamedList | null>>>({});
  useEffect(() => {
    if (!role) return;
    const controller = new AbortController();
    const kinds = profileListsFor(role);
    setLists(Object.fromEntries(kinds.map((kind) => [kind, null])));
    for (const kind of kinds) {
      load(kind, controller.signal).then(
        (list) => {
          if (!controller.signal.aborted) setLists((current) => ({ ...current, [kind]: list }));
        },
        () => {
          if (!controller.signal.aborted) setLists((current) => ({ ...current, [kind]: { items: [], total: 0 } }));
        },
      );
    }
    return () => controller.abort();
  }, [role]);
  return lists;
}
