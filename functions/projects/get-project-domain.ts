import { getProjectDomain } from '../../shared/contracts/projects';
import { domainReport } from '../lib/edge/domains';
import { httpHandler } from '../lib/http/http-handler';
import { requireProject } from './projects';

/** GET api/v1/projects/project/{uuid}/domain/: the firm's DNS records and the domain's status, fresh from the edge. */
export const handler = httpHandler(getProjectDomain, async ({ params }) => {
  const project = await requireProject(params.uuid);
  return domainReport(project.uuid, project.custom_portal_url);
});
