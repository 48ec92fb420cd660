import { getProject } from '@shared/contracts/projects';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { TargetKind, Targets } from '@/features/users/lib/users-logic';
import { fetchMyGroups } from '@/lib/api/list-my-groups';
import { fetchSocietiesForUsers } from '@/lib/api/list-societies-for-users';
import { api } from '@/lib/api-client';

/**
 * The portal URLs an invitation's links will lead to ("when that domain is not set up the link is dead; say
 * so in the invitation form"), for a SUPER_ADMIN, who belongs to no project: the projects of the chosen targets (a
 * project itself, or the projects of the chosen groups or societies, named by `uuids=`), then each project's
 * custom_portal_url (GET api/v1/projects/project/{uuid}/). Undefined while nothing is chosen or it loads.
 */
export function useTargetPortals(kind: TargetKind, targets: Targets, enabled: boolean): string[] | undefined {
  const chosen = kind ? targets[kind] : [];
  const parents = useQuery({
    queryKey: ['invitationTargetProjects', kind, chosen],
    enabled: enabled && chosen.length > 0 && kind !== 'project',
    queryFn: async ({ signal }) => {
      const query = { uuids: chosen.join(','), limit: chosen.length, offset: 0 };
      const page = kind === 'group' ? await fetchMyGroups(query, signal) : await fetchSocietiesForUsers(query, signal);
      return page.results.map((item) => item.project);
    },
  });
  const projectUuids = kind === 'project' ? chosen : (parents.data ?? []);
  const unique = [...new Set(projectUuids)];
  const projects = useQueries({
    queries: unique.map((uuid) => ({
      queryKey: [getProject.id, uuid],
      enabled,
      queryFn: ({ signal }: { signal: AbortSignal }) => api(getProject, { params: { uuid }, signal }),
    })),
  });
  if (!enabled || unique.length === 0 || projects.some((p) => !p.data)) return undefined;
  return [...new Set(projects.map((p) => p.data?.custom_portal_url ?? ''))];
}
