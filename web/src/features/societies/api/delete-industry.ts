import { deleteIndustry } from '@shared/contracts/societies';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE api/v1/societies/industry-type/{uuid}/. */
export const removeIndustry = (uuid: string) => api(deleteIndustry, { params: { uuid } });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useDeleteIndustry = () => useMutation({ mutationFn: removeIndustry });
