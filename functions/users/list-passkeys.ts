import { listPasskeys } from '../../shared/contracts/passkeys';
import { listUserPasskeys } from '../lib/data/passkeys';
import { httpHandler } from '../lib/http/http-handler';
import { passkeyAnswer } from './passkey-answer';

/** GET api/v1/users/passkeys/: the caller's own passkeys, newest first. */
export const handler = httpHandler(listPasskeys, async ({ caller }) => {
  const passkeys = await listUserPasskeys(caller.user.uuid);
  passkeys.sort((a, b) => b.created.localeCompare(a.created));
  return { items: passkeys.map(passkeyAnswer) };
});
