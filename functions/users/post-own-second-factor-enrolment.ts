import { postOwnSecondFactorEnrolment } from '../../shared/contracts/second-factor';
import { startEnrolment } from '../lib/auth/second-factor';
import { getProjectByPortalUrl } from '../lib/data/projects';
import { ApiError } from '../lib/errors';
import { portalOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';

/**
 * POST api/v1/users/second-factor/enrolment/: the caller turns its second factor on from its profile even where no
 * firm asks for it: a new secret and its otpauth:// URI, named after the firm of the portal, pending until its first
 * code (postOwnSecondFactor). 409 when one is active already.
 */
export const handler = httpHandler(postOwnSecondFactorEnrolment, async ({ caller, event }) => {
  const portal = portalOrigin(event);
  const project = portal ? await getProjectByPortalUrl(portal) : undefined;
  const enrolment = await startEnrolment(caller.user, project?.project_name ?? 'Portal');
  if (!enrolment) throw new ApiError(409, 'SECOND_FACTOR_ACTIVE');
  return enrolment;
});
