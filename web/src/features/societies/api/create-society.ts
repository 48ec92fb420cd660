import type { BodyInputOf } from '@shared/contracts/define';
import { createSociety } from '@shared/contracts/societies';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/societies/society/. */
export const postSociety = (body: BodyInputOf<typeof createSociety> | FormData) => api(createSociety, { body });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useCreateSociety = () => useMutation({ mutationFn: postSociety });
