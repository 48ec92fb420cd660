import { deleteProject as contract } from '../../shared/contracts/projects';
import { httpHandler } from '../lib/http/http-handler';
import { deleteProject } from './projects';

/** DELETE api/v1/projects/project/{uuid}/: refused (409 PROJECT_NOT_EMPTY) while it holds groups. */
export const handler = httpHandler(contract, ({ caller, params }) => deleteProject(caller, params.uuid));
