import { getItems, type Ordering, pageEntries, rowsWithinBudget } from '../lib/data/list-index';
import { type ProjectEntry, type ProjectRecord, readProjectEntries } from '../lib/data/projects';
import { keys } from '../lib/data/table';

/** The projects table (SUPER_ADMIN's list and search, admin-area §3): its rows and its pages. */
/** A row of the projects table. */
export function projectListRow(project: ProjectRecord) {
  return {
    uuid: project.uuid,
    project_name: project.project_name,
    client_name: project.client_name,
    admin_quantity: project.admin.length,
    groups: project.groups,
    created: project.created,
    enable: project.enable,
    primary_color: project.primary_color,
  };
}

/** A page of every project (SUPER_ADMIN's list and search): the listing in one call, the page's projects in one. */
export async function pageProjects(
  query: { search?: string; offset: number; limit: number },
  ordering: Ordering<ProjectEntry>,
) {
  const { count, page } = pageEntries(await readProjectEntries(), { ...query, text: (v) => v.s, ordering });
  const rows = (slice: Array<{ id: string }>) =>
    getItems<ProjectRecord>(slice.map((e) => keys.project(e.id))).then((items) => items.map(projectListRow));
  return { count, results: await rowsWithinBudget(page, rows) };
}
