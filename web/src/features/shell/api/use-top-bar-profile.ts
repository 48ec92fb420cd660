import { getUserInfo } from '@shared/contracts/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import type { UserInfo } from '@/lib/session';

/** The answer of PATCH api/v1/users/user-profile/ is `{ image }` alone: that is how an avatar upload is told apart. */
const isAvatarAnswer = (data: unknown) =>
  typeof data === 'object' && data !== null && Object.keys(data).length === 1 && 'image' in data;

/**
 * The profile the top bar shows, as a cached read seeded with the session's profile (no extra request on load). It is
 * read again when an avatar upload succeeds (the avatar changes right after the upload, no reload), and
 * only then: reading the profile after every write would race the sign-out that a password change ends with.
 */
export function useTopBarProfile(sessionProfile: UserInfo | null): UserInfo | null {
  const client = useQueryClient();
  const { data, refetch } = useQuery({
    queryKey: [getUserInfo.id, 'top-bar'],
    queryFn: ({ signal }) => api(getUserInfo, { signal }),
    // Not refetched by the cache-wide invalidation that follows every write (lib/query-client.ts).
    enabled: false,
    initialData: sessionProfile ?? undefined,
  });
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success' && isAvatarAnswer(event.action.data))
          void refetch();
      }),
    [client, refetch],
  );
  return data ?? sessionProfile;
}
