import type { ResponseOf } from '@shared/contracts/define';
import type { listMyGroups } from '@shared/contracts/groups';
import type { listMyProjects } from '@shared/contracts/projects';
import type { listSocietiesForUsers } from '@shared/contracts/societies';
import type { Role } from '@shared/roles';
import { useQueries } from '@tanstack/react-query';
import { myGroupsQueryOptions } from '@/lib/api/list-my-groups';
import { myProjectsQueryOptions } from '@/lib/api/list-my-projects';
import { societiesForUsersQueryOptions } from '@/lib/api/list-societies-for-users';

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

const EMPTY: NamedList = { items: [], total: 0 };

function listQuery(kind: ProfileListKind) {
  if (kind === 'projects') {
    return {
      ...myProjectsQueryOptions({ limit: PAGE }),
      select: (projects: ResponseOf<typeof listMyProjects>): NamedList => ({
        items: projects.results.map((p) => ({ uuid: p.uuid, name: p.project_name })),
        total: projects.count,
      }),
    };
  }
  if (kind === 'groups') {
    return {
      ...myGroupsQueryOptions({ limit: PAGE }),
      select: (groups: ResponseOf<typeof listMyGroups>): NamedList => ({
        items: groups.results.map((g) => ({ uuid: g.uuid, name: g.group_name })),
        total: groups.count,
      }),
    };
  }
  return {
    ...societiesForUsersQueryOptions({ limit: PAGE }),
    select: (page: ResponseOf<typeof listSocietiesForUsers>): NamedList => ({
      items: page.results.map((s) => ({ uuid: s.uuid, name: s.society_business_name })),
      total: page.count,
    }),
  };
}

/**
 * The lists of the profile page for a role: null while loading; a list that fails to load stays empty (spec: load
 * failures are silent).
 */
export function useProfileLists(role: Role | undefined): Partial<Record<ProfileListKind, NamedList | null>> {
  const kinds = role ? profileListsFor(role) : [];
  const results = useQueries({ queries: kinds.map((kind) => listQuery(kind) as ReturnType<typeof listQuery>) });
  return Object.fromEntries(
    kinds.map((kind, index) => {
      const result = results[index];
      return [kind, result?.isError ? EMPTY : ((result?.data as NamedList | undefined) ?? null)];
    }),
  );
}
