import { createProject as contract } from '../../shared/contracts/projects';
import { httpHandler } from '../lib/http/http-handler';
import { createProject } from './projects';

/** POST api/v1/projects/project/ (JSON or multipart with logo, icon, image). */
export const handler = httpHandler(contract, ({ caller, body, files }) => createProject(caller, body, files));
