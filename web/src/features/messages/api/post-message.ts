import { postThreadMessage } from '@shared/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/messages/thread/{uuid}/: a message in the thread; the thread and the counts reload. */
export const usePostThreadMessage = () =>
  useMutation({
    mutationFn: ({ thread, body }: { thread: string; body: string }) =>
      api(postThreadMessage, { params: { uuid: thread }, body: { body } }),
  });
