import { getProject } from '../../shared/contracts/projects';
import { httpHandler } from '../lib/http/http-handler';
import { getProjectDetail } from './projects';

/** GET api/v1/projects/project/{uuid}/: the project with its groups and admins. */
export const handler = httpHandler(getProject, ({ params }) => getProjectDetail(params.uuid));
