import type { BodyInputOf } from '@shared/contracts/define';
import { patchIndustry } from '@shared/contracts/societies';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface UpdateIndustryInput {
  uuid: string;
  body: BodyInputOf<typeof patchIndustry> | FormData;
}

/** PATCH api/v1/societies/industry-type/{uuid}/ (its name). */
export const updateIndustry = ({ uuid, body }: UpdateIndustryInput) => api(patchIndustry, { params: { uuid }, body });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useUpdateIndustry = () => useMutation({ mutationFn: updateIndustry });
