import { randomUUID } from 'node:crypto';
import { seal } from '../functions/lib/auth/second-factor-key';
import { activateFactor, putPendingFactor, putTrustedDevice } from '../functions/lib/data/second-factors';
import { epochSeconds } from '../functions/lib/data/table';

/**
 * Enrols a demo (or test) account with a known TOTP secret and gives it a known trusted device for a year: what the
 * person would have done at its first sign-in, written through the data layer with the portal's own key.
 */
export async function enrolWithKnownSecret(userUuid: string, secret: string, trustedDevice: string): Promise<void> {
  const factorId = randomUUID();
  await putPendingFactor(userUuid, factorId, await seal(secret, `second-factor:${userUuid}`));
  await activateFactor(userUuid, factorId, 0, []);
  await putTrustedDevice(userUuid, trustedDevice, factorId, epochSeconds() + 365 * 86_400);
}
