import { listProjects } from '../../shared/contracts/projects';
import { listPage, readIndex } from '../lib/data/list-index';
import type { ProjectRecord } from '../lib/data/projects';
import { keys } from '../lib/data/table';
import { httpHandler } from '../lib/http/http-handler';
import { projectListRow } from './projects';

/** GET api/v1/projects/project/: every project, newest first, searched by name or client. */
export const handler = httpHandler(listProjects, async ({ query }) => {
  const { count, items } = await listPage<ProjectRecord>(
    await readIndex('gsi3', 'PROJECTS'),
    { ...query, ordering: { field: 'created', descending: true } },
    keys.project,
  );
  return { count, results: items.map(projectListRow) };
});
