import { deletePasskey } from '../../shared/contracts/passkeys';
import { deletePasskey as removePasskey } from '../lib/data/passkeys';
import { writeSessionEvent } from '../lib/data/user-logs';
import { ApiError } from '../lib/errors';
import { requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';

/** DELETE api/v1/users/passkeys/passkey/{uuid}/: one of the caller's own passkeys; anyone else's is not found. */
export const handler = httpHandler(deletePasskey, async ({ caller, params, event }) => {
  if (!(await removePasskey(caller.user.uuid, params.uuid))) throw new ApiError(404, 'NOT_FOUND');
  await writeSessionEvent({ userUuid: caller.user.uuid }, 'PASSKEY_REMOVED', requestOrigin(event), params.uuid);
  return { detail: 'ok' };
});
