import { patchProject as contract } from '../../shared/contracts/projects';
import { httpHandler } from '../lib/http/http-handler';
import { patchProject } from './projects';

/** PATCH api/v1/projects/project/{uuid}/: only the fields sent; {enable} toggles. */
export const handler = httpHandler(contract, ({ caller, params, body, files }) =>
  patchProject(caller, params.uuid, body, files),
);
