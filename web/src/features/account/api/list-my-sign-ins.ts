import { listUserSignIns } from '@shared/contracts/users';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/users/user/{uuid}/sign-ins/ with the caller's own uuid: 'Tus últimos ingresos', a page at a time. */
export const useMySignIns = (uuid: string | undefined) =>
  useInfiniteQuery({
    queryKey: [listUserSignIns.id, uuid],
    enabled: Boolean(uuid),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(listUserSignIns, {
        params: { uuid: uuid as string },
        query: { limit: 10, ...(pageParam && { cursor: pageParam }) } as never,
        signal,
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
