import { listUserSignIns } from '@shared/contracts/users';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/users/user/{uuid}/sign-ins/: a user's sign-in history for its detail, newest first, a page at a time. */
export const useUserSignIns = (uuid: string) =>
  useInfiniteQuery({
    queryKey: [listUserSignIns.id, uuid],
    enabled: Boolean(uuid),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(listUserSignIns, {
        params: { uuid },
        query: { limit: 10, ...(pageParam && { cursor: pageParam }) } as never,
        signal,
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
