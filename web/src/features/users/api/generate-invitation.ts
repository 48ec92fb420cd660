import type { BodyInputOf } from '@shared/contracts/define';
import { generateInvitation } from '@shared/contracts/registration';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/register/generate-invitation/: invites an e-mail with a role and its targets. */
export const postInvitation = (body: BodyInputOf<typeof generateInvitation> | FormData) =>
  api(generateInvitation, { body });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useGenerateInvitation = () => useMutation({ mutationFn: postInvitation });
