import { postSecondFactorEnrolment } from '../../shared/contracts/second-factor';
import { startEnrolment } from '../lib/auth/second-factor';
import { getProjectByPortalUrl } from '../lib/data/projects';
import { getChallenge } from '../lib/data/second-factors';
import { getUser } from '../lib/data/users';
import { ApiError } from '../lib/errors';
import { portalOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';

const expired = () => new ApiError(401, 'SECOND_FACTOR_EXPIRED');

/**
 * POST api/v1/token/second-factor/enrolment/: for a sign-in whose firm (or role) makes the second factor mandatory
 * and that has none yet, a new secret and its otpauth:// URI, named after the firm of the portal (the app lists it
 * so). Pending until its first code is sent to postSecondFactor; asked again for the same challenge, the same secret.
 */
export const handler = httpHandler(postSecondFactorEnrolment, async ({ body, event }) => {
  const portal = portalOrigin(event);
  const challenge = await getChallenge(body.challenge);
  if (challenge?.step !== 'ENROL' || challenge.portal !== portal) throw expired();
  const [user, project] = await Promise.all([
    getUser(challenge.user_uuid),
    portal ? getProjectByPortalUrl(portal) : undefined,
  ]);
  const enrolment = user?.enable
    ? await startEnrolment(user, project?.project_name ?? 'Portal', body.challenge)
    : undefined;
  if (!enrolment) throw expired();
  return enrolment;
});
