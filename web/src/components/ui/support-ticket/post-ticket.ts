import type { BodyInputOf } from '@shared/contracts/define';
import { postSupportTicket } from '@shared/contracts/external';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST api/v1/external/zoho/desk/ticket/. Shared UI rather than a feature's api/: the top bar's 'Ayuda' menu (shell)
 * and the /support page (support) open the same modal, and features never import each other.
 */
export const postTicket = (body: BodyInputOf<typeof postSupportTicket>) => api(postSupportTicket, { body });

export const usePostTicket = () => useMutation({ mutationFn: postTicket });
