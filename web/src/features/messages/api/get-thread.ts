import type { ResponseOf } from '@shared/contracts/define';
import { getThread } from '@shared/contracts/messages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ThreadPage = ResponseOf<typeof getThread>;
export type Message = ThreadPage['messages'][number];

/** GET api/v1/messages/thread/{uuid}/: the thread and its messages, newest first, older ones a page at a time. */
export const useThread = (uuid: string) =>
  useInfiniteQuery({
    queryKey: [getThread.id, uuid],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(getThread, {
        params: { uuid },
        query: { limit: 30, ...(pageParam && { cursor: pageParam }) } as never,
        signal,
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
