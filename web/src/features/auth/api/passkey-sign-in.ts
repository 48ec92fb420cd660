import type { BodyInputOf } from '@shared/contracts/define';
import { postPasskeySignIn, postPasskeySignInOptions } from '@shared/contracts/passkeys';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from '@/lib/api-client';
import { markSignedIn } from '@/lib/session';

/** The device refused or the person cancelled: nothing was sent to the API. */
export class PasskeyCancelled extends Error {}

/**
 * A usernameless passkey sign-in: POST api/v1/token/passkey/options/, the device's prompt (SimpleWebAuthn, loaded only
 * now: most sign-ins never need it), then POST api/v1/token/passkey/. The API sets the session's cookies as a password
 * sign-in does; a passkey is two factors, so no code follows.
 */
export async function signInWithPasskey(remember: boolean): Promise<void> {
  const { options } = await api(postPasskeySignInOptions, {});
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  }).catch((failure: unknown) => {
    throw new PasskeyCancelled(String(failure));
  });
  // The browser's JSON as the contract reads it (its types name fewer fields than the wire may carry).
  const sent = response as unknown as BodyInputOf<typeof postPasskeySignIn>['response'];
  await api(postPasskeySignIn, { body: { response: sent, remember } });
  markSignedIn(remember);
}
