import { myGroupsPickerSource, useMyGroups as useMyGroupsQuery } from '@/lib/api/list-my-groups';
import { myProjectsPickerSource, useMyProjects as useMyProjectsQuery } from '@/lib/api/list-my-projects';
import { useIndustries as useIndustriesQuery } from './list-industries';

/** The caller's projects (all for SUPER_ADMIN); nothing when `enabled` is false. */
export function useMyProjects(enabled: boolean) {
  const { data, isFetching } = useMyProjectsQuery(enabled);
  return { projects: data ?? [], loading: isFetching };
}

/** The caller's groups, of one project when given; nothing when `enabled` is false. */
export function useMyGroups(project: string, enabled = true) {
  const { data, isFetching } = useMyGroupsQuery(project ? { project } : {}, enabled);
  return { groups: data ?? [], loading: isFetching };
}

/** The project and group pickers and filters: searched and paged on the server, selected ones by uuid. */
export const projectPickerSource = (enabled: boolean) => myProjectsPickerSource(enabled);
export const groupPickerSource = (project: string, enabled: boolean) => myGroupsPickerSource(project, enabled);

/** Industries in their order; the first is the default (admin-area §3). */
export function useIndustries() {
  const { data, isFetching, refetch } = useIndustriesQuery();
  return { industries: data ?? [], loading: isFetching, reload: () => void refetch() };
}
