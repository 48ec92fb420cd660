import { postPasskeySignInOptions } from '../../shared/contracts/passkeys';
import { signInOptions } from '../lib/auth/passkeys';
import { portalOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';

/**
 * POST api/v1/token/passkey/options/: the options for a usernameless passkey sign-in on this portal; its challenge is
 * kept 5 minutes for this portal and taken by the one answer that uses it.
 */
export const handler = httpHandler(postPasskeySignInOptions, async ({ event }) => ({
  options: await signInOptions(portalOrigin(event)),
}));
