import type { BodyInputOf } from '@shared/contracts/define';
import { postPasskeyRegistration, postPasskeyRegistrationOptions } from '@shared/contracts/passkeys';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The device refused or the person cancelled: no request reached the API with it. */
export class PasskeyCancelled extends Error {}

/**
 * A new passkey: POST api/v1/users/passkeys/registration/options/ with the current password, the device's own prompt
 * (SimpleWebAuthn, loaded only now), then POST api/v1/users/passkeys/registration/ with the name the person gave it.
 */
export async function registerPasskey({ name, current_password }: { name: string; current_password: string }) {
  const { options } = await api(postPasskeyRegistrationOptions, { body: { current_password } });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  }).catch((failure: unknown) => {
    throw new PasskeyCancelled(String(failure));
  });
  // The browser's JSON as the contract reads it (its types name fewer fields than the wire may carry).
  const sent = response as unknown as BodyInputOf<typeof postPasskeyRegistration>['response'];
  return api(postPasskeyRegistration, { body: { name, response: sent } });
}

export const useRegisterPasskey = () => useMutation({ mutationFn: registerPasskey });
