import type { BodyInputOf } from '@shared/contracts/define';
import { createGroup } from '@shared/contracts/groups';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/groups/group/. */
export const postGroup = (body: BodyInputOf<typeof createGroup> | FormData) => api(createGroup, { body });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useCreateGroup = () => useMutation({ mutationFn: postGroup });
