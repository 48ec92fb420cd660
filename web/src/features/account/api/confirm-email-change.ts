import type { BodyInputOf } from '@shared/contracts/define';
import { confirmEmailChange } from '@shared/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/users/email/confirm/: the link of an e-mail change makes the new address the login. */
export const postEmailConfirm = (body: BodyInputOf<typeof confirmEmailChange>) => api(confirmEmailChange, { body });

/** A guest's write changes no cached read: nothing is invalidated. */
export const useConfirmEmailChange = () => useMutation({ mutationFn: postEmailConfirm, meta: { invalidates: false } });
