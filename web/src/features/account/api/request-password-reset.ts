import type { BodyInputOf } from '@shared/contracts/define';
import { requestPasswordReset } from '@shared/contracts/registration';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/users/password/reset/: mails a password reset link. */
export const postPasswordResetRequest = (body: BodyInputOf<typeof requestPasswordReset> | FormData) =>
  api(requestPasswordReset, { body });

/**
 * Its state (isPending, error) is the form's. A guest's write changes no cached read, and refetching the link's check
 * after it is used would send the page to /expiredToken: nothing is invalidated.
 */
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: postPasswordResetRequest, meta: { invalidates: false } });
