import type { BodyInputOf } from '@shared/contracts/define';
import { patchUser } from '@shared/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface UpdateUserInput {
  uuid: string;
  body: BodyInputOf<typeof patchUser> | FormData;
}

/** PATCH api/v1/users/user/{uuid}/ (the edit form and the enable toggle of the list). */
export const updateUser = ({ uuid, body }: UpdateUserInput) => api(patchUser, { params: { uuid }, body });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useUpdateUser = () => useMutation({ mutationFn: updateUser });
