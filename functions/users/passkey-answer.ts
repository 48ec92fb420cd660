import type { PasskeyRecord } from '../lib/data/passkeys';

/** A passkey as the person sees it: never its key or credential id. */
export const passkeyAnswer = (passkey: PasskeyRecord) => ({
  uuid: passkey.passkey_uuid,
  name: passkey.name,
  host: passkey.rp_id,
  created: passkey.created,
  last_used: passkey.last_used ?? null,
});
