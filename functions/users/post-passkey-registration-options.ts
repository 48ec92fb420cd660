import { postPasskeyRegistrationOptions } from '../../shared/contracts/passkeys';
import { registrationOptions } from '../lib/auth/passkeys';
import { portalAdmits } from '../lib/auth/portal-admits';
import { listUserPasskeys } from '../lib/data/passkeys';
import { getProjectByPortalUrl } from '../lib/data/projects';
import { ApiError } from '../lib/errors';
import { portalOrigin, requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { confirmCurrentPassword } from './password';

/**
 * POST api/v1/users/passkeys/registration/options/: the options for the caller's browser to create a passkey for this
 * portal, named after its firm (the device lists it so). Only on a portal the caller may sign in on (403), and with the
 * current password (a passkey outlives the session and a password change: a stolen session must not make one).
 */
export const handler = httpHandler(postPasskeyRegistrationOptions, async ({ caller, body, event }) => {
  const portal = portalOrigin(event);
  if (!portal || !(await portalAdmits(portal, caller.user))) throw new ApiError(403, 'PASSKEY_PORTAL');
  await confirmCurrentPassword(caller, body.current_password, requestOrigin(event), 'PASSKEY_REGISTRATION_REFUSED');
  const [project, existing] = await Promise.all([getProjectByPortalUrl(portal), listUserPasskeys(caller.user.uuid)]);
  return { options: await registrationOptions(caller.user, portal, project?.project_name ?? 'Portal', existing) };
});
