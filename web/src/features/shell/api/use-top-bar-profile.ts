import { getUserInfo } from '@shared/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UserInfo } from '@/lib/session';

/**
 * The profile the top bar shows, as a cached read seeded with the session's profile (no extra request on load). Every
 * successful write marks the cache stale (lib/query-client.ts) and this read is on screen, so it loads again: the
 * avatar changes right after an upload on /userinfo (issue 13), with no reload.
 */
export function useTopBarProfile(sessionProfile: UserInfo | null): UserInfo | null {
  const { data } = useQuery({
    queryKey: [getUserInfo.id, 'top-bar'],
    queryFn: ({ signal }) => api(getUserInfo, { signal }),
    enabled: sessionProfile !== null,
    initialData: sessionProfile ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? sessionProfile;
}
