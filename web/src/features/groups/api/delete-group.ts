import { deleteGroup } from '@shared/contracts/groups';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE api/v1/groups/group/{uuid}/. */
export const removeGroup = (uuid: string) => api(deleteGroup, { params: { uuid } });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useDeleteGroup = () => useMutation({ mutationFn: removeGroup });
