import { deletePasskey } from '../../shared/contracts/passkeys';
import { deletePasskey as removePasskey } from '../lib/data/passkeys';
import { ApiError } from '../lib/errors';
import { httpHandler } from '../lib/http/http-handler';

/** DELETE api/v1/users/passkeys/passkey/{uuid}/: one of the caller's own passkeys; anyone else's is not found. */
export const handler = httpHandler(deletePasskey, async ({ caller, params }) => {
  if (!(await removePasskey(caller.user.uuid, params.uuid))) throw new ApiError(404, 'NOT_FOUND');
  return { detail: 'ok' };
});
