import type { BodyInputOf } from '@shared/contracts/define';
import { patchSociety } from '@shared/contracts/societies';
import { useMutation } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export interface UpdateSocietyInput {
  uuid: string;
  body: BodyInputOf<typeof patchSociety> | FormData;
  /** The wizard's tax module choice travels in the query (admin-area §3). */
  query?: QueryInputOf<typeof patchSociety>;
}

/** PATCH api/v1/societies/society/{uuid}/ (the wizard and the enable toggle of the list). */
export const updateSociety = ({ uuid, body, query }: UpdateSocietyInput) =>
  api(patchSociety, { params: { uuid }, body, ...(query && { query }) });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useUpdateSociety = () => useMutation({ mutationFn: updateSociety });
