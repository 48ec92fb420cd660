import { endSessions } from '../lib/auth/access';
import type { Caller } from '../lib/auth/caller';
import { setPassword } from '../lib/auth/identities';
import { CredentialsRefused, revokeRefresh, signIn } from '../lib/auth/sessions';
import { clearThrottle, lockIfFull, takeSlot } from '../lib/data/throttle';
import { type RequestOrigin, writeSessionEvent } from '../lib/data/user-logs';
import { ApiError, fieldErrors } from '../lib/errors';

/** Whether the password is the user's current one; a right check's tokens are revoked at once. */
async function isCurrentPassword(uuid: string, password: string): Promise<boolean> {
  try {
    const { refresh } = await signIn(uuid, password);
    await revokeRefresh(refresh);
    return true;
  } catch (error) {
    if (error instanceof CredentialsRefused) return false;
    throw error;
  }
}

/**
 * The caller's current password, asked again before a change that outlives the session (a new password, a passkey):
 * a wrong one counts against the sign-in lock like a failed sign-in (else this would be a way to guess without it),
 * is logged with `refused`, and answers 400 current_password WRONG_PASSWORD.
 */
export async function confirmCurrentPassword(
  caller: Caller,
  password: string,
  origin: RequestOrigin,
  refused: 'PASSWORD_CHANGE_REFUSED' | 'PASSKEY_REGISTRATION_REFUSED',
): Promise<void> {
  const { uuid, email } = caller.user;
  const attempts = await takeSlot('LOGIN', email);
  if (!(await isCurrentPassword(uuid, password))) {
    await Promise.all([
      lockIfFull('LOGIN', email, attempts),
      writeSessionEvent({ userUuid: uuid }, refused, origin, 'WRONG_PASSWORD'),
    ]);
    throw fieldErrors({ current_password: ['WRONG_PASSWORD'] });
  }
  await clearThrottle('LOGIN', email);
}

/**
 * PATCH api/v1/users/password/update/: the current password is required, and a wrong one counts against the
 * sign-in lock of the address like a failed sign-in (else this call would be a way to guess without the lock). The
 * change ends every session of the user, this one included: the client signs in again with the new password.
 */
export async function changePassword(
  caller: Caller,
  input: { current_password: string; password: string },
  origin: RequestOrigin,
) {
  const { uuid } = caller.user;
  await confirmCurrentPassword(caller, input.current_password, origin, 'PASSWORD_CHANGE_REFUSED');
  if (input.password === input.current_password) throw new ApiError(400, 'PASSWORD_EXISTS');
  await setPassword(uuid, input.password);
  await Promise.all([endSessions(uuid), writeSessionEvent({ userUuid: uuid }, 'PASSWORD_CHANGE', origin)]);
  return { detail: 'ok' };
}
