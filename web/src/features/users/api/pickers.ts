import { listMyGroups } from '@shared/contracts/groups';
import { listMyProjects } from '@shared/contracts/projects';
import { listSocietiesForUsers } from '@shared/contracts/societies';
import { PICKER_LIMIT, type SelectionOption } from '@/components/admin';
import { api } from '@/lib/api-client';

/**
 * Options of the users screens' filters and pickers (admin-area §6, §7): the caller's projects (every project for
 * SUPER_ADMIN), groups (of a project when given) and societies (of a project and group when given), in scope.
 */
export async function projectOptions(signal: AbortSignal): Promise<SelectionOption[]> {
  const projects = await api(listMyProjects, { signal });
  return projects.map((p) => ({ value: p.uuid, label: p.project_name }));
}

export async function groupOptions(project: string, signal: AbortSignal): Promise<SelectionOption[]> {
  const groups = await api(listMyGroups, { query: project ? { project } : {}, signal });
  return groups.map((g) => ({ value: g.uuid, label: g.group_name }));
}

export async function societyOptions(
  filter: { project?: string; group?: string },
  signal: AbortSignal,
): Promise<SelectionOption[]> {
  const page = await api(listSocietiesForUsers, {
    query: {
      limit: PICKER_LIMIT,
      ...(filter.project && { project: filter.project }),
      ...(filter.group && { group: filter.group }),
    },
    signal,
  });
  return page.results.map((s) => ({
    value: s.uuid,
    label: s.society_rut ? `${s.society_business_name} (${s.society_rut})` : s.society_business_name,
  }));
}
