import type { BodyInputOf } from '@shared/contracts/define';
import { patchGroup } from '@shared/contracts/groups';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface UpdateGroupInput {
  uuid: string;
  body: BodyInputOf<typeof patchGroup> | FormData;
}

/** PATCH api/v1/groups/group/{uuid}/ (also the enable toggle of the list). */
export const updateGroup = ({ uuid, body }: UpdateGroupInput) => api(patchGroup, { params: { uuid }, body });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useUpdateGroup = () => useMutation({ mutationFn: updateGroup });
