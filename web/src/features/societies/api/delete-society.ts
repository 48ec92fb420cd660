import { deleteSociety } from '@shared/contracts/societies';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE api/v1/societies/society/{uuid}/. */
export const removeSociety = (uuid: string) => api(deleteSociety, { params: { uuid } });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useDeleteSociety = () => useMutation({ mutationFn: removeSociety });
