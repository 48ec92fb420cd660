import type { BodyInputOf } from '@shared/contracts/define';
import { updatePassword } from '@shared/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH api/v1/users/password/update/: the signed-in user's new password. */
export const patchPassword = (body: BodyInputOf<typeof updatePassword> | FormData) => api(updatePassword, { body });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useUpdatePassword = () => useMutation({ mutationFn: patchPassword });
