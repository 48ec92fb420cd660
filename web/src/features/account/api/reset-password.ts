import type { BodyInputOf } from '@shared/contracts/define';
import { resetPassword } from '@shared/contracts/registration';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH api/v1/users/password/reset/: the new password of a reset link. */
export const patchPasswordReset = (body: BodyInputOf<typeof resetPassword> | FormData) => api(resetPassword, { body });

/**
 * Its state (isPending, error) is the form's. A guest's write changes no cached read, and refetching the link's check
 * after it is used would send the page to /expiredToken: nothing is invalidated.
 */
export const useResetPassword = () => useMutation({ mutationFn: patchPasswordReset, meta: { invalidates: false } });
