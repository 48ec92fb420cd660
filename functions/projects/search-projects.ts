import { searchProjects } from '../../shared/contracts/projects';
import { listPage, readIndex } from '../lib/data/list-index';
import type { ProjectRecord } from '../lib/data/projects';
import { keys } from '../lib/data/table';
import { httpHandler } from '../lib/http/http-handler';
import { projectListRow } from './projects';

/** GET api/v1/projects/search/: projects whose name or client contains the text, by name. */
export const handler = httpHandler(searchProjects, async ({ query }) => {
  const { count, items } = await listPage<ProjectRecord>(
    await readIndex('gsi3', 'PROJECTS'),
    { ...query, ordering: { field: 'name_sort', descending: false } },
    keys.project,
  );
  return { count, results: items.map(projectListRow) };
});
