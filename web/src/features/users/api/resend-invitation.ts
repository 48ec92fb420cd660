import { resendInvitation } from '@shared/contracts/registration';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT api/v1/register/invitations/{id}/: mails the invitation again. */
export const putInvitation = (id: string) => api(resendInvitation, { params: { id } });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useResendInvitation = () => useMutation({ mutationFn: putInvitation });
