import type { BodyInputOf } from '@shared/contracts/define';
import { patchUserProfile } from '@shared/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH api/v1/users/user-profile/ (multipart, the picture in `image`). */
export const updateUserProfile = (body: BodyInputOf<typeof patchUserProfile> | FormData) =>
  api(patchUserProfile, { body });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useUpdateUserProfile = () => useMutation({ mutationFn: updateUserProfile });
