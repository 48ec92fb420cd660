import { listMyProjects } from '../../shared/contracts/projects';
import { getItems, readIndex } from '../lib/data/list-index';
import type { ProjectRecord } from '../lib/data/projects';
import { keys } from '../lib/data/table';
import { httpHandler } from '../lib/http/http-handler';
import { seesEverything } from '../lib/scope';

/** GET api/v1/projects/user/project/: the caller's projects; every project for SUPER_ADMIN. */
export const handler = httpHandler(listMyProjects, async ({ caller }) => {
  const uuids = seesEverything(caller)
    ? (await readIndex('gsi3', 'PROJECTS')).map((e) => e.uuid)
    : caller.user.project_uuids;
  const projects = await getItems<ProjectRecord>(uuids.map((uuid) => keys.project(uuid)));
  return projects
    .map(({ uuid, project_name, enable }) => ({ uuid, project_name, enable }))
    .sort((a, b) => a.project_name.localeCompare(b.project_name, 'es'));
});
