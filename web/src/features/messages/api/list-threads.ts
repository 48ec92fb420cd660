import type { ResponseOf } from '@shared/contracts/define';
import { listSocietyThreads } from '@shared/contracts/messages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Thread = ResponseOf<typeof listSocietyThreads>['results'][number];

/** GET api/v1/messages/society/{uuid}/threads/: the society's threads, newest activity first, a page at a time. */
export const useThreads = (society: string | undefined) =>
  useInfiniteQuery({
    queryKey: [listSocietyThreads.id, society],
    enabled: Boolean(society),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(listSocietyThreads, {
        params: { uuid: society as string },
        query: { limit: 20, ...(pageParam && { cursor: pageParam }) } as never,
        signal,
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
