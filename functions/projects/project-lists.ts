import { config } from '../lib/config';
import { getItems, type Ordering, pageEntries, rowsWithinBudget } from '../lib/data/list-index';
import {
  allProjects,
  PROJECT_ORDERS,
  type ProjectEntry,
  type ProjectRecord,
  readProjectEntries,
} from '../lib/data/projects';
import { getItemsCounted, readCountedPage } from '../lib/data/sorted-index';
import { type Directory, type Entry, keys } from '../lib/data/table';

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

/** Each list's order in the sorted index: the list by creation, newest first; its search twin by name. */
export const PROJECT_LIST_ORDERS = {
  list: { order: PROJECT_ORDERS.created, descending: true, ordering: { key: (v) => v.c, descending: true } },
  search: { order: PROJECT_ORDERS.name, descending: false, ordering: { key: (v) => v.k, descending: false } },
} satisfies Record<string, { order: string; descending: boolean; ordering: Ordering<ProjectEntry> }>;

/** The rows of a page's projects in one BatchGet, with the projects' count when the partition is given. */
async function projectRowsCounted(slice: Array<Entry<ProjectEntry>>, counted?: Directory) {
  const keyList = slice.map((e) => keys.project(e.id));
  const { items, count } = counted
    ? await getItemsCounted<ProjectRecord>(keyList, counted)
    : { items: await getItems<ProjectRecord>(keyList), count: undefined };
  return { rows: items.map(projectListRow), count };
}

/**
 * A page of every project (SUPER_ADMIN's list and search). Without search text it is a page of the sorted index (a cost
 * that does not grow with the number of firms); a search for text anywhere in the name or client reads the directory.
 */
export async function pageProjects(
  query: { search?: string; offset: number; limit: number },
  list: (typeof PROJECT_LIST_ORDERS)[keyof typeof PROJECT_LIST_ORDERS],
) {
  if (config.listIndexes && !query.search) {
    const { offset, limit } = query;
    return readCountedPage(
      allProjects(),
      list.order,
      { offset, limit, descending: list.descending },
      projectRowsCounted,
    );
  }
  const { count, page } = pageEntries(await readProjectEntries(), {
    ...query,
    text: (v) => v.s,
    ordering: list.ordering,
  });
  return { count, results: await rowsWithinBudget(page, async (slice) => (await projectRowsCounted(slice)).rows) };
}
