import { postPasskeyRegistrationOptions } from '../../shared/contracts/passkeys';
import { registrationOptions } from '../lib/auth/passkeys';
import { portalAdmits } from '../lib/auth/portal-admits';
import { listUserPasskeys } from '../lib/data/passkeys';
import { getProjectByPortalUrl } from '../lib/data/projects';
import { ApiError } from '../lib/errors';
import { portalOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';

/**
 * POST api/v1/users/passkeys/registration/options/: the options for the caller's browser to create a passkey for this
 * portal, named after its firm (the device lists it so). Only on a portal the caller may sign in on (403).
 */
export const handler = httpHandler(postPasskeyRegistrationOptions, async ({ caller, event }) => {
  const portal = portalOrigin(event);
  if (!portal || !(await portalAdmits(portal, caller.user))) throw new ApiError(403, 'PASSKEY_PORTAL');
  const [project, existing] = await Promise.all([getProjectByPortalUrl(portal), listUserPasskeys(caller.user.uuid)]);
  return { options: await registrationOptions(caller.user, portal, project?.project_name ?? 'Portal', existing) };
});
