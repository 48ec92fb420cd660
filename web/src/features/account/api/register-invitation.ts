import type { BodyInputOf } from '@shared/contracts/define';
import { registerInvitation } from '@shared/contracts/registration';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/register/invitation/: the account of an invitation. */
export const postRegistration = (body: BodyInputOf<typeof registerInvitation> | FormData) =>
  api(registerInvitation, { body });

/**
 * Its state (isPending, error) is the form's. A guest's write changes no cached read, and refetching the link's check
 * after it is used would send the page to /expiredToken: nothing is invalidated.
 */
export const useRegisterInvitation = () => useMutation({ mutationFn: postRegistration, meta: { invalidates: false } });
