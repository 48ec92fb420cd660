import { getProjectDomain } from '../../shared/contracts/projects';
import { httpHandler } from '../lib/http/http-handler';
import { firmDomainReport } from './firm-domain';
import { requireProject } from './projects';

/**
 * GET api/v1/projects/project/{uuid}/domain/: the firm's DNS records and the status of its domain at the edge and of
 * its mail domain in SES, both read fresh.
 */
export const handler = httpHandler(getProjectDomain, async ({ params }) =>
  firmDomainReport(await requireProject(params.uuid)),
);
