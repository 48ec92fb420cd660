import { deleteUser } from '@shared/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE api/v1/users/user/{uuid}/. */
export const removeUser = (uuid: string) => api(deleteUser, { params: { uuid } });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useDeleteUser = () => useMutation({ mutationFn: removeUser });
