import { listMyProjects } from '../../shared/contracts/projects';
import { getItems } from '../lib/data/list-index';
import { type ProjectRecord, readProjectEntries } from '../lib/data/projects';
import { keys } from '../lib/data/table';
import { httpHandler } from '../lib/http/http-handler';
import { seesEverything } from '../lib/scope';

/** GET api/v1/projects/user/project/: the caller's projects; every project for SUPER_ADMIN (from the listing). */
export const handler = httpHandler(listMyProjects, async ({ caller }) => {
  const projects = seesEverything(caller)
    ? (await readProjectEntries()).map((e) => ({ uuid: e.id, project_name: e.value.n, enable: e.value.e }))
    : (await getItems<ProjectRecord>(caller.user.project_uuids.map((uuid) => keys.project(uuid)))).map(
        ({ uuid, project_name, enable }) => ({ uuid, project_name, enable }),
      );
  return projects.sort((a, b) => a.project_name.localeCompare(b.project_name, 'es'));
});
