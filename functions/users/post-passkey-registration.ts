import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { postPasskeyRegistration } from '../../shared/contracts/passkeys';
import { registerPasskey } from '../lib/auth/passkeys';
import { portalAdmits } from '../lib/auth/portal-admits';
import { writeSessionEvent } from '../lib/data/user-logs';
import { ApiError } from '../lib/errors';
import { portalOrigin, requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { passkeyAnswer } from './passkey-answer';

/**
 * POST api/v1/users/passkeys/registration/: keeps the passkey the caller's browser made for a challenge this caller
 * got on this portal (functions/lib/auth/passkeys.ts); 400 PASSKEY_REFUSED for anything that does not prove itself.
 */
export const handler = httpHandler(postPasskeyRegistration, async ({ caller, body, event }) => {
  const portal = portalOrigin(event);
  if (!portal || !(await portalAdmits(portal, caller.user))) throw new ApiError(403, 'PASSKEY_PORTAL');
  const response = { clientExtensionResults: {}, ...body.response } as RegistrationResponseJSON;
  const passkey = await registerPasskey(caller.user, portal, body.name, response);
  await writeSessionEvent({ userUuid: caller.user.uuid }, 'PASSKEY_ADDED', requestOrigin(event), passkey.rp_id);
  return passkeyAnswer(passkey);
});
