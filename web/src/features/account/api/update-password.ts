import type { BodyInputOf } from '@shared/contracts/define';
import { updatePassword } from '@shared/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH api/v1/users/password/update/: the signed-in user's new password. */
export const patchPassword = (body: BodyInputOf<typeof updatePassword> | FormData) => api(updatePassword, { body });

/**
 * Its state (isPending, error) is the form's. A change ends every session, this one too, so nothing is read again
 * after it (`invalidates: false`): a reload would meet SESSION_ENDED and sign out with the wrong notice before the
 * form's own sign-out says the password changed.
 */
export const useUpdatePassword = () => useMutation({ mutationFn: patchPassword, meta: { invalidates: false } });
