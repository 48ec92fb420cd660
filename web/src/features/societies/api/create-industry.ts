import type { BodyInputOf } from '@shared/contracts/define';
import { createIndustry } from '@shared/contracts/societies';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/societies/industry-type/. */
export const postIndustry = (body: BodyInputOf<typeof createIndustry> | FormData) => api(createIndustry, { body });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useCreateIndustry = () => useMutation({ mutationFn: postIndustry });
