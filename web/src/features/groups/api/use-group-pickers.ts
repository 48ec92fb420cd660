import { myProjectsPickerSource, useMyProjects as useMyProjectsQuery } from '@/lib/api/list-my-projects';

/** The caller's projects (every project for SUPER_ADMIN), for project selectors and filters. */
export function useMyProjects(enabled = true) {
  const { data, isFetching } = useMyProjectsQuery(enabled);
  return { projects: data ?? [], loading: isFetching };
}

/** The project picker and filter: searched and paged on the server, the selected one named by uuid. */
export const projectPickerSource = (enabled = true) => myProjectsPickerSource(enabled);
