import { deleteInvitation } from '@shared/contracts/registration';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE api/v1/register/invitations/{id}/. */
export const removeInvitation = (id: string) => api(deleteInvitation, { params: { id } });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useDeleteInvitation = () => useMutation({ mutationFn: removeInvitation });
